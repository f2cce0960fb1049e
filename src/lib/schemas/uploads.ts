/**
 * Documents of the application forms: what a document may be (by its bytes, checked on the
 * server after the upload), how large, and the request for an upload policy (POST /api/uploads).
 * The browser uploads each file straight to private storage with the policy the server makes for
 * it; no file passes through a function.
 */
import { validation_label_document, validation_label_file_type } from '../../i18n/messages';
import { z } from './zod';
import { plainText, strippedText } from './plain-text';
import {
  upload_choose_again,
  upload_damaged_image,
  upload_damaged_pdf,
  upload_draft_invalid,
  upload_empty,
  upload_heic,
  upload_link_invalid,
  upload_name_long,
  upload_no_name,
  upload_pdf_with_page,
  upload_required,
  upload_size_missing,
  upload_too_large,
  upload_too_many_pixels,
  upload_unknown_document,
  upload_unknown_form,
  upload_wrong_type_any,
  upload_wrong_type_photo,
} from '../../i18n/messages';

/** Words in the language of the moment (see application-fields.ts). */
type Words = (inputs?: Record<string, never>, options?: { locale?: 'en' | 'hi' }) => string;

/** The types a document may be, by its bytes: what staff can open. */
export const DOCUMENT_TYPES = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'application/pdf': 'PDF',
} as const;
export type DocumentType = keyof typeof DOCUMENT_TYPES;
/** The types a photo or signature may be. */
export const IMAGE_TYPES: readonly DocumentType[] = ['image/jpeg', 'image/png', 'image/webp'];
/** Every type (a scan may be a photo or a PDF). */
export const ANY_DOCUMENT_TYPES = Object.keys(DOCUMENT_TYPES) as DocumentType[];

/** The largest document accepted (a photo is shrunk in the browser far below this first). */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
/** Minutes an upload policy stays valid: enough for a slow 3G upload of the largest file. */
export const UPLOAD_POLICY_MINUTES = 15;

/** One document of a form. */
export interface DocumentDef {
  /** Its name in the payload (the specification's name). */
  slot: string;
  /** Its name in English (what staff read), and `{name}` in 'Please upload required file: {name}'. */
  label: string;
  /** Its name in the page's language (a form's own documents; a fix link's come from the server). */
  says?: Words | undefined;
  required: boolean;
  /** A photo or signature: images only, shown as a preview. */
  imagesOnly?: boolean;
}

/** The specification's message for a required document not chosen. */
export const uploadRequired = (label: string) => upload_required({ name: label });

/** The message for a file of another type, naming what is accepted. */
export const wrongTypeMessage = (imagesOnly: boolean) => (imagesOnly ? upload_wrong_type_photo() : upload_wrong_type_any());

/** The message for a file over the limit, with its size. */
export const tooLargeMessage = (bytes: number) => upload_too_large({ size: (bytes / 1024 / 1024).toFixed(1), max: MAX_DOCUMENT_BYTES / 1024 / 1024 });

/** The message for a PDF that does not end as a PDF ends: cut short, or something added after its end (in the language of the moment). */
export const damagedPdfMessage = () => upload_damaged_pdf();
/** The same, in English. */
export const DAMAGED_PDF = /* @__PURE__ */ upload_damaged_pdf({}, { locale: 'en' });

/** The message for a PDF that carries a web page in its first bytes (in the language of the moment). */
export const pdfWithPageMessage = () => upload_pdf_with_page();
/** The same, in English. */
export const PDF_WITH_PAGE = /* @__PURE__ */ upload_pdf_with_page({}, { locale: 'en' });

/** The message for an image whose pixels cannot be read (`kind`: 'JPEG', 'PNG' or 'WebP'). */
export const damagedImageMessage = (kind: string) => upload_damaged_image({ kind });

/** The message for an image with more pixels than the server opens. */
export const tooManyPixelsMessage = (width: number, height: number) => upload_too_many_pixels({ width, height });

/** The message for a HEIC/HEIF photo the browser cannot read (in the language of the moment). */
export const heicMessage = () => upload_heic();
/** The same, in English. */
export const HEIC_MESSAGE = /* @__PURE__ */ upload_heic({}, { locale: 'en' });

