/**
 * POST /api/admin/course-pictures/{id}/check (staff) → `{path, width, height}`: the uploaded
 * picture read whole, judged by its bytes, kept re-encoded at a web size; `path` is its public
 * address, for the course's `image`. 422 with a message on `image` for a file that is not a
 * picture (deleted), or whose upload never arrived; 404 for an unknown id.
 */
import type { Config } from '@netlify/functions';
import { allowMethods, endpoint, json } from './_shared/platform/http';
import { requireStaff } from './_shared/auth/staff';
import { checkCoursePicture } from './_shared/storage/course-pictures';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  await requireStaff(req, context, { need: 'website' });
  return json(await checkCoursePicture(context.params['id']));
});

export const config: Config = { path: '/api/admin/course-pictures/:id/check' };
