/**
 * Course pictures staff upload, the documents' way (decisions 013 and 018): a POST policy per
 * file, made with its `course_pictures` row before the browser sends a byte; after the upload the
 * whole file is read, judged by its bytes, re-encoded from its pixels at a web size (at most 1200
 * × 900, WebP, no metadata) and kept under a key no policy names; the posted object is deleted.
 * The kept picture is public: GET /api/course-pictures/{id} answers it from this site, so the
 * pages' Content-Security-Policy (`img-src 'self'`) lets it show.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import {
  MAX_PICTURE_BYTES,
  PICTURE_DAMAGED_MESSAGE,
  PICTURE_NOT_FOUND_MESSAGE,
  PICTURE_SIZE_MESSAGE,
  PICTURE_TYPES,
  PICTURE_UNFINISHED_MESSAGE,
  coursePicturePath,
  type CoursePictureChecked,
  type CoursePicturePolicy,
  type CoursePictureRequest,
} from '../../../src/lib/schemas/course-picture';
import { UPLOAD_POLICY_MINUTES } from '../../../src/lib/schemas/uploads';
import { query } from '../platform/db';
import { HttpError } from '../platform/http';
import { documentStorage } from './document-storage';
import { MAX_IMAGE_PIXELS } from './kept-document';

/** The largest picture kept, in pixels: sharp on a phone's screen and a laptop's course card. */
const MAX_WIDTH = 1200;
const MAX_HEIGHT = 900;
/** WebP quality of a kept picture. */
const QUALITY = 80;
/** The stored extension of each type a picture may be posted as. */
const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** Whether `id` could name a picture (anything else names none, and never reaches the database). */
const isPictureId = (id: string | undefined): id is string => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id ?? '');

/** A refusal the Courses form shows beside the picture. */
const refused = (status: number, message: string) => new HttpError(status, message, { errors: { image: message } });

/** Makes the policy (and the row) for one picture `staffId` is about to upload. */
export async function createCoursePicture(input: Required<CoursePictureRequest>, staffId: string, requestUrl: string): Promise<CoursePicturePolicy> {
  const id = randomUUID();
  const key = `course-pictures/posted/${id}.${EXTENSIONS[input.type]}`;
  const expiresAt = new Date(Date.now() + UPLOAD_POLICY_MINUTES * 60_000);
  await query('insert into course_pictures (id, posted_key, created_by) values ($1, $2, $3)', [id, key, staffId]);
  const policy = await documentStorage().presignPost({ key, contentType: input.type, maxBytes: MAX_PICTURE_BYTES, expiresAt });
  return { id, url: new URL(policy.url, requestUrl).href, fields: policy.fields };
}

interface PictureRow {
  posted_key: string;
  key: string | null;
  width: number | null;
  height: number | null;
}

/**
 * Reads the uploaded picture `id` whole and keeps it re-encoded, or refuses it (422, its posted
 * object deleted). Asked again once kept, answers the same picture.
 */
export async function checkCoursePicture(id: string | undefined): Promise<CoursePictureChecked> {
  if (!isPictureId(id)) throw refused(404, PICTURE_NOT_FOUND_MESSAGE);
  const [row] = await query<PictureRow>('select posted_key, key, width, height from course_pictures where id = $1', [id]);
  if (!row) throw refused(404, PICTURE_NOT_FOUND_MESSAGE);
  if (row.key) return { path: coursePicturePath(id), width: row.width!, height: row.height! };
  const storage = documentStorage();
  const stored = await storage.read(row.posted_key, MAX_PICTURE_BYTES);
  if (!stored) throw refused(422, PICTURE_UNFINISHED_MESSAGE);
  const problem = async (message: string) => {
    await storage.delete([row.posted_key]);
    return refused(422, message);
  };
  if (!stored.bytes) throw await problem(PICTURE_SIZE_MESSAGE);
  const found = await fileTypeFromBuffer(stored.bytes);
  if (!found || !(PICTURE_TYPES as readonly string[]).includes(found.mime)) throw await problem(PICTURE_DAMAGED_MESSAGE);

  const { default: sharp } = await import('sharp');
  let picture: { data: Buffer; info: { width: number; height: number } };
  try {
    picture = await sharp(stored.bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
      .autoOrient()
      .resize({ width: MAX_WIDTH, height: MAX_HEIGHT, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: QUALITY })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw await problem(PICTURE_DAMAGED_MESSAGE);
  }
  const key = `course-pictures/${id}-${randomBytes(4).toString('hex')}.webp`;
  await storage.put(key, new Uint8Array(picture.data), 'image/webp');
  const taken = await query('update course_pictures set key = $2, width = $3, height = $4, checked_at = now() where id = $1 and key is null returning 1', [
    id,
    key,
    picture.info.width,
    picture.info.height,
  ]);
  // Two checks at once: the first stands, the other's copy goes.
  if (taken.length === 0) {
    await storage.delete([key]);
    return checkCoursePicture(id);
  }
  await storage.delete([row.posted_key]);
  return { path: coursePicturePath(id), width: picture.info.width, height: picture.info.height };
}

/** The kept bytes of picture `id` (a WebP), or null when there is none. */
export async function readCoursePicture(id: string | undefined): Promise<Uint8Array | null> {
  if (!isPictureId(id)) return null;
  const [row] = await query<{ key: string | null }>('select key from course_pictures where id = $1', [id]);
  if (!row?.key) return null;
  const stored = await documentStorage().read(row.key, MAX_PICTURE_BYTES);
  return stored?.bytes ?? null;
}

/**
 * Deletes, with their objects, the pictures no course shows a day after their upload began:
 * never checked (the upload failed or the form was left), or kept but named by no course's
 * `image` (another picture was chosen, or the course was not saved). Answers how many went.
 */
export async function sweepCoursePictures(): Promise<number> {
  const rows = await query<{ id: string; posted_key: string; key: string | null }>(
    `select p.id::text, p.posted_key, p.key from course_pictures p
      where p.created_at < now() - interval '1 day'
        and not exists (select 1 from courses c where c.image = '/api/course-pictures/' || p.id::text)
      limit 500`,
  );
  if (rows.length === 0) return 0;
  await documentStorage().delete(rows.flatMap((row) => (row.key ? [row.posted_key, row.key] : [row.posted_key])));
  await query('delete from course_pictures where id = any($1::uuid[])', [rows.map((row) => row.id)]);
  return rows.length;
}
