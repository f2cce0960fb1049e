/**
 * Certificates the institute issues and anyone can verify: the number's shape, what staff send
 * to issue or revoke one, and what the public verification answers. Shared by the admin screen,
 * the public pages' scripts (types only) and the functions.
 */
import {
  CERTIFICATE_ALPHABET,
  CERTIFICATE_NUMBER,
  CERTIFICATE_RANDOM_LENGTH,
  MALFORMED_NUMBER_MESSAGE,
  normaliseCertificateNumber,
} from '../certificate-number';
import { isOfficeDay, isRealDay, OFFICE_YEARS_MESSAGE } from './real-day';
import { RecordIdSchema } from './records';
import { TextSchema } from './fields';
import { plainText } from './plain-text';
import { z } from './zod';
import { account_cert_malformed } from '../../i18n/messages';

export { CERTIFICATE_ALPHABET, CERTIFICATE_NUMBER, CERTIFICATE_RANDOM_LENGTH, MALFORMED_NUMBER_MESSAGE, normaliseCertificateNumber };

/** A certificate number from an address or a form, in capitals; refused in the language of the page or request. */
export const CertificateNumberSchema = z
  .string({ error: () => account_cert_malformed() })
  .transform((value, ctx) => normaliseCertificateNumber(value) ?? (ctx.addIssue({ code: 'custom', message: account_cert_malformed() }), z.NEVER));

const optionalText = (label: string, max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() || undefined : v === null ? undefined : v), TextSchema(label, 1, max).optional());

/** POST /api/admin/certificates: issue a certificate to a student who completed a batch. */
export const IssueCertificateSchema = z.object({
  /** The batch the student completed. */
  batchId: RecordIdSchema,
  /** The student. */
  studentId: RecordIdSchema,
  /** Optional grade, e.g. 'A+'. */
  grade: optionalText('the grade', 20),
  /** Optional marks, e.g. '86%' or '430 / 500'. */
  marks: optionalText('the marks', 20),
  /** The day printed on the certificate (YYYY-MM-DD, India); today in India when left out. */
  issuedOn: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string({ message: 'Please give the issue date as a day, e.g. 2027-03-31.' })
      .refine(isRealDay, 'Please give the issue date as a real day, e.g. 2027-03-31.')
      .refine((v) => !isRealDay(v) || isOfficeDay(v), OFFICE_YEARS_MESSAGE)
      .optional(),
  ),
  /** True once staff saw the low-attendance warning and still want to issue it. */
  confirmLowAttendance: z.boolean({ message: 'Please answer the attendance warning with yes or no.' }).optional(),
});
export type IssueCertificate = z.infer<typeof IssueCertificateSchema>;

/** POST /api/admin/certificates/{number}/revoke: why the certificate no longer stands. */
export const RevokeCertificateSchema = z.object({
  /** Shown to anyone who verifies the number, and kept in the audit log. */
  reason: z
    .string({ message: 'Please give the reason for revoking it.' })
    .trim()
    .check(plainText('the reason'))
    .min(5, 'Please give the reason in at least 5 characters: anyone who checks the number will read it.')
    .max(300, 'Please keep the reason to 300 characters.'),
});
export type RevokeCertificate = z.infer<typeof RevokeCertificateSchema>;

/** Whether a certificate still stands. */
export type CertificateStatus = 'valid' | 'revoked';

/** GET /api/certificate/{number}: everything anyone may learn from a number, and nothing more. */
export interface PublicCertificate {
  number: string;
  /** The student's name as it was printed. */
  name: string;
  /** The course's title as it was printed. */
  course: string;
  /** The batch's first and last days (YYYY-MM-DD). */
  startsOn: string;
  endsOn: string;
  grade: string | null;
  marks: string | null;
  /** YYYY-MM-DD. */
  issuedOn: string;
  status: CertificateStatus;
  /** India's day of the revocation (YYYY-MM-DD), for a revoked one. */
  revokedOn?: string;
  revokedReason?: string;
}

/** A certificate as staff see it on the Certificates screen. */
export interface StaffCertificate extends PublicCertificate {
  studentId: string | null;
  batchId: string | null;
  /** Who issued it (null once their account is gone). */
  issuedBy: string | null;
}

/** A batch the caller may issue certificates for. */
export interface CertificateBatch {
  id: string;
  name: string;
  course: string;
  startsOn: string;
  endsOn: string;
  /** 'Planned', 'Running' or 'Completed'. */
  status: string;
  completed: boolean;
  /** The teacher's name (null when none). */
  teacher: string | null;
}

/** One student of a batch's roster, with what a certificate needs. */
export interface CertificateStudent {
  studentId: string;
  name: string;
  /** 'Active', 'Completed' or 'Left'. */
  rosterStatus: string;
  /** Whether a certificate may be issued (completed, or the batch completed; not left). */
  eligible: boolean;
  /** Classes marked and the whole percent attended (null before any class). */
  held: number;
  percent: number | null;
  /** Below the institute's threshold, or no class recorded: issuing warns first. */
  lowAttendance: boolean;
  /** Their valid certificate for this batch, else the latest revoked one, else null. */
  certificate: StaffCertificate | null;
}

/** GET /api/admin/certificates. */
export interface CertificatesAnswer {
  /** The batches the caller may issue for (an Owner: all; a Teacher: theirs), newest first. */
  batches: CertificateBatch[];
  /** The attendance threshold (a whole percentage), as the Owner set it in Settings. */
  threshold: number;
  /** Today in India (the default issue date). */
  today: string;
  /** With ?batch=: the batch and its roster. */
  batch?: CertificateBatch;
  students?: CertificateStudent[];
  /** Without ?batch=: the latest certificates the caller may see. */
  recent?: StaffCertificate[];
}
