/**
 * Refunds (migration 020, decision 045): the request an Accountant or Owner makes from a receipt,
 * the Owner's decision, and the payment that issues the voucher. One set of schemas for the admin's
 * forms and the functions.
 */
import { z } from './zod';
import { TextSchema } from './fields';
import { PaymentDaySchema } from './payment-day';
import { RecordIdSchema } from './records';
import { PAYMENT_MODES } from '../fee-words';
import { RupeesSchema, UtrSchema } from './fees';

/** What a refund returns money from: what a receipt paid to the dues, or the advance it held. */
export const REFUND_RETURNS = ['receipt', 'advance'] as const;
export type RefundReturns = (typeof REFUND_RETURNS)[number];

/** Where a refund stands. */
export const REFUND_STATES = ['requested', 'approved', 'paid', 'declined'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/** Each state as staff read it. */
export const REFUND_STATE_LABELS: Record<RefundState, string> = {
  requested: 'Waiting for the Owner',
  approved: 'Approved, to be paid',
  paid: 'Paid',
  declined: 'Declined',
};

/** Why the money goes back: 5–500 characters (the voucher prints it). */
export const RefundReasonSchema = TextSchema('the reason for the refund', 5, 500, { multiline: true });

/**
 * A refund asked for (POST /api/admin/fees/refunds, with an Idempotency-Key made when the form
 * opens): from receipt `receiptId`, `returns` what it paid to the dues or its advance, `amount`
 * rupees, why; an Owner may approve it in the same step (`approve`).
 */
export const RefundRequestSchema = z.object({
  receiptId: RecordIdSchema,
  returns: z.enum(REFUND_RETURNS, { message: 'Please choose what the refund returns: what the receipt paid, or its advance.' }),
  amount: RupeesSchema('the amount to refund'),
  reason: RefundReasonSchema,
  /** An Owner approves it at once (anyone else asking is refused). */
  approve: z.boolean().default(false),
});
export type RefundRequestInput = z.input<typeof RefundRequestSchema>;
export type RefundRequest = z.infer<typeof RefundRequestSchema>;

/** The Owner's decision (POST /api/admin/fees/refunds/{id}/decision): approve, or decline with a reason. */
export const RefundDecisionSchema = z.discriminatedUnion(
  'decision',
  [z.object({ decision: z.literal('approve') }), z.object({ decision: z.literal('decline'), reason: TextSchema('why it is declined', 5, 300) })],
  { message: 'Please choose to approve or decline the refund.' },
);
export type RefundDecision = z.infer<typeof RefundDecisionSchema>;

/**
 * The money paid back (POST /api/admin/fees/refunds/{id}/pay): how (a UTR for UPI and bank, a
 * cheque's number for a cheque) and the day; the voucher's number is taken then.
 */
export const RefundPaySchema = z
  .object({
    mode: z.enum(PAYMENT_MODES, { message: 'Please choose how the money was paid back: Cash, UPI, Bank transfer or Cheque.' }),
    utr: z.preprocess((v) => (v === '' ? undefined : v), UtrSchema.optional()),
    chequeNumber: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(/^\d{6}$/, 'Please enter the cheque’s 6-digit number.')
        .optional(),
    ),
    /** The day the money went back (India's day; not after today). */
    paidOn: PaymentDaySchema('the date of the refund'),
  })
  .superRefine((c, ctx) => {
    if ((c.mode === 'upi' || c.mode === 'bank') && !c.utr)
      ctx.addIssue({ code: 'custom', path: ['utr'], message: 'Please enter the 12-digit UTR of the transfer.' });
    if (c.mode !== 'upi' && c.mode !== 'bank' && c.utr)
      ctx.addIssue({ code: 'custom', path: ['utr'], message: 'A UTR goes with a UPI or bank transfer only.' });
    if (c.mode === 'cheque' && !c.chequeNumber) ctx.addIssue({ code: 'custom', path: ['chequeNumber'], message: 'Please enter the cheque’s 6-digit number.' });
    if (c.mode !== 'cheque' && c.chequeNumber) ctx.addIssue({ code: 'custom', path: ['chequeNumber'], message: 'A cheque number goes with a cheque only.' });
  });
export type RefundPayInput = z.input<typeof RefundPaySchema>;
export type RefundPay = z.infer<typeof RefundPaySchema>;

/** The refunds list (GET /api/admin/fees/refunds): those waiting (requested or approved), or a student's. */
export const RefundListQuerySchema = z.object({
  studentId: RecordIdSchema.optional(),
  status: z.enum(['open', 'all'], { message: 'Please choose open or all refunds.' }).default('open'),
});