/** A form's kind (and its leads' kind). */
export const APPLICATION_FORMS = ['emitra', 'csc', 'iibf', 'nielit'] as const;
export type ApplicationForm = (typeof APPLICATION_FORMS)[number];

const uuid = (message: Words) =>
  z
    .string({ error: () => message() })
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i, { error: () => message() })
    .transform((v) => v.toLowerCase());

/** The browser's id of one fill of a form (made when the form is first opened, kept with the draft). */
export const DraftIdSchema = uuid(upload_draft_invalid);
/** An upload's id, as POST /api/uploads gave it. */
export const UploadIdSchema = uuid(upload_choose_again);

/**
 * A file's name as the device gave it, at most 200 characters: control characters, broken
 * characters and path separators become `_` (the name is the device's, not something the person
 * typed here, so it is cleaned rather than refused).
 */
export const FileNameSchema = z
  .string({ error: () => upload_no_name() })
  .transform((v) => strippedText(v.normalize('NFC'), '_').replace(/[/\\]/g, '_').trim())
  .pipe(
    z
      .string()
      .min(1, { error: () => upload_no_name() })
      .max(200, { error: () => upload_name_long() }),
  );

/** What the file says about itself when a policy is asked for (checked again against its bytes). */
const fileFacts = {
  /** The document it is for. */
  slot: z
    .string({ error: () => upload_unknown_document() })
    .check(plainText(validation_label_document))
    .max(60, { error: () => upload_unknown_document() }),
  /** Its name on the device. */
  name: FileNameSchema,
  /** Its type as the browser reports it. */
  type: z
    .string({ error: () => wrongTypeMessage(false) })
    .check(plainText(validation_label_file_type))
    .max(100, { error: () => wrongTypeMessage(false) }),
  /** Its size in bytes. */
  size: z
    .number({ error: () => upload_size_missing() })
    .int()
    .min(1, { error: () => upload_empty() })
    .refine((n) => n <= MAX_DOCUMENT_BYTES, { error: (issue) => tooLargeMessage(issue.input as number) }),
};

/**
 * POST /api/uploads: a policy for one file, for a fill of a form (`form` + `draft`) or for a
 * document staff asked to be fixed (`fix`, the token of the link mailed to the applicant).
 * The slot and type are checked against the form's documents by the function.
 */
export const UploadRequestSchema = z.union([
  z.object({
    /** The form being filled. */
    form: z.enum(APPLICATION_FORMS, { error: () => upload_unknown_form() }),
    /** The fill of the form. */
    draft: DraftIdSchema,
    ...fileFacts,
  }),
  z.object({
    /** The token of a "documents to fix" link. */
    fix: z.string({ error: () => upload_link_invalid() }).regex(/^[A-Za-z0-9_-]{20,100}$/, { error: () => upload_link_invalid() }),
    ...fileFacts,
  }),
]);
export type UploadRequest = z.input<typeof UploadRequestSchema>;

/** The answer of POST /api/uploads: where and how the browser posts the file. */
export interface UploadPolicy {
  /** The upload's id: the form sends it as the document's value, and asks for its check with it. */
  uploadId: string;
  /** The object key the policy is for. */
  key: string;
  /** Where the form is posted (the bucket, or /api/uploads/local without S3). */
  url: string;
  /** The form fields of the policy, posted before the file (Uppy's `fields`). */
  fields: Record<string, string>;
  /** When the policy expires (ISO time). */
  expiresAt: string;
}

/** POST /api/uploads/check: read the stored file's bytes now (right after its upload). */
export const UploadCheckSchema = z.object({
  /** The upload to check. */
  uploadId: UploadIdSchema,
  /** The fill it was made for (or `fix`): only its own browser can ask. */
  draft: DraftIdSchema.optional(),
  fix: z
    .string()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: () => upload_link_invalid() })
    .optional(),
});

/** The answer of a passed check. */
export interface UploadChecked {
  uploadId: string;
  /** The type its bytes show. */
  type: DocumentType;
  /** Its size in bytes, as stored. */
  size: number;
}
