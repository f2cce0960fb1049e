/** Students staff register (GET/POST /api/students, PUT/DELETE /api/students/{id}), staff-only. */
import { z } from './zod';
import { EmailSchema, IndianMobileSchema, NameSchema, TextSchema } from './fields';
import { isOfficeDay, isRealDay, OFFICE_YEARS_MESSAGE } from './real-day';
import { PersonLanguageSchema } from './person-language';
import { VersionSchema } from './records';

/**
 * A blank text, or null, is a field left out: a client may send back a record as GET gave it,
 * with null where nothing is set.
 */
const blankIsNone = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

/** The message for a guardian's name without their mobile number, or the reverse. */
export const GUARDIAN_PAIR_MESSAGE = 'Please give both the guardian’s name and mobile number (needed for students under 18), or neither.';

/** The fields of a student record (before the guardian check). */
const StudentFieldsObject = z.object({
  /** The student's name. */
  name: NameSchema,
  /** Their e-mail address (optional, as for a walk-in or an imported student: migration 024). */
  email: z.preprocess(blankIsNone, EmailSchema.optional()),
  /** Their mobile number (optional), stored as +91XXXXXXXXXX. */
  phone: z.preprocess(blankIsNone, IndianMobileSchema.optional()),
  /** The course they joined. */
  course: TextSchema('the course', 2, 120),
  /** The day they registered (YYYY-MM-DD); today when left out. */
  registrationDate: z
    .string({ message: 'Please enter the registration date.' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter the registration date as YYYY-MM-DD.')
    .refine(isRealDay, 'Please enter a real date.')
    .refine((v) => !isRealDay(v) || isOfficeDay(v), OFFICE_YEARS_MESSAGE)
    .optional(),
  /** Their guardian's name (needed for minors; with the guardian's mobile number). */
  guardianName: z.preprocess(blankIsNone, NameSchema.optional()),
  /** Their guardian's mobile number, stored as +91XXXXXXXXXX. */
  guardianPhone: z.preprocess(blankIsNone, IndianMobileSchema.optional()),
  /** The e-mail address of the student's website account, to link it (left out: no link). */
  accountEmail: z.preprocess(blankIsNone, EmailSchema.optional()),
  /**
   * The language of messages and e-mails to the student ('en' or 'hi'). Left out: an edit keeps
   * the stored one; a new record takes its linked account's, else English.
   */
  language: PersonLanguageSchema.optional(),
});

type Guardian = { guardianName?: string | undefined; guardianPhone?: string | undefined };
/** A guardian's name needs their mobile number, and the reverse. */
const nameHasPhone = (s: Guardian) => s.guardianName === undefined || s.guardianPhone !== undefined;
const phoneHasName = (s: Guardian) => s.guardianPhone === undefined || s.guardianName !== undefined;

/** The fields of a student record. */
export const StudentFieldsSchema = StudentFieldsObject.refine(nameHasPhone, { message: GUARDIAN_PAIR_MESSAGE, path: ['guardianPhone'] }).refine(phoneHasName, {
  message: GUARDIAN_PAIR_MESSAGE,
  path: ['guardianName'],
});
export type StudentFields = z.infer<typeof StudentFieldsSchema>;
export type StudentFieldsInput = z.input<typeof StudentFieldsSchema>;

/** PUT /api/students/{id}. */
export const StudentUpdateSchema = StudentFieldsObject.extend({ version: VersionSchema })
  .refine(nameHasPhone, { message: GUARDIAN_PAIR_MESSAGE, path: ['guardianPhone'] })
  .refine(phoneHasName, { message: GUARDIAN_PAIR_MESSAGE, path: ['guardianName'] });

/** A student as the API gives it (the spec's listing fields, and the rest). */
export interface Student {
  _id: string;
  name: string;
  /** Null for a student admitted at the counter without one (migration 024). */
  email: string | null;
  phone: string | null;
  course: string;
  registrationDate: string;
  /** The lead this student was admitted from (the leads inbox), if any. */
  leadId: string | null;
  /** The guardian's name and mobile number (null when not given). */
  guardianName: string | null;
  guardianPhone: string | null;
  /** The e-mail address of the website account staff linked to this record (null when none). */
  accountEmail: string | null;
  /** 'hi' when mail to the student is in Hindi (the lead's or the linked account's language); absent for English, the default. */
  language?: 'hi';
  version: number;
}

/** A registered account as GET /api/user/all gives it. */
export interface UserListing {
  _id: string;
  name: string;
  email: string;
  role: string;
  createdAt: string;
}
