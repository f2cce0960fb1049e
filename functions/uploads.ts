/**
 * POST /api/uploads — a policy for uploading one document of an application form straight to
 * storage: `{form, draft, slot, name, type, size}` for a form being filled, or `{fix, slot, …}`
 * for a document staff asked to be fixed. 201 with the upload's id, its key and the form fields
 * to post with the file (uploads.ts makes it, and its row, before answering).
 */
import type { Config } from '@netlify/functions';
import { UploadRequestSchema } from '../src/lib/schemas/uploads';
import { allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { createUpload } from './_shared/storage/uploads';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const body = await readJson(req);
  // Judged by the schema of the kind it claims to be, so that each field gets its own message.
  const [forForm, forFix] = UploadRequestSchema.options;
  const input = validate(typeof body === 'object' && body !== null && 'fix' in body ? forFix : forForm, body);
  const policy = await createUpload(input, req, context);
  return json(policy, 201);
});

export const config: Config = { path: '/api/uploads' };
