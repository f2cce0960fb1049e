/**
 * A small typed wrapper around fetch for /api/*: JSON in, JSON out, never throws on HTTP errors.
 * Every call says the page's language (LANGUAGE_HEADER), so the server's messages come in it.
 */

/**
 * The header naming the page's language (its `<html lang>`, 'hi-IN' on a Hindi page), for any call
 * to the site's API: LANGUAGE_HEADER of src/i18n/locales.ts, which the server reads with localeOf.
 * Written out here, so that the helper every page's scripts load needs no other module
 * (tests/unit/api-language.test.ts checks the two agree).
 */
export const languageHeaders = (): Record<string, string> => (typeof document === 'undefined' ? {} : { 'x-language': document.documentElement.lang });

export interface ApiResult<T> {
  /** True for a 2xx answer. */
  ok: boolean;
  /** HTTP status, or 0 when the network failed. */
  status: number;
  /** The parsed JSON answer (an empty object if there was none). */
  data: T & { message?: string; error?: string; errors?: Record<string, string> };
  /** Seconds from a Retry-After header (429 and 503 answers), if the server sent one. */
  retryAfter?: number | undefined;
}

/** Seconds of a Retry-After header given in seconds; undefined otherwise. */
const retryAfterOf = (response: Response) => {
  const seconds = Number(response.headers.get('retry-after'));
  return response.headers.has('retry-after') && Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
};

/** Options of a POST beyond its body. */
export interface PostOptions {
  /** Makes retries and double clicks safe: the server stores the first and answers the rest alike. */
  idempotencyKey?: string | undefined;
  /** Extra request headers (the account's `token`, say), named in lower case, so that the
   *  content type below always wins. */
  headers?: Record<Lowercase<string>, string> | undefined;
  /** Lets the request finish even if the page is left meanwhile (logout). */
  keepalive?: boolean | undefined;
}

/** Sends `body` as JSON to the site's own API (the only kind of write the API accepts). */
export async function postJson<T = Record<string, unknown>>(
  path: string,
  body: unknown,
  { idempotencyKey, headers = {}, keepalive = false }: PostOptions = {},
): Promise<ApiResult<T>> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      // Last, so that the extra headers can never change how the body is sent.
      headers: {
        ...languageHeaders(),
        ...headers,
        'content-type': 'application/json',
        accept: 'application/json',
        ...(idempotencyKey && { 'idempotency-key': idempotencyKey }),
      },
      body: JSON.stringify(body),
      keepalive,
    });
    const data = (await response.json().catch(() => ({}))) as ApiResult<T>['data'];
    return { ok: response.ok, status: response.status, data, retryAfter: retryAfterOf(response) };
  } catch {
    return { ok: false, status: 0, data: {} as ApiResult<T>['data'] };
  }
}

/** Reads JSON with a GET; `headers` adds request headers (the account token, say). */
export async function getJson<T = Record<string, unknown>>(path: string, headers: Record<string, string> = {}): Promise<ApiResult<T>> {
  try {
    const response = await fetch(path, { headers: { accept: 'application/json', ...languageHeaders(), ...headers } });
    const data = (await response.json().catch(() => ({}))) as ApiResult<T>['data'];
    return { ok: response.ok, status: response.status, data, retryAfter: retryAfterOf(response) };
  } catch {
    return { ok: false, status: 0, data: {} as ApiResult<T>['data'] };
  }
}
