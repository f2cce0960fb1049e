/**
 * Fees (the admin app's Fees screens, the student's /account and /api/admin/fees…, /api/user/fees…):
 * amounts as people type them (rupees, "2,500" or "2500.50") turned into whole paise, UTRs, the
 * payment modes, a fee plan with its instalments, a change to a student's due, a receipt's
 * cancellation and a student's report of a UPI payment. The same schemas check the forms in the
 * browser and the requests in the functions.
 */
import { z } from './zod';
import { TextSchema } from './fields';
import { isOfficeDay, isRealDay, OFFICE_YEARS_MESSAGE } from './real-day';
import { PaymentDaySchema } from './payment-day';
import { RecordIdSchema, VersionSchema } from './records';
import { PAYMENT_MODES } from '../fee-words';
import { latinDigits } from '../digits';
import { say, type Words } from './words';
import {
  validation_label_amount_paid,
  validation_label_date_paid,
  validation_rupees_above_zero,
  validation_rupees_format,
  validation_rupees_required,
  validation_rupees_too_large,
  validation_text_required,
  validation_utr_invalid,
  validation_utr_required,
} from '../../i18n/messages';

export { PAYMENT_MODES, PAYMENT_MODE_LABELS, type PaymentMode } from '../fee-words';

/** The most one amount may be: ₹1 crore (a course fee is far below; a typo's extra zeros are not). */
export const MAX_PAISE = 1_00_00_000_00;

const RUPEES = /^(\d{1,3}(,\d{2})*(,\d{3})|\d+)(\.\d{1,2})?$/;

/**
 * Rupees as typed ("2500", "2,500", "1,23,456.50", in Devanagari digits too, or a number of
 * rupees) → whole paise, never through floating point. `min` is in paise (1 by default: an amount
 * above zero; 0 allows zero). `label` names the field in the messages (words.ts).
 */
export const RupeesSchema = (label: Words, { min = 1 }: { min?: number } = {}) =>
  z.union([z.string(), z.number()], { error: () => validation_rupees_required({ label: say(label) }) }).transform((value, ctx) => {
    const text = latinDigits(String(value)).trim().replace(/^₹\s*/, '');
    if (!RUPEES.test(text)) {
      ctx.addIssue({ code: 'custom', message: validation_rupees_format({ label: say(label) }) });
      return z.NEVER;
    }
    const [rupees, fraction = ''] = text.replace(/,/g, '').split('.');
    const paise = Number(rupees) * 100 + Number(fraction.padEnd(2, '0'));
    if (!Number.isSafeInteger(paise) || paise > MAX_PAISE) {
      const named = say(label);
      ctx.addIssue({ code: 'custom', message: validation_rupees_too_large({ label: `${named.charAt(0).toUpperCase()}${named.slice(1)}` }) });
      return z.NEVER;
    }
    if (paise < min) {
      ctx.addIssue({ code: 'custom', message: (min > 0 ? validation_rupees_above_zero : validation_text_required)({ label: say(label) }) });
      return z.NEVER;
    }
    return paise;
  });

/** A UPI or bank transfer's UTR (unique transaction reference): 12 digits (Devanagari ones stored as Latin). */
export const UtrSchema = z
  .string({ error: () => validation_utr_required() })
  .transform((v) => latinDigits(v).replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{12}$/, { error: () => validation_utr_invalid() }));

