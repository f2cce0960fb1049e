/**
 * A due staff add to a student besides their plan's (POST /api/admin/fees/students/{id}/dues):
 * an exam fee, a book: what it is, the amount, the day it falls due and why it was added.
 */
import { z } from './zod';
import { TextSchema } from './fields';
import { FeeDaySchema, FeeReasonSchema, RupeesSchema } from './fees';

/** An extra due: {label, amount (rupees as typed), dueOn, reason}. */
export const ExtraDueSchema = z.object({
  label: TextSchema('what the due is for (e.g. Exam fee)', 3, 60),
  amount: RupeesSchema('the amount'),
  dueOn: FeeDaySchema('the due date'),
  reason: FeeReasonSchema,
});
export type ExtraDueInput = z.input<typeof ExtraDueSchema>;
