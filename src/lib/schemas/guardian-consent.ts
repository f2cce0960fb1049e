/**
 * A child's data and their guardian's consent (DPDP Act 2023 s.9, Rules 2025 r.10; decision 053):
 * the contract between the forms, the guardian's page, the staff screens and their functions.
 *
 * - Every form where a person gives their own data (Apply, the two contact forms, the four
 *   application forms, Register) asks first whether the person is under 18 (`age`). An under-18
 *   also gives a parent's or lawful guardian's name, relation, e-mail and (for WhatsApp, only if
 *   the guardian agrees) mobile: `guardian`.
 * - A minor's submission is not stored as a lead, application or account: its function answers
 *   202 with a `HeldAnswer` (kept sealed until the guardian consents or `expiresAt` passes, then
 *   deleted). The guardian consents with the code e-mailed to them (`GuardianConsentSchema`) or
 *   at the office, where staff record that they saw them and which identity document
 *   (`OfficeConsentSchema`). Then the submission is stored as if just sent, with its consent record.
 */
import { z } from './zod';
import { EmailSchema, IndianMobileSchema, NameSchema } from './fields';
import {
  guardian_adult_required,
  guardian_age_mismatch,
  guardian_age_required,
  guardian_agree_required,
  guardian_code_invalid,
  guardian_document_required,
  guardian_not_self,
  guardian_relation_required,
  guardian_required,
  guardian_saw_required,
} from '../../i18n/messages';
import { indiaToday } from './real-day';

/** The answer to "Are you under 18?": 'minor' is yes. */
export const AGE_ANSWERS = ['adult', 'minor'] as const;
export type AgeAnswer = (typeof AGE_ANSWERS)[number];
export const AgeSchema = z.enum(AGE_ANSWERS, { error: () => guardian_age_required() });

/** How the guardian is related to the child. */
export const GUARDIAN_RELATIONS = ['mother', 'father', 'guardian'] as const;
export type GuardianRelation = (typeof GUARDIAN_RELATIONS)[number];

/** The guardian as the child's form gives them (the code goes to the e-mail). */
export const GuardianSchema = z.object({
  name: NameSchema,
  relation: z.enum(GUARDIAN_RELATIONS, { error: () => guardian_relation_required() }),
  email: EmailSchema,
  /** For WhatsApp, and only if the guardian agrees to it when consenting. */
  phone: IndianMobileSchema.optional(),
});
export type Guardian = z.output<typeof GuardianSchema>;

/** The fields every such form adds: `age` first, `guardian` when under 18 (each form's schema checks the pair). */
export const AgeFields = {
  age: AgeSchema,
  guardian: GuardianSchema.optional(),
};

/** Whether someone born on `dob` (YYYY-MM-DD) is under 18 on India's day `today`. */
export function minorOn(dob: string, today: string = indiaToday()): boolean {
  const eighteenYearsAgo = `${Number(today.slice(0, 4)) - 18}${today.slice(4)}`;
  return dob > eighteenYearsAgo;
}

/** What `guardianProblems` reads of a form's checked values. */
export interface AgeOf {
  age: AgeAnswer;
  guardian?: Guardian | undefined;
  /** The person's own e-mail, which the guardian's must not be. */
  email?: string | undefined;
  /** A date of birth the form asked for (YYYY-MM-DD). */
  dob?: string | undefined;
}

/**
 * What is wrong with a form's age answer and guardian (field path → message): a minor must give a
 * guardian, whose e-mail is not their own; a date of birth under 18 with the answer "adult" is refused.
 */
export function guardianProblems({ age, guardian, email, dob }: AgeOf): [path: (string | number)[], message: string][] {
  const problems: [(string | number)[], string][] = [];
  if (dob && age === 'adult' && minorOn(dob)) problems.push([['age'], guardian_age_mismatch()]);
  if (age !== 'minor') return problems;
  if (!guardian) problems.push([['guardian'], guardian_required()]);
  else if (email && guardian.email.trim().toLowerCase() === email.trim().toLowerCase()) problems.push([['guardian', 'email'], guardian_not_self()]);
  return problems;
}

/** A refinement for a form's schema: reports `guardianProblems` of what `pick` reads of its values. */
export const checkGuardian =
  <T>(pick: (value: T) => AgeOf) =>
  (value: T, ctx: { addIssue: (issue: { code: 'custom'; message: string; path: (string | number)[] }) => void }) => {
    for (const [path, message] of guardianProblems(pick(value))) ctx.addIssue({ code: 'custom', message, path });
  };

/** How long a minor's submission waits for consent before it is deleted. */
export const HOLD_HOURS = 72;

