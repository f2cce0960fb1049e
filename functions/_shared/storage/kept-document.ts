/**
 * What is kept of a document once its first bytes showed its type, judged on every byte: a PDF as
 * it came, if it is one from its first byte to its end; an image re-encoded from its pixels, so
 * that nothing around them is kept — a comment segment holding a web page, bytes after its end,
 * metadata such as where a photo was taken. What fails is refused with a message for people.
 * sharp (a native module) is loaded here only, when an image is checked.
 */
import { DAMAGED_PDF, DOCUMENT_TYPES, PDF_WITH_PAGE, damagedImageMessage, tooManyPixelsMessage, type DocumentType } from '../../../src/lib/schemas/uploads';

/** The most pixels an image may have: a 48-megapixel phone photo, with room; more is refused unread. */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** JPEG and WebP quality of a re-encoded image (photos arrive shrunk to 0.75 already: shrink-photo.ts). */
const QUALITY = 85;
/** The start of a PDF in which no web page may be: more than a browser sniffing for one reads. */
const PDF_START_BYTES = 1024;
/** Tags that make a file's start read as a web page (none can start a PDF token: `<` opens hex strings and dictionaries). */
const MARKUP = /<(!doctype|html|head|body|script|iframe|frameset|svg|meta|link|base|object|embed|img|style|title)[\s/>]/i;
/** What may follow a PDF's `%%EOF`: line ends, spaces, tabs, NULs. */
const TRAILING = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);

/** The bytes to keep, or why the file is refused (a message, made in the language it is asked in). */
export type Kept = { bytes: Uint8Array } | { problem: () => string };

/** What to keep of `bytes`, whose first bytes are of `type`. */
export async function keptDocument(bytes: Uint8Array, type: DocumentType): Promise<Kept> {
  if (type !== 'application/pdf') return reencoded(bytes, type);
  const problem = pdfProblem(bytes);
  return problem ? { problem: () => problem } : { bytes };
}

/** `bytes[from, to)` as Latin-1 text (one character a byte). */
const text = (bytes: Uint8Array, from: number, to: number) => Buffer.from(bytes.buffer, bytes.byteOffset + from, Math.max(0, to - from)).toString('latin1');

/**
 * Why `bytes` is not a PDF from its first byte to its end, or null: it must begin with the header
 * `%PDF-1.x` (or 2.x) at its very first byte, carry no web page in its first kilobyte, and end
 * with `%%EOF` (only whitespace after it). Whatever is inside is the PDF's own; staff get it as a
 * PDF, by name and type, never as a page.
 */
export function pdfProblem(bytes: Uint8Array): string | null {
  if (!/^%PDF-[12]\.\d/.test(text(bytes, 0, Math.min(bytes.length, 8)))) return DAMAGED_PDF;
  if (MARKUP.test(text(bytes, 0, Math.min(bytes.length, PDF_START_BYTES)))) return PDF_WITH_PAGE;
  let end = bytes.length;
  while (end > 0 && TRAILING.has(bytes[end - 1]!)) end -= 1;
  return text(bytes, Math.max(0, end - 5), end) === '%%EOF' ? null : DAMAGED_PDF;
}

/** The format sharp names for each image type. */
const FORMATS = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' } as const;

/**
 * The image `bytes` decoded and encoded again in its own format, turned upright as its EXIF says
 * (the browser applied that when it showed the photo) and without any metadata. Refused when its
 * header names too many pixels, or when its pixels cannot be read whole (a damaged or cut-short
 * file fails; a warning a camera's encoder causes does not).
 */
async function reencoded(bytes: Uint8Array, type: Exclude<DocumentType, 'application/pdf'>): Promise<Kept> {
  const { default: sharp } = await import('sharp');
  const options = { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS } as const;
  const damaged = { problem: () => damagedImageMessage(DOCUMENT_TYPES[type]) };
  let header;
  try {
    header = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    return damaged;
  }
  if (header.format !== FORMATS[type]) return damaged;
  if (header.width * header.height > MAX_IMAGE_PIXELS) return { problem: () => tooManyPixelsMessage(header.width, header.height) };
  const image = sharp(bytes, options).autoOrient();
  const encoded = type === 'image/jpeg' ? image.jpeg({ quality: QUALITY }) : type === 'image/png' ? image.png() : image.webp({ quality: QUALITY });
  try {
    return { bytes: new Uint8Array(await encoded.toBuffer()) };
  } catch {
    return damaged;
  }
}
