/**
 * The e-mail asking an applicant to upload some documents again: which ones, staff's note, the
 * link (valid FIX_LINK_DAYS days) and how to reach the institute. Plain words: the applicant may be
 * reading it on a small phone, in a second language. It is in the language of the form's page
 * (the lead's), with the documents named and the day written in it. Nothing the applicant typed
 * goes into it (not even the name): only staff's words (the note, as typed) and the institute's.
 */
import site from '../../../content/site.json';
import type { ApplicationForm } from '../../../src/lib/schemas/uploads';
import { DOCUMENT_TYPES, MAX_DOCUMENT_BYTES } from '../../../src/lib/schemas/uploads';
import {
  email_document_aadhaar,
  email_document_aadhaar_copy,
  email_document_affidavit,
  email_document_apaar,
  email_document_applicant_photo,
  email_document_bank_passbook,
  email_document_caste,
  email_document_iibf,
  email_document_left_thumb,
  email_document_marksheet,
  email_document_other,
  email_document_pan,
  email_document_pan_copy,
  email_document_photo,
  email_document_police_verification_other,
  email_document_police_verification_pali,
  email_document_qualification,
  email_document_rent_agreement,
  email_document_rscit,
  email_document_signature,
  email_document_tec,
  email_document_tenth_marksheet,
  email_document_voter_id,
  email_fix_accepted,
  email_fix_call,
  email_fix_change,
  email_fix_checked_many,
  email_fix_checked_one,
  email_fix_subject,
  email_fix_until,
  email_fix_upload_many,
  email_fix_upload_one,
  email_hello,
} from '../../../src/i18n/messages';
import { dayInWords, type Locale } from '../platform/language';
import type { Mail } from '../platform/mail';
import { formName } from './application-mail';

/** What the mail is made of. */
export interface FixRequestFacts {
  /** The applicant's address. */
  to: string;
  reference: string;
  /** The form. */
  form: ApplicationForm;
  /** The labels of the documents asked for again (as src/lib/schemas/application-forms.ts names them). */
  documents: string[];
  /** Staff's note (what is wrong), if any. */
  note: string | null;
  /** The page to upload them on, with the token in its fragment. */
  link: string;
  /** When the link stops working (ISO time). */
  expiresAt: string;
  /** The language of the form's page. */
  locale: Locale;
}

type Message = (inputs: object, options: { locale: Locale }) => string;

/** Each document's name in the mail, by its label in the forms (a test checks every form's documents are here). */
export const DOCUMENT_NAMES: Record<string, Message> = {
  'Police verification (Pali)': email_document_police_verification_pali,
  'Applicant photo': email_document_applicant_photo,
  Marksheet: email_document_marksheet,
  'Aadhaar card copy': email_document_aadhaar_copy,
  'PAN card copy': email_document_pan_copy,
  'RS-CIT certificate': email_document_rscit,
  Affidavit: email_document_affidavit,
  'Rent agreement': email_document_rent_agreement,
  'Police verification (other)': email_document_police_verification_other,
  'Other documents': email_document_other,
  'Bank passbook': email_document_bank_passbook,
  Photo: email_document_photo,
  'Voter ID': email_document_voter_id,
  'Aadhaar card': email_document_aadhaar,
  'PAN card': email_document_pan,
  'TEC certificate': email_document_tec,
  'IIBF certificate': email_document_iibf,
  Signature: email_document_signature,
  'Qualification document': email_document_qualification,
  'Caste certificate': email_document_caste,
  '10th marksheet': email_document_tenth_marksheet,
  'Left thumb impression': email_document_left_thumb,
  'APAAR ID': email_document_apaar,
};

/** A document's name in `locale` (a label without its words here, as it is). */
export const documentName = (label: string, locale: Locale): string => DOCUMENT_NAMES[label]?.({}, { locale }) ?? label;

const TYPES = Object.values(DOCUMENT_TYPES);

/** The files accepted, e.g. 'JPEG, PNG or PDF, at most 5 MB each'. */
const accepted = (locale: Locale) =>
  email_fix_accepted({ types: TYPES.slice(0, -1).join(', '), last: TYPES.at(-1)!, size: MAX_DOCUMENT_BYTES / 1024 / 1024 }, { locale });

/** The mail asking for documents again. */
export function fixRequestMail(facts: FixRequestFacts): Mail {
  const { locale, reference } = facts;
  const one = facts.documents.length === 1;
  const form = formName(facts.form, locale);
  const lines = [
    email_hello({}, { locale }),
    '',
    (one ? email_fix_checked_one : email_fix_checked_many)({ form, reference }, { locale }),
    '',
    ...facts.documents.map((label) => `- ${documentName(label, locale)}`),
    '',
    ...(facts.note ? [email_fix_change({}, { locale }), facts.note, ''] : []),
    (one ? email_fix_upload_one : email_fix_upload_many)({}, { locale }),
    facts.link,
    '',
    email_fix_until({ day: dayInWords(facts.expiresAt, locale), accepted: accepted(locale) }, { locale }),
    email_fix_call({}, { locale }),
    '',
    `— ${site.name}`,
    `${site.phone} · ${site.website}`,
  ];
  return { to: facts.to, subject: email_fix_subject({ reference }, { locale }), text: lines.join('\n') };
}