/** An India day, YYYY-MM-DD. */
export const FeeDaySchema = (label: string) =>
  z
    .string({ message: `Please enter ${label}.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `Please enter ${label} as YYYY-MM-DD.`)
    .refine(isRealDay, 'Please enter a real date.')
    .refine((v) => !isRealDay(v) || isOfficeDay(v), OFFICE_YEARS_MESSAGE);

/** Why staff changed something (a due, a receipt): 5–300 characters, kept in the audit log. */
export const FeeReasonSchema = TextSchema('the reason', 5, 300);

/** What a payment at the counter is: its amount, how it was paid, and the UTR or cheque (Collect, and a walk-in's admission). */
export const PAYMENT_FIELDS = {
  amount: RupeesSchema('the amount'),
  mode: z.enum(PAYMENT_MODES, { message: 'Please choose how it was paid: Cash, UPI, Bank transfer or Cheque.' }),
  /** Required for UPI and bank transfers. */
  utr: z.preprocess((v) => (v === '' ? undefined : v), UtrSchema.optional()),
  /** The cheque's number (6 digits), for a cheque. */
  chequeNumber: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^\d{6}$/, 'Please enter the cheque’s 6-digit number.')
      .optional(),
  ),
};

/** A UTR with a UPI or bank payment (and only there), a cheque's number with a cheque. */
export function checkPaymentMode(c: { mode: string; utr?: string | undefined; chequeNumber?: string | undefined }, ctx: z.RefinementCtx): void {
  if ((c.mode === 'upi' || c.mode === 'bank') && !c.utr)
    ctx.addIssue({ code: 'custom', path: ['utr'], message: 'Please enter the 12-digit UTR of the payment.' });
  if (c.mode !== 'upi' && c.mode !== 'bank' && c.utr) ctx.addIssue({ code: 'custom', path: ['utr'], message: 'A UTR goes with a UPI or bank payment only.' });
  if (c.mode === 'cheque' && !c.chequeNumber) ctx.addIssue({ code: 'custom', path: ['chequeNumber'], message: 'Please enter the cheque’s 6-digit number.' });
}

/**
 * Collect at the counter (POST /api/admin/fees/collect, with an Idempotency-Key header made when
 * the Collect form opens): the amount goes to the chosen dues (all the student's open dues, oldest
 * first, when none are chosen); more than they owe is refused unless `advance` is set.
 */
export const CollectSchema = z
  .object({
    studentId: RecordIdSchema,
    ...PAYMENT_FIELDS,
    /** The day the money was received (India's day; from the month the institute was founded to today). */
    paidOn: PaymentDaySchema('the date of payment'),
    /** Which dues it pays, in that order; none: every open due, oldest first. */
    dueIds: z.array(RecordIdSchema).max(60).optional(),
    /** Accept more than the dues (the rest is kept as an advance). */
    advance: z.boolean().default(false),
    /** Staff confirmed this is another payment, not a repeat of the same one made moments ago. */
    another: z.boolean().default(false),
  })
  .superRefine(checkPaymentMode);
export type CollectInput = z.input<typeof CollectSchema>;
export type Collect = z.infer<typeof CollectSchema>;

/** One instalment of a plan: an amount, falling due on a day or some months after the student starts. */
export const InstalmentSchema = z
  .object({
    amount: RupeesSchema('the instalment’s amount'),
    dueOn: z.preprocess((v) => (v === '' ? null : v), FeeDaySchema('the due date').nullable().optional()),
    dueMonths: z.preprocess(
      (v) => (v === '' ? null : v),
      z.coerce.number({ message: 'Please enter the months after the start.' }).int('Please enter whole months.').min(0).max(36).nullable().optional(),
    ),
  })
  .refine((i) => (i.dueOn == null) !== (i.dueMonths == null), {
    message: 'Give each instalment a due date or a number of months after the start (not both).',
    path: ['dueOn'],
  });

/** A fee plan (POST /api/admin/fee-plans, PUT …/{id} with version): for a course or for one batch. */
export const FeePlanSchema = z
  .object({
    courseId: z.preprocess((v) => (v === '' ? null : v), RecordIdSchema.nullable().optional()),
    batchId: z.preprocess((v) => (v === '' ? null : v), RecordIdSchema.nullable().optional()),
    total: RupeesSchema('the total fee'),
    lateFee: RupeesSchema('the late fee', { min: 0 }).default(0),
    graceDays: z.coerce
      .number({ message: 'Please enter the grace days.' })
      .int('Please enter whole days.')
      .min(0, 'The grace period cannot be negative.')
      .max(90, 'The grace period can be at most 90 days.')
      .default(0),
    instalments: z.array(InstalmentSchema).min(1, 'A plan needs at least one instalment.').max(36, 'A plan can have at most 36 instalments.'),
    version: VersionSchema.optional(),
  })
  .refine((p) => (p.courseId == null) !== (p.batchId == null), { message: 'Choose a course or a batch for the plan (one of them).', path: ['courseId'] })
  .refine((p) => p.instalments.reduce((sum, i) => sum + i.amount, 0) === p.total, {
    message: 'The instalments must add up to the total fee.',
    path: ['instalments'],
  });
export type FeePlanInput = z.input<typeof FeePlanSchema>;
export type FeePlan = z.infer<typeof FeePlanSchema>;

/**
 * "N monthly": `total` paise in `n` instalments a month apart from the start (months 0…n-1), the
 * paise that do not divide evenly on the first.
 */
export function monthlyInstalments(total: number, n: number): { amount: number; dueMonths: number }[] {
  const each = Math.floor(total / n);
  return Array.from({ length: n }, (_, i) => ({ amount: i === 0 ? total - each * (n - 1) : each, dueMonths: i }));
}

/**
 * A change to one of a student's dues (PATCH /api/admin/fees/dues/{id}, with version): its amount,
 * due day, a scholarship or discount with its reason, waiving the late fee or the whole due. The
 * reason is required and audited.
 */
export const DueChangeSchema = z
  .object({
    version: VersionSchema,
    amount: RupeesSchema('the amount', { min: 0 }).optional(),
    dueOn: FeeDaySchema('the due date').optional(),
    discount: RupeesSchema('the discount', { min: 0 }).optional(),
    /** What the discount is: e.g. "Merit scholarship". */
    discountReason: z.preprocess((v) => (v === '' ? null : v), TextSchema('what the discount is for', 3, 120).nullable().optional()),
    waiveLateFee: z.boolean().optional(),
    /** No longer owed (e.g. the student left before it fell due). */
    waive: z.boolean().optional(),
    reason: FeeReasonSchema,
  })
  .refine((c) => !(c.discount && c.discount > 0) || !!c.discountReason, {
    message: 'Please say what the discount is for (e.g. Merit scholarship).',
    path: ['discountReason'],
  });
export type DueChange = z.infer<typeof DueChangeSchema>;

/** Cancelling a receipt (POST /api/admin/fees/receipts/{id}/cancel): the number stays, marked Cancelled. */
export const CancelReceiptSchema = z.object({ reason: FeeReasonSchema });

/** A student's report of a UPI payment from /account (POST /api/user/fees/claims). */
export const UpiClaimSchema = z.object({
  dueId: RecordIdSchema,
  amount: RupeesSchema(() => validation_label_amount_paid()),
  utr: UtrSchema,
  /** The day the student paid (from the month the institute was founded to today, India's). */
  paidOn: PaymentDaySchema(() => validation_label_date_paid()),
});
export type UpiClaimInput = z.input<typeof UpiClaimSchema>;

/** Staff's decision on a reported UPI payment (POST /api/admin/fees/claims/{id}). */
export const ClaimDecisionSchema = z.discriminatedUnion(
  'decision',
  [z.object({ decision: z.literal('confirm') }), z.object({ decision: z.literal('reject'), reason: FeeReasonSchema })],
  { message: 'Please choose Confirm or Reject.' },
);
