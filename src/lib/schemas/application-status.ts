/**
 * Where an application stands: its pipeline in the inbox (Submitted → Documents to fix → Verified
 * → Forwarded → Approved / Rejected), and the public status page's question and answer (the
 * reference and the mobile number in, the status out, nothing personal).
 */
import { z } from './zod';
import type { ApplicationForm } from './uploads';
import {
  appstatus_approved,
  appstatus_documents_to_fix,
  appstatus_form_csc,
  appstatus_form_emitra,
  appstatus_form_iibf,
  appstatus_form_nielit,
  appstatus_forwarded,
  appstatus_link_incomplete,
  appstatus_meaning_approved,
  appstatus_meaning_documents_to_fix,
  appstatus_meaning_forwarded,
  appstatus_meaning_rejected,
  appstatus_meaning_submitted,
  appstatus_meaning_verified,
  appstatus_mobile_format,
  appstatus_mobile_required,
  appstatus_reference_format,
  appstatus_reference_required,
  appstatus_rejected,
  appstatus_submitted,
  appstatus_verified,
} from '../../i18n/messages';

/** Words in the language of the moment (see application-fields.ts). */
type Words = (inputs?: Record<string, never>, options?: { locale?: 'en' | 'hi' }) => string;
/** A record of words, in English. */
const inEnglish = <K extends string>(words: Record<K, Words>) =>
  Object.fromEntries(Object.entries<Words>(words).map(([key, say]) => [key, say({}, { locale: 'en' })])) as Record<K, string>;

/** An application's statuses, in pipeline order (the lead's `status` for the four forms' kinds). */
export const APPLICATION_STATUSES = ['submitted', 'documents-to-fix', 'verified', 'forwarded', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

const STATUS_WORDS: Record<ApplicationStatus, Words> = {
  submitted: appstatus_submitted,
  'documents-to-fix': appstatus_documents_to_fix,
  verified: appstatus_verified,
  forwarded: appstatus_forwarded,
  approved: appstatus_approved,
  rejected: appstatus_rejected,
};
const MEANING_WORDS: Record<ApplicationStatus, Words> = {
  submitted: appstatus_meaning_submitted,
  'documents-to-fix': appstatus_meaning_documents_to_fix,
  verified: appstatus_meaning_verified,
  forwarded: appstatus_meaning_forwarded,
  approved: appstatus_meaning_approved,
  rejected: appstatus_meaning_rejected,
};

/** What staff and applicants read for each status, in English (the staff app). */
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = /* @__PURE__ */ inEnglish(STATUS_WORDS);
/** A status's label in the language of the moment (the status page of a Hindi visitor). */
export const applicationStatusLabel = (status: ApplicationStatus) => STATUS_WORDS[status]();

/** What the applicant is told each status means (the status page and the mails), in English. */
export const APPLICATION_STATUS_MEANINGS: Record<ApplicationStatus, string> = /* @__PURE__ */ inEnglish(MEANING_WORDS);
/** What a status means, in the language of the moment. */
export const applicationStatusMeaning = (status: ApplicationStatus) => MEANING_WORDS[status]();

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

const FORM_WORDS: Record<ApplicationForm, Words> = {
  emitra: appstatus_form_emitra,
  csc: appstatus_form_csc,
  iibf: appstatus_form_iibf,
  nielit: appstatus_form_nielit,
};

/** What each form is called on the status page and in the inbox, in English. */
export const APPLICATION_FORM_LABELS: Record<ApplicationForm, string> = /* @__PURE__ */ inEnglish(FORM_WORDS);
/** What a form is called, in the language of the moment (the status page, the fix page, the applicant's mails). */
export const applicationFormLabel = (form: ApplicationForm) => FORM_WORDS[form]();

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
