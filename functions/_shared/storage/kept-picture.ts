/**
 * A picture the site keeps (a course's, a question's: WebP, re-encoded when uploaded) answered to
 * GET or HEAD. A kept picture never changes (a new upload gets a new name), so browsers and the CDN
 * keep it for a year. 404 in words when there is none.
 */
import { HttpError } from '../platform/http';

/** The answer to `req` for the kept picture `bytes` (null: there is no such picture). */
export function keptPictureResponse(req: Request, bytes: Uint8Array | null): Response {
  if (!bytes) throw new HttpError(404, 'There is no such picture.');
  return new Response(req.method === 'HEAD' ? null : Buffer.from(bytes), {
    headers: {
      'Content-Type': 'image/webp',
      'Content-Length': String(bytes.length),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
