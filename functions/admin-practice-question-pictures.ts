/**
 * POST /api/admin/practice/question-pictures (needs 'practice-tests': Owner and Teacher),
 * multipart/form-data with one file `picture` (at most 5 MB; the admin app shrinks it first) →
 * 201 {picture, path, width, height}: the picture judged by its bytes (JPEG, PNG or WebP),
 * re-encoded and kept (question-pictures.ts); `picture` is the name a question's form then saves,
 * `path` its public address. 422 with a message on `picture` for a file that is not a picture,
 * 413 for one too large. Nothing is audited until a question names it (its save is the change).
 */
import type { Config } from '@netlify/functions';
import { MAX_PICTURE_BYTES, PICTURE_SIZE_MESSAGE } from '../src/lib/schemas/course-picture';
import { allowMethods, endpoint, HttpError, json, readBody } from './_shared/platform/http';
import { requireStaff } from './_shared/auth/staff';
import { keepQuestionPicture } from './_shared/practice/question-pictures';

/** A refusal shown beside the picture. */
const refused = (status: number, message: string) => new HttpError(status, message, { errors: { picture: message } });
const CHOOSE = 'Please choose a picture (JPEG, PNG or WebP).';

export default endpoint(
  async (req, context) => {
    allowMethods(req, 'POST');
    await requireStaff(req, context, { need: 'practice-tests' });
    if (!(req.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) throw refused(400, CHOOSE);
    // The whole body, read once with a cap (a form's boundary and headers take a few hundred bytes).
    const body = await readBody(req, MAX_PICTURE_BYTES + 16 * 1024);
    if (body === null) throw refused(413, PICTURE_SIZE_MESSAGE);
    let form: FormData;
    try {
      form = await new Response(body, { headers: { 'content-type': req.headers.get('content-type')! } }).formData();
    } catch {
      throw refused(400, CHOOSE);
    }
    const file = form.get('picture');
    if (!(file instanceof Blob) || file.size === 0) throw refused(400, CHOOSE);
    if (file.size > MAX_PICTURE_BYTES) throw refused(413, PICTURE_SIZE_MESSAGE);
    return json(await keepQuestionPicture(new Uint8Array(await file.arrayBuffer())), 201);
  },
  { multipart: true },
);

export const config: Config = { path: '/api/admin/practice/question-pictures' };
