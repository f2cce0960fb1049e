/**
 * GET /api/course-pictures/{id} (public) → the course picture as kept (a WebP), from this site so
 * the pages' Content-Security-Policy lets it show. A kept picture never changes (a new upload
 * gets a new id), so browsers and the CDN keep it for a year. 404 for anything else.
 */
import type { Config } from '@netlify/functions';
import { allowMethods, endpoint } from './_shared/platform/http';
import { keptPictureResponse } from './_shared/storage/kept-picture';
import { readCoursePicture } from './_shared/storage/course-pictures';

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET', 'HEAD');
  return keptPictureResponse(req, await readCoursePicture(context.params['id']));
});

export const config: Config = { path: '/api/course-pictures/:id' };
