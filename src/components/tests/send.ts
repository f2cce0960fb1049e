/**
 * The test pages' calls to /api/tests…: JSON with the session's `token` and the page's language
 * (so a refusal comes in the student's words), never throwing: a failed network is status 0.
 */
import { pathIn, type Locale } from '../../i18n/locales';
import { languageHeaders, type ApiResult } from '../../lib/api';
import { readStored, TOKEN_KEY } from '../../stores/auth';

/** Sends (or, without a body, reads) JSON at `path` as the signed-in student. */
export async function send<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<ApiResult<T>> {
  try {
    const response = await fetch(path, {
      method,
      headers: {
        ...languageHeaders(),
        token: readStored(TOKEN_KEY) ?? '',
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const data = (await response.json().catch(() => ({}))) as ApiResult<T>['data'];
    return { ok: response.ok, status: response.status, data };
  } catch {
    return { ok: false, status: 0, data: {} as ApiResult<T>['data'] };
  }
}

/** The address of attempt `id`'s result, in the page's language. */
export const resultPath = (id: string, locale: Locale) => `${pathIn('/tests/result', locale)}?id=${encodeURIComponent(id)}`;
/** The address to take attempt `id`, in the page's language. */
export const attemptPath = (id: string, locale: Locale) => `${pathIn('/tests/attempt', locale)}?id=${encodeURIComponent(id)}`;
