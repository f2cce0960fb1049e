/**
 * POST /api/admin/course-pictures (staff) `{type, size}` → 201 `{id, url, fields}`: a policy for
 * uploading one course picture straight to storage (the browser posts `fields`, then the file, to
 * `url`); then POST /api/admin/course-pictures/{id}/check.
 */
import type { Config } from '@netlify/functions';
import { CoursePictureRequestSchema } from '../src/lib/schemas/course-picture';
import { allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { requireStaff } from './_shared/auth/staff';
import { createCoursePicture } from './_shared/storage/course-pictures';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const { staff } = await requireStaff(req, context, { need: 'website' });
  const input = validate(CoursePictureRequestSchema, await readJson(req));
  return json(await createCoursePicture(input, staff.id, req.url), 201);
});

export const config: Config = { path: '/api/admin/course-pictures' };
