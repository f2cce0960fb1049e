/**
 * The admin app's API client: JSON over fetch with the session cookie (`credentials:
 * 'same-origin'`; the cookie is HttpOnly, so nothing here ever sees it). A 401 at any time means
 * the session is over (idle timeout, account disabled, signed out elsewhere): open forms keep
 * their unsaved work in this tab, and the browser goes to /adminLogin, which says "Your session
 * ended; sign in again" and brings staff back to this screen afterwards. Any other failure throws
 * an ApiError carrying the server's answer.
 */
import { nextLink } from '../lib/link-header';
import { clearAdminMarker, markSessionEnded } from '../stores/admin-session';
import { keepDrafts } from './drafts';

/** A failed call: the HTTP status (0 when the network failed) and what the server said. */
export class ApiError extends Error {
  /** HTTP status, or 0 without an answer. */
  readonly status: number;
  /** The answer's JSON: `message`, `error`, per-field `errors`, a 409's `current`… */
  readonly data: ApiFailure;

  constructor(status: number, data: ApiFailure) {
    super(data.message || data.error || `HTTP ${status}`);
    this.status = status;
    this.data = data;
  }
}

/** The JSON of a failed answer. */
export interface ApiFailure {
  message?: string;
  error?: string;
  errors?: Record<string, string>;
  current?: unknown;
  [key: string]: unknown;
}

/** Leaves the app: there never was a session here (the spec sends such a visit home). */
export function leaveApp(to = '/') {
  clearAdminMarker();
  location.replace(to);
}

let ending = false;

/** The session ended under the app: keeps unsaved work and the screen, then opens the sign-in page. */
export function sessionEnded() {
  if (ending) return;
  ending = true;
  keepDrafts();
  markSessionEnded(location.pathname + location.search);
  clearAdminMarker();
  location.replace('/adminLogin');
}

/** Calls the API: GET without `body`, else the method given (POST by default) with a JSON body. */
export async function api<T>(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<T> {
  return (await call<T>(path, init)).data;
}

/** One page of a list: its rows and the address of the next page (null on the last). */
export interface ListPage<T> {
  rows: T[];
  next: string | null;
}

/**
 * One page of the list at `address`: the rows `rowsOf` finds in the body (a bare list, `{users}`,
 * `{items}`), and the next page's address from the `Link` header (rel="next"), or, for a list
 * answering `{items, next}`, the same address with `after` set to that cursor.
 */
export async function apiPage<T>(address: string, rowsOf: (body: unknown) => T[]): Promise<ListPage<T>> {
  const { data, response } = await call<unknown>(address);
  const linked = nextLink(response.headers.get('link'));
  const cursor = (data as { next?: unknown } | null)?.next;
  let next = linked;
  if (!next && typeof cursor === 'string') {
    const url = new URL(address, location.origin);
    url.searchParams.set('after', cursor);
    next = `${url.pathname}${url.search}`;
  }
  return { rows: rowsOf(data), next };
}

async function call<T>(
  path: string,
  { method, body, headers }: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ data: T; response: Response }> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: method ?? (body === undefined ? 'GET' : 'POST'),
      credentials: 'same-origin',
      // Staff always see the records as they are now, never a copy the browser kept.
      cache: 'no-store',
      headers: { accept: 'application/json', ...(body !== undefined && { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? null : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, { message: 'The server could not be reached. Please check the connection and try again.' });
  }
  const data = (await response.json().catch(() => ({}))) as T & ApiFailure;
  if (response.status === 401) {
    sessionEnded();
    throw new ApiError(401, data);
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return { data, response };
}

/** The query string of a list call, leaving out empty values. */
export function listQuery(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The server's message of a failure, or `fallback`. */
export const messageOf = (error: unknown, fallback: string) => (error instanceof ApiError && (error.data.message || error.data.error)) || fallback;
