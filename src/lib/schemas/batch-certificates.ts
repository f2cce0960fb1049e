/**
 * A completed batch's certificates issued at once (/api/admin/batches/{id}/certificates): what
 * staff send (the students below the attendance threshold they tick, each with the reason) and
 * what the screen and the batch's printable page read. Shared by the admin screen, the print
 * page's script (types only) and the function.
 */
import type { Messaging } from './messaging';
import { isOfficeDay, isRealDay, OFFICE_YEARS_MESSAGE } from './real-day';
import { RecordIdSchema } from './records';
import { plainText } from './plain-text';
import { z } from './zod';
import type { CertificateBatch, PublicCertificate } from './certificate';

/** The most students one batch may hold (batches.seats is at most 500). */
export const MAX_BATCH_STUDENTS = 500;

/** Why a certificate is issued although the student's attendance is below the threshold. */
export const AnywayReasonSchema = z
  .string({ message: 'Please give the reason for issuing it anyway.' })
  .trim()
  .check(plainText('the reason'))
  .min(5, 'Please give the reason in at least 5 characters: it is kept in the audit log.')
  .max(300, 'Please keep the reason to 300 characters.');

/** POST /api/admin/batches/{id}/certificates: issue every certificate of a completed batch at once. */
export const IssueBatchCertificatesSchema = z.object({
  /** The students below the threshold staff ticked "issue anyway", each with the reason (the others below it are left out). */
  anyway: z
    .array(
      z.object({
        /** The student ticked. */
        studentId: RecordIdSchema,
        /** Why, kept in the audit log. */
        reason: AnywayReasonSchema,
      }),
      { message: 'Please send the ticked students as a list.' },
    )
    .max(MAX_BATCH_STUDENTS, `A batch holds at most ${MAX_BATCH_STUDENTS} students.`)
    .refine((list) => new Set(list.map((s) => s.studentId)).size === list.length, 'A student is ticked twice; please reload and tick again.')
    .default([]),
  /** The marks staff chose to print on some students' certificates (a best practice-test score, '62 / 100'); the others get none. */
  marks: z
    .array(
      z.object({
        /** The student whose certificate carries them. */
        studentId: RecordIdSchema,
        /** As the single issue takes them: 1 to 20 characters. */
        marks: z
          .string({ message: 'Please give the marks as text, e.g. 62 / 100.' })
          .trim()
          .check(plainText('the marks'))
          .min(1, 'Please give the marks, e.g. 62 / 100.')
          .max(20, 'Please keep the marks to 20 characters.'),
      }),
      { message: 'Please send the marks as a list.' },
    )
    .max(MAX_BATCH_STUDENTS, `A batch holds at most ${MAX_BATCH_STUDENTS} students.`)
    .refine((list) => new Set(list.map((s) => s.studentId)).size === list.length, 'A student has marks twice; please reload and choose again.')
    .default([]),
  /** The day printed on the certificates (YYYY-MM-DD, India); today in India when left out. */
  issuedOn: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string({ message: 'Please give the issue date as a day, e.g. 2027-03-31.' })
      .refine(isRealDay, 'Please give the issue date as a real day, e.g. 2027-03-31.')
      .refine((v) => !isRealDay(v) || isOfficeDay(v), OFFICE_YEARS_MESSAGE)
      .optional(),
  ),
});
export type IssueBatchCertificates = z.infer<typeof IssueBatchCertificatesSchema>;

/** One student offered a certificate, or holding one already. */
export interface BatchCertificateStudent {
  studentId: string;
  name: string;
  /** Classes they were marked in, and the whole percent attended (null before any class). */
  held: number;
  percent: number | null;
  /** Their valid certificate's number for this batch, if they hold one. */
  number: string | null;
}

/** GET /api/admin/batches/{id}/certificates. */
export interface BatchCertificatesAnswer {
  batch: CertificateBatch;
  /** The attendance threshold (a whole percentage) as the Owner set it. */
  threshold: number;
  /** Today in India (the default issue date). */
  today: string;
  /** Completed, at or above the threshold, no certificate yet: issued by the one action. */
  ready: BatchCertificateStudent[];
  /** Completed but below the threshold (or no class recorded), no certificate yet: each needs a tick and a reason. */
  below: BatchCertificateStudent[];
  /** Completed and already holding a valid certificate for the batch: never issued twice. */
  issued: BatchCertificateStudent[];
  /** How many left the batch (never offered one). */
  left: number;
  /** The batch's valid certificates as they print, by name (for the printable page). */
  certificates: PublicCertificate[];
}

/** One student told of their certificate: the WhatsApp message in their language, opened by staff. */
export interface CertificateNotice {
  studentId: string;
  name: string;
  number: string;
  /** 'en' or 'hi': the student record's language. */
  language: 'en' | 'hi';
  /** The wa.me link with the message typed in (to their mobile; WhatsApp asks whom when there is none). */
  whatsApp: string;
  /** Whether they have a mobile number on file. */
  hasMobile: boolean;
  /** Whether an e-mail went to them (an address on file, and consent to updates not withdrawn). */
  emailed: boolean;
  /** Whom the message may go to when not the student: a minor's guardian (the link opens on their mobile), or nobody ('' link; decision 053). */
  messaging?: Messaging;
}

/** POST /api/admin/batches/{id}/certificates. */
export interface BatchCertificatesIssued {
  /** In words: "28 certificates issued for batch X." or "Nobody new: …". */
  message: string;
  /** Those issued by this call, each with their message. */
  notices: CertificateNotice[];
  /** Below the threshold and not ticked: left without a certificate. */
  skipped: { studentId: string; name: string; percent: number | null }[];
  /** The batch as it now stands. */
  state: BatchCertificatesAnswer;
}
