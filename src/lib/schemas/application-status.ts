/**
 * Where an application stands: its pipeline in the inbox (Submitted → Documents to fix → Verified
 * → Forwarded → Approved / Rejected), and the public status page's question and answer (the
 * reference and the mobile number in, the status out, nothing personal).
 */
import { z } from './zod';
import type { ApplicationForm } from './uploads';
import {
  appstatus_link_incomplete,
  appstatus_mobile_format,
  appstatus_mobile_required,
  appstatus_reference_format,
  appstatus_reference_required,
} from '../../i18n/messages';

/** An application's statuses, in pipeline order (the lead's `status` for the four forms' kinds). */
export const APPLICATION_STATUSES = ['submitted', 'documents-to-fix', 'verified', 'forwarded', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/**
 * What staff and applicants read for each status, in English: the staff app and any client
 * without a language. The same words in the language of a request: application-status-words.ts
 * (kept apart so that the status page's island, which only checks the form, carries no labels).
 */
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  submitted: 'Submitted',
  'documents-to-fix': 'Documents to fix',
  verified: 'Verified',
  forwarded: 'Forwarded',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** What the applicant is told each status means (the status page and the mails), in English. */
export const APPLICATION_STATUS_MEANINGS: Record<ApplicationStatus, string> = {
  submitted: 'We have received your application and will check your documents soon.',
  'documents-to-fix': 'Some documents need to be uploaded again. Please use the link in the e-mail we sent you.',
  verified: 'Your documents have been checked. We will forward your application shortly.',
  forwarded: 'Your application has been forwarded to the issuing body. We will tell you when they decide.',
  approved: 'Your application has been approved. We will contact you about the next steps.',
  rejected: 'Your application could not be accepted. Please call us to know more.',
};

/** Where a status may move to (approved and rejected close the application). */
export const NEXT_APPLICATION_STATUSES: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  submitted: ['documents-to-fix', 'verified', 'rejected'],
  'documents-to-fix': ['submitted', 'documents-to-fix', 'verified', 'rejected'],
  verified: ['documents-to-fix', 'forwarded', 'rejected'],
  forwarded: ['approved', 'rejected'],
  approved: [],
  rejected: [],
};

/** Statuses after which the retention period runs. */
export const CLOSED_APPLICATION_STATUSES: readonly ApplicationStatus[] = ['approved', 'rejected'];

/** What each form is called on the status page and in the inbox, in English (in a request's language: application-status-words.ts). */
export const APPLICATION_FORM_LABELS: Record<ApplicationForm, string> = {
  emitra: 'Kiosk (e-Mitra) registration',
  csc: 'CSC application',
  iibf: 'IIBF application',
  nielit: 'NIELIT admission',
};

/** The reference as typed or linked (any case, spaces ignored). */
const ReferenceSchema = z
  .string({ error: () => appstatus_reference_required() })
  .transform((v) => v.replace(/\s/g, '').toUpperCase())
  .pipe(z.string().regex(/^(EM|CS|IB|NL)-\d{4}-\d{5,}$/, { error: () => appstatus_reference_format() }));

/** POST /api/applications/status: the reference and the mobile number the form was sent with. */
export const StatusQuerySchema = z.object({
  /** The reference from the confirmation, e.g. EM-2026-00042 (any case, spaces ignored). */
  reference: ReferenceSchema,
  /** The mobile number given in the form (10 digits; +91 or 0 in front is fine). */
  mobile: z
    .string({ error: () => appstatus_mobile_required() })
    .transform((v) => v.replace(/[\s()-]/g, '').replace(/^(\+91|91(?=\d{10}$)|0(?=\d{10}$))/, ''))
    .pipe(z.string().regex(/^\d{10}$/, { error: () => appstatus_mobile_format() })),
});

/** POST /api/applications/status from the status link of the confirmation e-mail: the reference and the link's key instead of the mobile number. */
export const StatusLinkQuerySchema = z.object({
  /** The reference in the link. */
  reference: ReferenceSchema,
  /** The key in the link (status-link.ts). */
  key: z.string({ error: () => appstatus_link_incomplete() }).regex(/^[A-Za-z0-9_-]{32}$/, { error: () => appstatus_link_incomplete() }),
});

/** The status page's answer: no name, no documents, no numbers. */
export interface StatusAnswer {
  reference: string;
  /** The form's label. */
  form: string;
  status: ApplicationStatus;
  statusLabel: string;
  /** What it means for the applicant. */
  meaning: string;
  /** When the status last changed (ISO time). */
  updatedAt: string;
}
