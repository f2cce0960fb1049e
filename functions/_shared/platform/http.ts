/**
 * JSON answers and what every endpoint runs before its own work (through `endpoint`), so that no
 * endpoint can forget it:
 * - the configuration check (env.ts): a function without its settings answers 503 and logs why;
 * - for a write (POST, PUT, PATCH, DELETE): nothing cross-site (`Origin` not the site's own, or
 *   `Sec-Fetch-Site: cross-site` → 403) and JSON only (`Content-Type: application/json` → else
 *   415), so a page elsewhere cannot make its visitors' browsers post a form here. A request
 *   without `Origin` (the institute's mobile app, curl) is not a browser's cross-site request.
 * Netlify's `[[headers]]` rules do not reach function responses, so each answer carries its own.
 */
import type { Context } from '@netlify/functions';
import type { z } from 'zod';
import { clientIp } from './client';
import { ConfigurationError, env } from './env';
import { fieldErrorsOf } from '../../../src/lib/schemas/field-errors';
import { LANGUAGE_HEADER, localeOf } from '../../../src/i18n/locales';
import { inLocale } from '../../../src/i18n/server-locale';
import {
  server_bad_json,
  server_check_fields,
  server_cross_site,
  server_failed,
  server_method_not_allowed,
  server_send_json,
  server_send_json_or_multipart,
  server_too_large,
  server_unavailable,
} from '../../../src/i18n/messages';

const baseHeaders = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
};

/** A failure the client caused or may retry: answered with its status and message, never a 500. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
    /**
     * Work to do once the answer is on its way, given the client's address: recording a security
     * event (a lockout, a first refusal), telling the institute.
     */
    readonly after?: (address: string) => Promise<unknown>,
  ) {
    super(message);
  }
}

/** A JSON response with the API's standard headers. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...baseHeaders, ...headers } });
}

/**
 * Runs `work` after the answer has gone (Functions v2 `context.waitUntil`), or now when the
 * runtime has no such thing. A failure is logged, never thrown at the caller.
 */
