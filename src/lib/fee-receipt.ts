/**
 * A receipt as its printable page and /payment-success read it (GET /api/admin/fees/receipts/{id}
 * and GET /api/user/fees/receipts/{id}): amounts in whole paise, days India's (YYYY-MM-DD), the
 * payment mode as its key (shown through PAYMENT_MODE_LABELS and PAYMENT_MODE_LABELS_HI).
 */
import type { PaymentMode } from './fee-words';

/** The tax invoice's figures (CGST Rule 46), kept on the receipt when it was made. */
export interface ReceiptTax {
  gstin: string;
  sac: string;
  placeOfSupply: string;
  taxablePaise: number;
  cgstPercent: number;
  cgstPaise: number;
  sgstPercent: number;
  sgstPaise: number;
}

/** What a receipt shows. */
export interface ReceiptView {
  number: string;
  paidOn: string;
  mode: PaymentMode;
  utr: string | null;
  chequeNumber: string | null;
  amountPaise: number;
  /** The part kept as an advance (beyond the dues it paid). */
  advancePaise: number;
  student: { name: string; phone: string | null };
  course: string | null;
  batch: string | null;
  /** The dues it paid, each with its share. */
  allocations: { label: string; reference: string; amountPaise: number }[];
  /** Paid for the course by valid receipts up to and including this one, as it was when issued (null: not recorded). */
  paidSoFarPaise: number | null;
  /** What the course's dues still owed once it was paid, on its day of issue (null: not recorded). */
  balancePaise: number | null;
  receivedBy: string;
  cancelled: { at: string; reason: string } | null;
  /** Set when the receipt is a tax invoice (the institute gave a GSTIN when it was made). */
  tax: ReceiptTax | null;
  institute: { name: string; address: string; phone: string; email: string };
}

/** The message of a receipt that is not the signed-in student's (or does not exist). */
export const RECEIPT_NOT_YOURS = 'We could not find this payment in your account.';
