/**
 * Where each document of a form stands (chosen, shrinking, uploading, checking, done, failed),
 * the checks made before a file is sent, and the messages the applicant reads. No Uppy here:
 * this part is in the form's own JavaScript, the uploader is loaded when the first file is chosen.
 */
import {
  upload_accepts_any,
  upload_accepts_photo,
  upload_empty,
  upload_failed,
  upload_in_line,
  upload_in_line_next,
  upload_interrupted,
  upload_still_uploading,
  upload_storage_refused,
  upload_unchecked,
} from '../../i18n/messages';
import {
  ANY_DOCUMENT_TYPES,
  heicMessage,
  IMAGE_TYPES,
  MAX_DOCUMENT_BYTES,
  tooLargeMessage,
  wrongTypeMessage,
  type ApplicationForm,
  type DocumentDef,
  type DocumentType,
} from '../../lib/schemas/uploads';

/** Who the uploads are for: a fill of a form, or a "documents to fix" link (its token). */
export type UploadOwner = { form: ApplicationForm; draft: string } | { fix: string };

/** One document's state. */
export type SlotState =
  /** Nothing chosen. */
  | { step: 'empty' }
  /** A photo being shrunk before it is sent. */
  | { step: 'preparing'; name: string }
  /**
   * Being sent; `waiting` while the device is offline (it continues when the connection is back);
   * `place` while it waits for its turn (1: next), as two files are sent at a time.
   */
  | { step: 'uploading'; name: string; size: number; percent: number; waiting: boolean; place?: number }
  /** Sent; the server is reading its bytes (`waiting`: once the connection is back). */
  | { step: 'checking'; name: string; size: number; waiting?: boolean }
  /** Uploaded and checked: `uploadId` is the document's value. */
  | { step: 'done'; uploadId: string; name: string; size: number; type: string; uploadedAt: number }
  /** The upload (or its check) failed; Retry sends it again. */
  | { step: 'failed'; name: string; message: string }
  /** Refused (its type, size or contents): another file must be chosen. */
  | { step: 'refused'; message: string };

/** The state of a slot nothing was chosen for. */
export const EMPTY: SlotState = { step: 'empty' };

/** True while a slot's file is on its way (the form waits for it before it is sent). */
export const isBusy = (state: SlotState) => state.step === 'preparing' || state.step === 'uploading' || state.step === 'checking';

/** Said when the form is sent while a file is still on its way. */
export const stillUploading = (label: string) => upload_still_uploading({ label });
/** Said when a failed upload is left without a retry and the form is sent. */
export const uploadFailed = (label: string) => upload_failed({ label });

/** Said when an upload was cut off (the connection dropped, the storage did not answer). */
export const interruptedMessage = (name: string) => upload_interrupted({ name });
/** Said when the storage refused the upload (an expired or altered permission, say). */
export const storageRefusedMessage = (name: string) => upload_storage_refused({ name });
/** Said when the file arrived but could not be checked yet. */
export const uncheckedMessage = (name: string) => upload_unchecked({ name });

/** What a file waiting for its turn shows: "Waiting its turn: pan.pdf (next in line)". */
export const inLineMessage = (name: string, place: number) => (place === 1 ? upload_in_line_next({ name }) : upload_in_line({ name, place }));

/** The types a slot accepts (the file chooser's `accept`). */
export const acceptedTypes = (doc: DocumentDef): readonly DocumentType[] => (doc.imagesOnly ? IMAGE_TYPES : ANY_DOCUMENT_TYPES);

/** What a slot accepts, said to the applicant. */
export const acceptedHint = (doc: DocumentDef) => (doc.imagesOnly ? upload_accepts_photo : upload_accepts_any)({ max: MAX_DOCUMENT_BYTES / 1024 / 1024 });

/** A photo in Apple's HEIC/HEIF format (which Android browsers cannot decode). */
export const isHeic = (file: File) => /^image\/hei[cf]/i.test(file.type) || /\.(heic|heif)$/i.test(file.name);

/** A photo the browser can shrink before it is sent. */
export const isPhoto = (file: File) => (IMAGE_TYPES as readonly string[]).includes(file.type);

/** The largest photo decoded on the phone to be shrunk: beyond this a cheap phone may run out of memory. */
export const MAX_PHOTO_BYTES = 30 * 1024 * 1024;

/**
 * Why a chosen file cannot be sent, or undefined: HEIC, a type the slot does not take, empty, too
 * large (a photo is judged after shrinking, so a large camera photo is fine). The server checks
 * the file's real bytes again after the upload.
 */
export function refusalOf(file: File, doc: DocumentDef): string | undefined {
  if (isHeic(file)) return heicMessage();
  if (!(acceptedTypes(doc) as readonly string[]).includes(file.type)) return wrongTypeMessage(Boolean(doc.imagesOnly));
  if (file.size === 0) return upload_empty();
  if (file.size > (isPhoto(file) ? MAX_PHOTO_BYTES : MAX_DOCUMENT_BYTES)) return tooLargeMessage(file.size);
  return undefined;
}

/** A size for people: 850 KB, 2.4 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
