/**
 * GET /api/course-pictures/{id} (public) → the course picture as kept (a WebP), from this site so
 * the pages' Content-Security-Policy lets it show. A kept picture never changes (a new upload
 * gets a new id), so browsers and the CDN keep it for a year. 404 for anything else.
 */
import type { Config } from '@netlify/functions';
import { HttpError, allowMethods, endpoint } from './_shared/platform/http';
import { readCoursePicture } from './_shared/storage/course-pictures';

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET', 'HEAD');
  const bytes = await readCoursePicture(context.params['id']);
  if (!bytes) throw new HttpError(404, 'There is no such picture.');
  return new Response(req.method === 'HEAD' ? null : Buffer.from(bytes), {
    headers: {
      'Content-Type': 'image/webp',
      'Content-Length': String(bytes.length),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    },
  });
});

export const config: Config = { path: '/api/course-pictures/:id' };
