/**
 * An application as staff review it (the `application` of GET /api/admin/leads/{id}): the form's
 * answers in its own order with every ID number masked, the documents as a checklist (each slot of
 * the form, given or not), and what staff did with it. An ID number is shown in full only on an
 * explicit request (POST /api/admin/applications/{id}/reveal), a document only through a link made
 * for one view (GET /api/admin/documents/{uploadId}); each is a line in the audit log.
 */
import { z } from './zod';
import { plainText } from './plain-text';
import type { ApplicationForm, DocumentType } from './uploads';

/** One answer of the form. */
export interface ReviewField {
  /** The field's name in the form (what reveal asks for). */
  name: string;
  label: string;
  /** The answer as staff read it (a choice's label); an ID number masked ('•••• 1234'); null: none, or deleted. */
  value: string | null;
  /** An ID number: masked, shown in full only on request. */
  sealed: boolean;
}

/** A heading of the form and its answers. */
export interface ReviewSection {
  title: string;
  fields: ReviewField[];
}

/**
 * Where a document stands: received (the file is there), missing (none was given, or it was
 * deleted), to-fix (staff asked the applicant to upload it again), replaced (the applicant sent a
 * new file in place of one staff asked to be fixed).
 */
export const DOCUMENT_STATES = {
  received: 'Received',
  missing: 'Missing',
  'to-fix': 'Asked again',
  replaced: 'New file sent',
} as const;
export type DocumentState = keyof typeof DOCUMENT_STATES;

/** One slot of the form's documents. */
export interface ReviewDocument {
  slot: string;
  label: string;
  required: boolean;
  /** A photo or signature (images only). */
  imagesOnly: boolean;
  state: DocumentState;
  /** The file now attached (null: none). */
  uploadId: string | null;
  /** Its name on the applicant's device, for staff to read (a download is named by the server: DocumentLink). */
  fileName: string | null;
  /** Its type, as its bytes show. */
  type: DocumentType | null;
  /** Its size in bytes. */
  size: number | null;
  /** When it was attached to the application (ISO time). */
  receivedAt: string | null;
}

/** What staff last asked the applicant to fix. */
export interface FixRequest {
  slots: string[];
  note: string | null;
  requestedAt: string;
  /** When the link stops working (null once the documents came back). */
  expiresAt: string | null;
  /** The link still works (the application waits for the documents and the link has not expired). */
  open: boolean;
}

/** GET /api/admin/leads/{id} → `application`. */
export interface ApplicationDetail {
  form: ApplicationForm;
  /** The form's name, e.g. 'Kiosk (e-Mitra) registration'. */
  formLabel: string;
  sections: ReviewSection[];
  documents: ReviewDocument[];
  /** The outside portal's reference once forwarded. */
  portalReference: string | null;
  /** The version of the notice the applicant agreed to, and when. */
  consent: { version: string; at: string };
  /** The last request to fix documents (null: none was made). */
  fix: FixRequest | null;
  /** Approved or rejected at (the retention period runs from here). */
  closedAt: string | null;
  /** The documents and ID numbers were deleted at the end of the retention period. */
  purgedAt: string | null;
}

/** POST /api/admin/applications/{id}/reveal: one ID number of the application, in full. */
export const RevealSchema = z.object({
  /** The field's name (an ID number of the application's form). */
  field: z
    .string({ message: 'Please say which number to show.' })
    .check(plainText('the number to show'))
    .min(1, 'Please say which number to show.')
    .max(60, 'There is no such number in this application.'),
});
export type RevealRequest = z.infer<typeof RevealSchema>;

/** The answer of a reveal. */
export interface Revealed {
  field: string;
  value: string;
}

/** GET /api/admin/documents/{uploadId}: a link to fetch the document once, soon. */
export interface DocumentLink {
  url: string;
  /** When the link stops working (ISO time). */
  expiresAt: string;
  type: DocumentType;
  /** The name to save it under, made by the server from the document and its checked type ('aadhaar-card.pdf'). */
  name: string;
}

/** Seconds a document link works: long enough to fetch it, too short to pass it around. */
export const DOCUMENT_LINK_SECONDS = 60;
