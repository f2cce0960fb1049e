/**
 * A refund as the admin and its printable voucher read it (functions/_shared/fees/refunds.ts). The
 * voucher's words and figures are the snapshot taken when it was paid: never recomputed.
 */
import type { Messaging } from './schemas/messaging';
import type { PaymentMode } from './fee-words';
import type { RefundReturns, RefundState } from './schemas/refunds';

/** What a voucher says, fixed when the money went back (fee_refunds.snapshot). */
export interface RefundVoucher {
  number: string;
  paidOn: string;
  mode: PaymentMode;
  utr: string | null;
  chequeNumber: string | null;
  amountPaise: number;
  returns: RefundReturns;
  reason: string;
  student: { name: string; phone: string | null; language: 'en' | 'hi' };
  course: string | null;
  batch: string | null;
  receipt: { number: string; paidOn: string; amountPaise: number };
  /** The dues the refunded money had paid, now open again by these amounts (none for an advance). */
  dues: { label: string; reference: string; amountPaise: number; courseId: string | null }[];
  requestedBy: string;
  approvedBy: string;
  paidBy: string;
}

/** One refund, as the lists and the voucher page read it. */
export interface RefundItem {
  id: string;
  studentId: string;
  student: string;
  receiptId: string;
  receiptNumber: string;
  returns: RefundReturns;
  amountPaise: number;
  reason: string;
  status: RefundState;
  statusLabel: string;
  requestedBy: string;
  requestedAt: string;
  decidedBy: string | null;
  declinedReason: string | null;
  number: string | null;
  paidOn: string | null;
  /** The voucher, once paid. */
  voucher: RefundVoucher | null;
  /** The student's WhatsApp message about the refund, once paid (in their language), and the link that opens it. */
  whatsapp: { language: 'en' | 'hi'; text: string; link: string } | null;
  /** Whom its message may go to when not the student: a minor's guardian, or nobody (then `whatsapp` is null; decision 053). */
  messaging?: Messaging;
}

/** The institute as a voucher prints it. */
export interface VoucherInstitute {
  name: string;
  address: string;
  phone: string;
  email: string;
}

/** The placeholders of the refund's WhatsApp message (content/whatsapp.json `refund`); the content schema refuses any other. */
export const REFUND_PLACEHOLDERS = ['name', 'amount', 'mode', 'day', 'number', 'receipt', 'institute'] as const;
