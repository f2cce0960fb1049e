/**
 * The names a document is stored and served under, made by the server from its slot and the type
 * its bytes showed — never from the applicant's file name or extension (kept for staff to read,
 * nothing more).
 */
import { FORMS } from '../../../src/lib/schemas/application-forms';
import type { ApplicationForm, DocumentType } from '../../../src/lib/schemas/uploads';

/** The file extension of each document type. */
export const EXTENSIONS: Record<DocumentType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'application/pdf': 'pdf' };

/** The name staff save a document under: its label and its checked type, e.g. 'aadhaar-card.pdf'. */
export function documentFileName(form: ApplicationForm, slot: string, type: DocumentType): string {
  const label = FORMS[form].documents.find((doc) => doc.slot === slot)?.label ?? slot;
  const stem = label
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  return `${stem || 'document'}.${EXTENSIONS[type]}`;
}
