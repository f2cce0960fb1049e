/**
 * JSON answers and the guards every endpoint runs first. Netlify's `[[headers]]` rules do not
 * reach function responses, so each answer carries its own headers here.
 */
import type { Context } from '@netlify/functions';
import type { z } from 'zod';

const baseHeaders = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/** A failure the client caused or may retry: answered with its status and message, never a 500. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** A JSON response with the API's standard headers. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...baseHeaders, ...headers } });
}

/**
 * Wraps an endpoint: HttpErrors become their JSON answer (`message`, and `error` with the same
 * text for clients that read that field); anything else is logged with a request id and answered
 * 500 with that id only.
 */
export function endpoint(work: (req: Request, context: Context) => Promise<Response>) {
  return async (req: Request, context: Context): Promise<Response> => {
    try {
      return await work(req, context);
    } catch (error) {
      if (error instanceof HttpError) {
        return json({ message: error.message, error: error.message, ...error.extra }, error.status, error.headers);
      }
      const requestId = context?.requestId || crypto.randomUUID();
      console.error(`[${requestId}] ${req.method} ${new URL(req.url).pathname} failed:`, error);
      const message = 'Something went wrong on our side. Please try again, or call us and quote this request id.';
      return json({ message, error: message, requestId }, 500);
    }
  };
}

/** Refuses any method not listed (405 with Allow). */
export function allowMethods(req: Request, ...methods: string[]): void {
  if (!methods.includes(req.method)) {
    throw new HttpError(405, `Method ${req.method} is not allowed here.`, {}, { Allow: methods.join(', ') });
  }
}

/** Reads a JSON body of at most `maxBytes` (413 beyond, 400 if it is not JSON). */
export async function readJson(req: Request, maxBytes = 16 * 1024): Promise<unknown> {
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw new HttpError(413, 'The request is too large.');
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
        throw new HttpError(413, 'The request is too large.');
      }
      chunks.push(value);
    }
  }
  const text = new TextDecoder().decode(Buffer.concat(chunks));
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.');
  }
}

/** Parses `data` with `schema`; on failure answers 400 with one message per field. */
export function validate<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || 'body';
    errors[field] ??= issue.message;
  }
  throw new HttpError(400, 'Please check the highlighted fields and try again.', { errors });
}

/** The caller's IP address as Netlify reports it. */
export function clientIp(req: Request, context: Context): string {
  // Netlify sets both from the connection; a client-sent X-Forwarded-For is never trusted here.
  return context?.ip || req.headers.get('x-nf-client-connection-ip') || 'unknown';
}
