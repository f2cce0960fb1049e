/**
 * Where an application stands, in the language of the request being answered: each status's
 * label and meaning and each form's name as the status page, the fix page and the applicant's
 * mails say them (a Hindi page's request gets Hindi). The English of each is
 * application-status.ts's records, which staff read (tests/unit/form-messages-hindi.test.ts
 * keeps the two the same).
 */
import type { ApplicationForm } from './uploads';
import type { ApplicationStatus } from './application-status';
import {
  appstatus_approved,
  appstatus_documents_to_fix,
  appstatus_form_csc,
  appstatus_form_emitra,
  appstatus_form_iibf,
  appstatus_form_nielit,
  appstatus_forwarded,
  appstatus_meaning_approved,
  appstatus_meaning_documents_to_fix,
  appstatus_meaning_forwarded,
  appstatus_meaning_rejected,
  appstatus_meaning_submitted,
  appstatus_meaning_verified,
  appstatus_rejected,
  appstatus_submitted,
  appstatus_verified,
} from '../../i18n/messages';

/** Words in the language of the moment (see application-fields.ts). */
type Words = (inputs?: Record<string, never>, options?: { locale?: 'en' | 'hi' }) => string;

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
const FORM_WORDS: Record<ApplicationForm, Words> = {
  emitra: appstatus_form_emitra,
  csc: appstatus_form_csc,
  iibf: appstatus_form_iibf,
  nielit: appstatus_form_nielit,
};

/** A status's label in the language of the moment ('locale' forces one). */
export const applicationStatusLabel = (status: ApplicationStatus, locale?: 'en' | 'hi') => STATUS_WORDS[status]({}, locale ? { locale } : {});
/** What a status means, in the language of the moment. */
export const applicationStatusMeaning = (status: ApplicationStatus, locale?: 'en' | 'hi') => MEANING_WORDS[status]({}, locale ? { locale } : {});
/** What a form is called, in the language of the moment (the status page, the fix page, the applicant's mails). */
export const applicationFormLabel = (form: ApplicationForm, locale?: 'en' | 'hi') => FORM_WORDS[form]({}, locale ? { locale } : {});
