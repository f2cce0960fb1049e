/**
 * POST /api/uploads — a policy for uploading one document of an application form straight to
 * storage: `{form, draft, slot, name, type, size}` for a form being filled, or `{fix, slot, …}`
 * for a document staff asked to be fixed. 201 with the upload's id, its key and the form fields
 * to post with the file (uploads.ts makes it, and its row, before answering).
 */
import type { Config } from '@netlify/functions';
import { UploadRequestSchema } from '../src/lib/schemas/uploads';
import { allowMethods, endpoint, json, readJson, validate } from './_shared/http';
import { createUpload } from './_shared/uploads';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const input = validate(UploadRequestSchema, await readJson(req));
  const policy = await createUpload(input, req, context);
  return json(policy, 201);
});

export const config: Config = { path: '/api/uploads' };
