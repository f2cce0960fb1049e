/**
 * A walk-in's admission at the counter (POST /api/admin/walk-in, with an Idempotency-Key made when
 * the form opens): the person, the batch with a free seat they join today, and the first payment.
 * The same schema checks the form in the browser and the request in the function.
 */
import type { StudentNotice } from './student-notice';
import { z } from './zod';
import { EmailSchema, IndianMobileSchema, NameSchema } from './fields';
import { checkPaymentMode, PAYMENT_FIELDS } from './fees';
import { PersonLanguageSchema } from './person-language';
import { RecordIdSchema } from './records';
import { GUARDIAN_PAIR_MESSAGE } from './student';

/** A blank text (or null) is a field left out. */
const blankIsNone = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

/** The form's fields. */
export const WalkInSchema = z
  .object({
    /** The student's name, as typed (Hindi names in Devanagari too). */
    name: NameSchema,
    /** Their mobile number (required: the receipt goes to it by WhatsApp), stored as +91XXXXXXXXXX. */
    phone: IndianMobileSchema,
    /** Their e-mail address (optional: many walk-ins have none). */
    email: z.preprocess(blankIsNone, EmailSchema.optional()),
    /** Their guardian's name (with the guardian's mobile number). */
    guardianName: z.preprocess(blankIsNone, NameSchema.optional()),
    /** Their guardian's mobile number. */
    guardianPhone: z.preprocess(blankIsNone, IndianMobileSchema.optional()),
    /** The language of messages to the student: 'en' or 'hi'. */
    language: PersonLanguageSchema.default('en'),
    /** The batch they join today (its course is the student's course). */
    batchId: z.preprocess(blankIsNone, RecordIdSchema.optional()).refine((v) => v !== undefined, 'Please choose a batch with a free seat.'),
    ...PAYMENT_FIELDS,
    /** Accept more than the plan's dues (the rest is kept as an advance). */
    advance: z.boolean().default(false),
  })
  .superRefine(checkPaymentMode)
  .refine((w) => w.guardianName === undefined || w.guardianPhone !== undefined, { message: GUARDIAN_PAIR_MESSAGE, path: ['guardianPhone'] })
  .refine((w) => w.guardianPhone === undefined || w.guardianName !== undefined, { message: GUARDIAN_PAIR_MESSAGE, path: ['guardianName'] });
export type WalkInInput = z.input<typeof WalkInSchema>;
export type WalkIn = z.infer<typeof WalkInSchema>;

/** GET /api/admin/walk-in?mobile=: who is already on file with this mobile number. */
export const WalkInLookupSchema = z.object({ mobile: z.preprocess(blankIsNone, IndianMobileSchema.optional()) });

/** One due a batch's fee plan makes for a student who joins today. */
export interface PlannedDue {
  label: string;
  amountPaise: number;
  dueOn: string;
}

/** A batch a walk-in may join: a free seat, not completed, not ended. */
export interface WalkInBatch {
  id: string;
  name: string;
  startsOn: string;
  endsOn: string;
  startsAt: string;
  endsAt: string;
  seats: number;
  seatsLeft: number;
  /** The dues its plan (the batch's own, else the course's) makes from today; null without a plan. */
  dues: PlannedDue[] | null;
}

/** GET /api/admin/walk-in: the courses with batches that have a free seat. */
export interface WalkInChoices {
  today: string;
  courses: { id: string; title: string; batches: WalkInBatch[] }[];
}

/** GET /api/admin/walk-in?mobile=: the student already on file and the enquiry that would be closed. */
export interface WalkInLookup {
  student: { id: string; name: string; course: string } | null;
  enquiry: {
    leadId: string;
    reference: string;
    name: string;
    status: string;
    /** The status in words ('Contacted'). */
    statusWords: string;
    language: 'en' | 'hi';
  } | null;
}

/** POST /api/admin/walk-in's answer. */
export interface WalkInAnswer {
  message: string;
  student: { id: string; name: string };
  batch: string;
  dues: number;
  receipt: { id: string; number: string; amountPaise: number; advancePaise: number };
  enquiry: { leadId: string; reference: string } | null;
  /** The receipt's WhatsApp notice to the student, their language first (as the counter's Collect answers it). */
  notice: StudentNotice;
}