export function afterAnswer(context: Context | undefined, work: () => Promise<unknown>): Promise<void> {
  const run = work().then(
    () => {},
    (error: unknown) => console.error('work after the answer failed:', error),
  );
  if (typeof context?.waitUntil === 'function') {
    context.waitUntil(run);
    return Promise.resolve();
  }
  return run;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The origins a write may come from: this request's own, and the site's addresses on Netlify. */
function ownOrigins(req: Request): Set<string> {
  const { URL: site, DEPLOY_URL, DEPLOY_PRIME_URL } = env();
  const origins = new Set([new URL(req.url).origin]);
  for (const address of [site, DEPLOY_URL, DEPLOY_PRIME_URL]) if (address) origins.add(new URL(address).origin);
  return origins;
}

/** True when a browser sent this request on behalf of another site (a download of personal data checks it too). */
export function crossSite(req: Request): boolean {
  if (req.headers.get('sec-fetch-site') === 'cross-site') return true;
  const origin = req.headers.get('origin');
  if (origin === null) return false;
  if (ownOrigins(req).has(origin)) return false;
  if (env().local) {
    try {
      return !LOOPBACK.has(new URL(origin).hostname);
    } catch {
      return true;
    }
  }
  return true;
}

/** The media type of the request's body (lower case, without parameters), or null. */
function mediaType(req: Request): string | null {
  const type = req.headers.get('content-type');
  return type === null ? null : type.split(';')[0]!.trim().toLowerCase();
}

/** True when a request carries a body (a DELETE usually has none). */
function hasBody(req: Request): boolean {
  if (req.method !== 'DELETE') return true;
  return req.headers.has('content-type') || Number(req.headers.get('content-length') ?? 0) > 0 || req.headers.has('transfer-encoding');
}

/** What a request made on behalf of another site is told (in English: the staff's endpoints). */
export const CROSS_SITE_MESSAGE = 'This request came from another website, so it was refused. Please use the form on our own website.';

/** What an endpoint accepts beyond JSON. */
export interface EndpointOptions {
  /**
   * Also `multipart/form-data` (the application forms' contract for other clients, and the local
   * stand-in of S3's upload form). Still never cross-site: only the Origin check keeps another
   * site's form from posting here, so it is kept for these too.
   */
  multipart?: boolean;
}

/** The checks every write passes before its endpoint's own work. */
function guardWrite(req: Request, { multipart = false }: EndpointOptions): void {
  if (!WRITES.has(req.method)) return;
  if (crossSite(req)) {
    throw new HttpError(403, server_cross_site());
  }
  if (!hasBody(req)) return;
  const type = mediaType(req);
  if (type === 'application/json' || (multipart && type === 'multipart/form-data')) return;
  throw new HttpError(415, multipart ? server_send_json_or_multipart() : server_send_json());
}

/** The language a request asked for (LANGUAGE_HEADER, sent by the site's pages): English without it. */
export const requestLocale = (req: Request) => localeOf(req.headers.get(LANGUAGE_HEADER));

/**
 * Wraps an endpoint: configuration and write checks first; HttpErrors become their JSON answer
 * (`message`, and `error` with the same text for clients that read that field), and their
 * `after` work runs once the answer is on its way; anything else is logged with a request id and
 * answered 500 with that id only. Everything runs in the request's language (requestLocale), so
 * the messages a visitor reads come in the language of the page that asked.
 */
export function endpoint(work: (req: Request, context: Context) => Promise<Response>, options: EndpointOptions = {}) {
  return (req: Request, context: Context): Promise<Response> => inLocale(requestLocale(req), () => answer(req, context, work, options));
}

/** The answer of `work` to `req`, with the checks and failures `endpoint` describes. */
async function answer(
  req: Request,
  context: Context,
  work: (req: Request, context: Context) => Promise<Response>,
  options: EndpointOptions,
): Promise<Response> {
  const requestId = context?.requestId || crypto.randomUUID();
  try {
    env(context?.deploy?.context);
    guardWrite(req, options);
    return await work(req, context);
  } catch (error) {
    if (error instanceof HttpError) {
      const { after } = error;
      if (after) await afterAnswer(context, () => after(clientIp(req, context)));
      return json({ message: error.message, error: error.message, ...error.extra }, error.status, error.headers);
    }
    if (error instanceof ConfigurationError) {
      console.error(`[${requestId}] ${error.message}`);
      const message = server_unavailable();
      return json({ message, error: message, requestId }, 503);
    }
    console.error(`[${requestId}] ${req.method} ${new URL(req.url).pathname} failed:`, error);
    const message = server_failed();
    return json({ message, error: message, requestId }, 500);
  }
}

/** Refuses any method not listed (405 with Allow). */
export function allowMethods(req: Request, ...methods: string[]): void {
  if (!methods.includes(req.method)) {
    throw new HttpError(405, server_method_not_allowed({ method: req.method }), {}, { Allow: methods.join(', ') });
  }
}

/** The body's bytes, or null once it is over `maxBytes` (reading stops there). */
export async function readBody(req: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (Number(req.headers.get('content-length') ?? 0) > maxBytes) return null;
  const reader = req.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return null;
      }
      chunks.push(value);
    }
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** Reads a JSON body of at most `maxBytes` (413 beyond, 400 if it is not JSON). */
export async function readJson(req: Request, maxBytes = 16 * 1024): Promise<unknown> {
  const body = await readBody(req, maxBytes);
  if (body === null) throw new HttpError(413, server_too_large());
  try {
    return JSON.parse(new TextDecoder().decode(body));
  } catch {
    throw new HttpError(400, server_bad_json());
  }
}

/** Parses `data` with `schema`; on failure answers 400 with one message per field. */
export function validate<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw fieldErrors(fieldErrorsOf(result.error.issues));
}

/** The 400 answer for per-field problems found after parsing (a wrong current password, say). */
export function fieldErrors(errors: Record<string, string>): HttpError {
  return new HttpError(400, server_check_fields(), { errors });
}

export { clientIp };
