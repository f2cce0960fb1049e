/**
 * The "documents to fix" page (/fixDocuments#<token>): what the link opens (POST
 * /api/applications/fix/open {token}: the token never goes into an address) and what the page sends back (POST /api/applications/fix): the
 * new uploads of exactly the documents staff asked for, each uploaded with the same token.
 */
import { validation_label_document } from '../../i18n/messages';
import { z } from './zod';
import { plainText } from './plain-text';
import { UploadIdSchema } from './uploads';
import { docfix_not_asked, docfix_received, docfix_upload_asked, upload_link_invalid } from '../../i18n/messages';

/** The message for a link token that is not even shaped like one (English). */
export const FIX_TOKEN_MESSAGE = /* @__PURE__ */ upload_link_invalid({}, { locale: 'en' });

/** A link's token (the fragment of the mailed link). */
export const FixTokenSchema = z.string({ error: () => upload_link_invalid() }).regex(/^[A-Za-z0-9_-]{20,100}$/, { error: () => upload_link_invalid() });

/** POST /api/applications/fix/open. */
export const FixOpenSchema = z.object({ token: FixTokenSchema });

/** POST /api/applications/fix. */
export const FixDocumentsSchema = z.object({
  /** The link's token. */
  token: FixTokenSchema,
  /** Slot → upload id (from POST /api/uploads with `fix`), for every document asked for. */
  documents: z.record(
    z
      .string()
      .check(plainText(validation_label_document))
      .max(60, { error: () => docfix_not_asked() }),
    UploadIdSchema,
    { error: () => docfix_upload_asked() },
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

/** What the applicant is told once the documents are in (English). */
export const FIX_RECEIVED_MESSAGE = /* @__PURE__ */ docfix_received({}, { locale: 'en' });
/** The same, in the language of the moment (a Hindi page's request). */
export const fixReceivedMessage = () => docfix_received();
