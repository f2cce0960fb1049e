/**
 * The "documents to fix" page (/fixDocuments#<token>): what the link opens (POST
 * /api/applications/fix/open {token}: the token never goes into an address) and what the page sends back (POST /api/applications/fix): the
 * new uploads of exactly the documents staff asked for, each uploaded with the same token.
 */
import { z } from './zod';
import { plainText } from './plain-text';
import { UploadIdSchema } from './uploads';

/** The message for a link token that is not even shaped like one. */
export const FIX_TOKEN_MESSAGE = 'This link is not valid.';

/** A link's token (the fragment of the mailed link). */
export const FixTokenSchema = z.string({ message: FIX_TOKEN_MESSAGE }).regex(/^[A-Za-z0-9_-]{20,100}$/, FIX_TOKEN_MESSAGE);

/** POST /api/applications/fix/open. */
export const FixOpenSchema = z.object({ token: FixTokenSchema });

/** POST /api/applications/fix. */
export const FixDocumentsSchema = z.object({
  /** The link's token. */
  token: FixTokenSchema,
  /** Slot → upload id (from POST /api/uploads with `fix`), for every document asked for. */
  documents: z.record(
    z.string().check(plainText('the document')).max(60, 'This document was not asked for. Please upload only the documents listed.'),
    UploadIdSchema,
    { message: 'Please upload the documents asked for.' },
  ),
});
export type FixDocuments = z.input<typeof FixDocumentsSchema>;

/** What a valid link opens (POST /api/applications/fix/open). */
export interface FixRequest {
  reference: string;
  /** The form's kind. */
  form: string;
  /** The form's label, e.g. 'CSC application'. */
  formLabel: string;
  /** Staff's note to the applicant. */
  note: string | null;
  /** When the link stops working (ISO time). */
  expiresAt: string;
  /** The documents asked for again, in the form's order. */
  documents: { slot: string; label: string; imagesOnly: boolean }[];
}

/** What the applicant is told once the documents are in. */
export const FIX_RECEIVED_MESSAGE = 'Thank you. We have received your documents and will check them soon.';
