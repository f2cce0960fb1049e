/**
 * The e-mail asking an applicant to upload some documents again: which ones, staff's note, the
 * link (valid FIX_LINK_DAYS days) and how to reach the institute. Plain words: the applicant may be
 * reading it on a small phone, in a second language. Nothing the applicant typed goes into it (not
 * even the name): only staff's words and the institute's.
 */
import site from '../../../content/site.json';
import { DOCUMENT_TYPES, MAX_DOCUMENT_BYTES } from '../../../src/lib/schemas/uploads';
import type { Mail } from '../platform/mail';

/** What the mail is made of. */
export interface FixRequestFacts {
  /** The applicant's address. */
  to: string;
  reference: string;
  /** The form's name, e.g. 'Kiosk (e-Mitra) registration'. */
  formLabel: string;
  /** The labels of the documents asked for again. */
  documents: string[];
  /** Staff's note (what is wrong), if any. */
  note: string | null;
  /** The page to upload them on, with the token in its fragment. */
  link: string;
  /** When the link stops working (ISO time). */
  expiresAt: string;
}

/** A day as '26 Nov 2026', India time. */
const TYPES = Object.values(DOCUMENT_TYPES);
const ACCEPTED = `${TYPES.slice(0, -1).join(', ')} or ${TYPES.at(-1)}, at most ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB each`;

const dayOf = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(new Date(iso));

/** The mail asking for documents again. */
export function fixRequestMail(facts: FixRequestFacts): Mail {
  const one = facts.documents.length === 1;
  const lines = [
    'Hello,',
    '',
    `We have checked the documents of your ${facts.formLabel} (reference ${facts.reference}). Please upload ${one ? 'this document' : 'these documents'} again:`,
    '',
    ...facts.documents.map((label) => `- ${label}`),
    '',
    ...(facts.note ? ['What needs to change:', facts.note, ''] : []),
    `Upload ${one ? 'it' : 'them'} here (you need not fill in the form again):`,
    facts.link,
    '',
    `The link works until ${dayOf(facts.expiresAt)}. Please use a clear photo or scan (${ACCEPTED}).`,
    'If you did not apply, or the link does not work, please call us.',
    '',
    `— ${site.name}`,
    `${site.phone} · ${site.website}`,
  ];
  return { to: facts.to, subject: `Please upload documents again: ${facts.reference}`, text: lines.join('\n') };
}
