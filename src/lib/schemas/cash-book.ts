/**
 * The cash book (GET /api/admin/fees/cash-book) and the Owner's record of a day's cash handed over
 * (POST /api/admin/fees/cash-book/handovers): their queries and bodies, checked alike in the
 * browser and the function, and the answers' shapes. Amounts are whole paise; days are India's.
 */
import { z } from './zod';
import { FeeDaySchema, MAX_PAISE, RupeesSchema } from './fees';
import { TextSchema } from './fields';
import { indiaToday, isOfficeMonth, OFFICE_YEARS_MESSAGE } from './real-day';
import type { PaymentMode } from '../fee-words';

const blankIsMissing = (v: unknown) => (v === '' ? undefined : v);

/** ?day=YYYY-MM-DD (a day's book; today in India when missing) or ?month=YYYY-MM (each day of a month). */
export const CashBookQuerySchema = z
  .object({
    /** The India day of the book. */
    day: z.preprocess(blankIsMissing, FeeDaySchema('the day').optional()),
    /** The month whose days are listed, YYYY-MM. */
    month: z.preprocess(
      blankIsMissing,
      z
        .string({ message: 'Please enter the month as YYYY-MM.' })
        .regex(/^\d{4}-\d{2}$/, 'Please enter the month as YYYY-MM.')
        .refine((v) => /^\d{4}-(0[1-9]|1[0-2])$/.test(v), 'Please enter a real month.')
        .refine((v) => !/^\d{4}-(0[1-9]|1[0-2])$/.test(v) || isOfficeMonth(v), OFFICE_YEARS_MESSAGE)
        .optional(),
    ),
  })
  .superRefine((q, ctx) => {
    if (q.day && q.month) ctx.addIssue({ code: 'custom', path: ['month'], message: 'Please choose a day or a month, not both.' });
  });

/** Why the counted cash differs from what the book expected: 5–300 characters. */
export const HandoverReasonSchema = TextSchema('the reason for the difference', 5, 300);

/**
 * The Owner's record of one member of staff's cash for one day (with an Idempotency-Key made when
 * the dialog opens): the cash counted, and the reason when it differs from the cash expected.
 */
export const HandoverSchema = z
  .object({
    /** Whose cash it is (a member of staff's id). */
    staffId: z.uuid({ message: 'Please choose the member of staff.' }),
    /** The India day the cash was taken (today or before). */
    day: FeeDaySchema('the day').refine((v) => v <= indiaToday(), 'Cash cannot be handed over for a day still to come.'),
    /** The cash counted, in rupees as typed (zero allowed). */
    counted: RupeesSchema('the cash counted', { min: 0 }),
    /** The cash the book showed when the Owner counted (paise): a change since then is refused. */
    expectedPaise: z
      .number({ message: 'Please reload the cash book: the expected cash is missing.' })
      .int({ message: 'Please reload the cash book: the expected cash is missing.' })
      .min(-MAX_PAISE, { message: 'Please reload the cash book: the expected cash is missing.' })
      .max(MAX_PAISE, { message: 'Please reload the cash book: the expected cash is missing.' }),
    /** Why the counted cash differs from the expected (required when it does). */
    reason: z.preprocess(blankIsMissing, HandoverReasonSchema.optional()),
  })
  .superRefine((h, ctx) => {
    if (typeof h.counted === 'number' && h.counted !== h.expectedPaise && !h.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'The cash counted differs from the cash expected: please give the reason.' });
  });
export type HandoverInput = z.input<typeof HandoverSchema>;

/** Paise per payment mode. */
export type ModeFigures = Record<PaymentMode, number>;

/** A receipt as the cash book lists it. */
export interface CashBookReceipt {
  id: string;
  number: string;
  student: string;
  mode: PaymentMode;
  amountPaise: number;
  /** When it was made (ISO time) and its India day. */
  madeAt: string;
  madeOn: string;
  /** When it was cancelled (ISO time), its reason and who cancelled it; null while valid. */
  cancelledAt: string | null;
  cancelledReason: string | null;
  cancelledBy: string | null;
}

/** A refund voucher paid, as the cash book lists it. */
export interface CashBookRefund {
  id: string;
  number: string;
  student: string;
  mode: PaymentMode;
  amountPaise: number;
}

/** A hand-over as recorded. */
export interface CashHandover {
  id: string;
  day: string;
  staffName: string;
  expectedPaise: number;
  countedPaise: number;
  /** counted − expected when recorded (negative: short). */
  differencePaise: number;
  reason: string | null;
  receivedByName: string;
  handedAt: string;
}

/** One member of staff's figures of one day. */
export interface CashBookFigures {
  /** The member of staff's id (null for an account since removed: their name alone). */
  staffId: string | null;
  name: string;
  /** Received by valid receipts made that day, per mode, and in all. */
  received: ModeFigures;
  receivedPaise: number;
  /** Receipts made that day (valid ones) and receipts of theirs cancelled that day. */
  receiptsMade: number;
  cancelledCount: number;
  cancelledPaise: number;
  /** Refunds they paid that day: per mode, in all, and how many. */
  refunds: ModeFigures;
  refundsPaise: number;
  refundCount: number;
  /** Cash received − cash refunds paid: what they hand over. */
  cashToHandOverPaise: number;
  /** The hand-over recorded for the day, or null. */
  handover: CashHandover | null;
  /** True when the cash expected now differs from the cash expected at the hand-over (a late change). */
  changedSinceHandover: boolean;
}

/** One member of staff's card of a day: the figures and the lists behind them. */
export interface CashBookStaffDay extends CashBookFigures {
  /** Every receipt they made that day (cancelled ones marked). */
  receipts: CashBookReceipt[];
  /** Their receipts cancelled that day, whichever day they were made. */
  cancelled: CashBookReceipt[];
  refundList: CashBookRefund[];
}

/** Totals of a day or a month, all staff together. */
export interface CashBookTotals {
  received: ModeFigures;
  receivedPaise: number;
  receiptsMade: number;
  cancelledCount: number;
  refundsPaise: number;
  cashToHandOverPaise: number;
  /** Cash counted at the hand-overs recorded. */
  handedOverPaise: number;
}

/** GET /api/admin/fees/cash-book?day=. */
export interface CashBookDay {
  view: 'day';
  day: string;
  today: string;
  staff: CashBookStaffDay[];
  totals: CashBookTotals;
}

/** One day of the month's book: each member of staff's figures. */
export interface CashBookMonthDay {
  day: string;
  staff: CashBookFigures[];
  totals: CashBookTotals;
}

/** GET /api/admin/fees/cash-book?month=. */
export interface CashBookMonth {
  view: 'month';
  month: string;
  today: string;
  days: CashBookMonthDay[];
  totals: CashBookTotals;
}

/** POST /api/admin/fees/cash-book/handovers. */
export interface HandoverAnswer {
  message: string;
  handover: CashHandover;
}
