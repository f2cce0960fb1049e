// Netlify's CDN sends text responses (pages, CSS, JS, SVG, JSON from functions) compressed with
// Brotli or gzip, whichever the browser accepts. The emulator sends them as they are on disk, which
// would make every local measurement in a browser (Lighthouse's bytes and timings)
// worse than production. This does what the CDN does, for the local server.
import { Readable } from 'node:stream';
import zlib from 'node:zlib';

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json|ld\+json|rss\+xml)|image\/svg\+xml)/i;
// Below this a compressed body is hardly smaller and costs a header more.
const MIN_BYTES = 1024;
/** The encoding to use for this request and response, or null to send the body as it is. */
export function chooseEncoding(acceptEncoding, response) {
  if (!response.body || response.headers.has('content-encoding')) return null;
  if (!COMPRESSIBLE.test(response.headers.get('content-type') ?? '')) return null;
  const length = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(length) && length < MIN_BYTES) return null;
  const accepted = String(acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || Number(q.split('=')[1]) > 0)
    .map(([name]) => name.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
}

/**
 * Returns `{ headers, body }` for `response` compressed with `encoding` as a stream (Brotli at
 * quality 5, gzip at level 6: a few milliseconds for the largest page). Headers gain
 * Content-Encoding and Vary; the identity length no longer applies.
 */
export function compress(response, encoding) {
  const headers = new Headers(response.headers);
  headers.set('content-encoding', encoding);
  headers.append('vary', 'Accept-Encoding');
  headers.delete('content-length');
  const etag = headers.get('etag');
  // A strong validator names the identity bytes, not these: weaken it as the CDN does.
  if (etag && !etag.startsWith('W/')) headers.set('etag', `W/${etag}`);
  const stream =
    encoding === 'br'
      ? zlib.createBrotliCompress({
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          },
        })
      : zlib.createGzip({ level: 6 });
  return { headers, body: Readable.fromWeb(response.body).pipe(stream) };
}
