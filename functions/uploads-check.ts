/**
 * POST /api/uploads/check — `{uploadId, draft}` (or `{uploadId, fix}`): right after a file's
 * upload, the whole stored file is read and judged (uploads.ts). 200 `{uploadId, type, size}`,
 * the file kept as checked (what is posted with its policy later never counts; asked again, the
 * same answer); a file that is not what it claims is deleted and refused with 422 and a message
 * on its slot.
 */
import type { Config } from '@netlify/functions';
import { UploadCheckSchema } from '../src/lib/schemas/uploads';
import { findFixTarget } from './_shared/applications/fix-token';
import { allowMethods, endpoint, fieldErrors, json, readJson, validate } from './_shared/platform/http';
import { byClient, enforce } from './_shared/platform/limits';
import { checkUpload } from './_shared/storage/uploads';
import { server_upload_no_draft } from '../src/i18n/messages';

/** The answer for a check that names no fill (or both a fill and a link). */

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const input = validate(UploadCheckSchema, await readJson(req));
  // One owner exactly: the fill of a form, or a fix link.
  if (!input.draft === !input.fix) throw fieldErrors({ draft: server_upload_no_draft() });
  await enforce([['upload-checks:address', byClient(req, context)]]);
  if (input.fix) await enforce([['fix-link:address', byClient(req, context)]]);
  const owner = input.fix ? { fix: await findFixTarget(input.fix) } : { draft: input.draft! };
  return json(await checkUpload(input.uploadId, owner));
});

export const config: Config = { path: '/api/uploads/check' };