/** What a form's function answers (202) for an under-18: nothing is stored for staff until the guardian consents. */
export const HeldAnswerSchema = z.object({
  /** The submission's words in the form's language: a code was e-mailed to the guardian, until when it is kept. */
  message: z.string(),
  held: z.object({
    /** The hold's id (a UUID): the guardian's page and the form's code step use it. */
    id: z.uuid(),
    /** A short number the guardian quotes at the office ("H-7K3P-Q2"). */
    number: z.string(),
    /** The guardian's e-mail, masked ("r•••@gmail.com"). */
    guardianEmail: z.string(),
    /** When the submission is deleted if no consent came (ISO time). */
    expiresAt: z.string(),
  }),
});
export type HeldAnswer = z.output<typeof HeldAnswerSchema>;

/** The identity documents staff may record having seen (the kind only: never its number). */
export const GUARDIAN_DOCUMENTS = ['aadhaar', 'pan', 'voter-id', 'driving-licence', 'passport', 'ration-card', 'other'] as const;
export type GuardianDocument = (typeof GUARDIAN_DOCUMENTS)[number];

/** What the guardian's page shows before consenting (GET /api/guardian-consent?id=). */
export const HoldViewSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  status: z.enum(['waiting', 'given', 'expired']),
  /** The form in words, in the page's language ("Apply for a course"). */
  form: z.string(),
  /** The notice's key in content/privacy-notice.json (what the guardian reads) and its version. */
  noticeForm: z.string(),
  noticeVersion: z.string(),
  childName: z.string(),
  guardian: z.object({ name: z.string(), relation: z.enum(GUARDIAN_RELATIONS), email: z.string(), phone: z.string().nullable() }),
  expiresAt: z.string(),
});
export type HoldView = z.output<typeof HoldViewSchema>;

/** The guardian consents with the code (POST /api/guardian-consent). */
export const GuardianConsentSchema = z.object({
  id: z.uuid(),
  code: z.string().regex(/^\d{6}$/, { error: () => guardian_code_invalid() }),
  /** "I am this person's parent or lawful guardian, and 18 or older." */
  adult: z.literal(true, { error: () => guardian_adult_required() }),
  /** "I agree to the notice" (the consent itself). */
  agree: z.literal(true, { error: () => guardian_agree_required() }),
  /** Updates about this on WhatsApp to the guardian's mobile (only with a mobile). */
  whatsapp: z.boolean().default(false),
});

/** A new code for a hold (POST /api/guardian-consent-resend). */
export const GuardianResendSchema = z.object({ id: z.uuid() });

/** Staff look a hold up by the number the guardian quotes (GET /api/admin/guardian-hold?number=). */
export const HoldNumberSchema = z.object({ number: z.string().trim().min(4).max(20) });

/** A hold as staff see it at the office before recording a consent. */
export const OfficeHoldViewSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  status: z.enum(['waiting', 'given', 'expired']),
  /** The form in words (English: the staff app's language). */
  form: z.string(),
  childName: z.string(),
  guardian: z.object({ name: z.string(), relation: z.enum(GUARDIAN_RELATIONS), email: z.string(), phone: z.string().nullable() }),
  expiresAt: z.string(),
});
export type OfficeHoldView = z.output<typeof OfficeHoldViewSchema>;

/** Staff record a guardian's consent given at the office (POST /api/admin/guardian-consent). */
export const OfficeConsentSchema = z.object({
  /** The hold's number as the guardian quotes it, any case, with or without dashes. */
  number: z.string().trim().min(4).max(20),
  document: z.enum(GUARDIAN_DOCUMENTS, { error: () => guardian_document_required() }),
  sawGuardian: z.literal(true, { error: () => guardian_saw_required() }),
  adult: z.literal(true, { error: () => guardian_adult_required() }),
  whatsapp: z.boolean().default(false),
});

/** A record's guardian consent as staff see it on every record of a minor (lead, application, student). */
export const GuardianConsentViewSchema = z.object({
  status: z.enum(['given', 'waiting', 'withdrawn']),
  guardianName: z.string(),
  relation: z.enum(GUARDIAN_RELATIONS),
  how: z.enum(['email-code', 'office']).nullable(),
  at: z.string().nullable(),
  noticeVersion: z.string().nullable(),
  language: z.enum(['en', 'hi']).nullable(),
  /** At the office: who recorded it and the document they saw. */
  staffName: z.string().nullable(),
  document: z.enum(GUARDIAN_DOCUMENTS).nullable(),
  whatsapp: z.boolean(),
});
export type GuardianConsentView = z.output<typeof GuardianConsentViewSchema>;
