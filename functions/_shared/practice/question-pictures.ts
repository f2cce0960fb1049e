/**
 * A question's picture (decision 052), checked as a course's picture is (course-pictures.ts): the
 * posted file is judged by its bytes (JPEG, PNG or WebP by their signatures, whatever it claims to
 * be), re-encoded from its pixels at a size a phone shows well (at most 1000 × 1000, WebP, no
 * metadata) and kept under a random name. The kept picture is public by that unguessable name: a
 * student's browser loads it on the test page (GET /api/question-pictures/{name}).
 */
import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { MAX_PICTURE_BYTES, PICTURE_DAMAGED_MESSAGE, PICTURE_TYPES } from '../../../src/lib/schemas/course-picture';
import { PICTURE_NAME, questionPictureKey, questionPicturePath } from '../../../src/lib/schemas/practice-questions';
import { HttpError } from '../platform/http';
import { documentStorage } from '../storage/document-storage';
import { MAX_IMAGE_PIXELS } from '../storage/kept-document';

/** The largest side of a kept picture, in pixels. */
const MAX_SIDE = 1000;
/** WebP quality of a kept picture. */
const QUALITY = 80;

/** A refusal the question form shows beside the picture. */
const refused = (status: number, message: string) => new HttpError(status, message, { errors: { picture: message } });

/** Judges `bytes` and keeps them re-encoded; answers the picture's name and address (422 for what is not a picture). */
export async function keepQuestionPicture(bytes: Uint8Array): Promise<{ picture: string; path: string; width: number; height: number }> {
  const found = await fileTypeFromBuffer(bytes);
  if (!found || !(PICTURE_TYPES as readonly string[]).includes(found.mime)) throw refused(422, PICTURE_DAMAGED_MESSAGE);
  const { default: sharp } = await import('sharp');
  let picture: { data: Buffer; info: { width: number; height: number } };
  try {
    picture = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
      .autoOrient()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: QUALITY })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw refused(422, PICTURE_DAMAGED_MESSAGE);
  }
  const name = randomBytes(16).toString('hex');
  await documentStorage().put(questionPictureKey(name), new Uint8Array(picture.data), 'image/webp');
  return { picture: name, path: questionPicturePath(name), width: picture.info.width, height: picture.info.height };
}

/** Whether a picture is kept under `key`. */
export async function pictureKept(key: string): Promise<boolean> {
  return (await documentStorage().read(key, 1)) !== null;
}

/** The kept bytes of picture `name` (a WebP), or null when there is none. */
export async function readQuestionPicture(name: string | undefined): Promise<Uint8Array | null> {
  if (!name || !PICTURE_NAME.test(name)) return null;
  const stored = await documentStorage().read(questionPictureKey(name), MAX_PICTURE_BYTES);
  return stored?.bytes ?? null;
}
