/**
 * The student's session, shared by every island and page script: the signed-in user, the login
 * dialog's open state, and the actions that change them. Kept free of React and of toasts, so a
 * plain page script (the guard of /account, say) can use it without downloading React; islands
 * show the toasts themselves. The account page's other actions (log out everywhere, change the
 * password) sit beside it in account.ts, so pages that only check the session do not carry them.
 *
 * Browser storage holds exactly what the spec names: `token` (the session) and
 * `activationToken` (a registration waiting for its code). The server keeps a session per token,
 * so logging out ends it there as well (a copied token stops working).
 */
import { atom } from 'nanostores';
import { getJson, postJson, type ApiResult } from '../lib/api';
import type { LoginInput, PublicUser } from '../lib/schemas/user';

/** localStorage key of the session token. */
export const TOKEN_KEY = 'token';
/** localStorage key of a registration waiting for its one-time code. */
export const ACTIVATION_KEY = 'activationToken';

export type AuthStatus = 'loading' | 'signedOut' | 'signedIn';

export interface AuthState {
  /** `loading` until the stored token has been checked with the server. */
  status: AuthStatus;
  /** The signed-in user, null otherwise. */
  user: PublicUser | null;
}

export const $auth = atom<AuthState>({ status: 'loading', user: null });

/** Whether the login dialog is open; any island or page script may open it. */
export const $loginDialogOpen = atom(false);

/** Opens the login dialog (once its island is awake; see LoginDialog). */
export const openLoginDialog = () => $loginDialogOpen.set(true);

/** Closes the login dialog. */
export const closeLoginDialog = () => $loginDialogOpen.set(false);

/** localStorage, or null where the browser refuses it (blocked storage, some private modes). */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** A stored value, or null. */
export const readStored = (key: string): string | null => storage()?.getItem(key) ?? null;

/** Stores a value; a browser that refuses storage simply keeps nothing. */
export function writeStored(key: string, value: string) {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Quota or privacy settings: the session then lasts as long as the page.
  }
}

/** Empties the whole of localStorage, as the spec's logout and verification do. */
export function clearStored() {
  storage()?.clear();
}

/** The user object of an answer, when it has the fields the pages show. */
function asUser(value: unknown): PublicUser | null {
  if (!value || typeof value !== 'object') return null;
  const { _id, name, email, role } = value as Record<string, unknown>;
  if (typeof _id !== 'string' || typeof name !== 'string' || typeof email !== 'string') return null;
  return { _id, name, email, role: typeof role === 'string' ? role : '' };
}

/** The settled session, shared so that every island asking at once makes one request. */
let session: Promise<AuthState> | undefined;

function settle(state: AuthState): AuthState {
  $auth.set(state);
  session = Promise.resolve(state);
  return state;
}

const signedOut = () => settle({ status: 'signedOut', user: null });

/**
 * The server refused `token` (401): it is dropped, unless another tab has stored a new one
 * meanwhile, and the student is signed out, so the next page does not ask again.
 */
export function refused(token: string): AuthState {
  if (readStored(TOKEN_KEY) === token) storage()?.removeItem(TOKEN_KEY);
  return signedOut();
}

/**
 * Checks the stored token with the server (GET /api/user/me, header `token`), once per page.
 * No token, a refused token or a failed request: signed out, silently. A token the server
 * refused (401) is dropped, so the next page does not ask again.
 */
export function loadSession(): Promise<AuthState> {
  session ??= (async () => {
    const token = readStored(TOKEN_KEY);
    if (!token) return signedOut();
    const { ok, status, data } = await getJson<{ user?: unknown }>('/api/user/me', { token });
    const user = ok ? asUser(data.user) : null;
    if (user) return settle({ status: 'signedIn', user });
    return status === 401 ? refused(token) : signedOut();
  })();
  return session;
}

/** What POST /api/user/login answers. */
export interface LoginAnswer {
  token?: string;
  user?: PublicUser;
}

/**
 * Logs in (POST /api/user/login). Success stores the token and signs the user in; anything
 * else leaves them signed out. The caller shows the server's message either way.
 */
export async function login(values: LoginInput): Promise<ApiResult<LoginAnswer>> {
  const result = await postJson<LoginAnswer>('/api/user/login', values);
  const user = asUser(result.data.user);
  const token = result.data.token;
  if (result.ok && typeof token === 'string' && token && user) {
    writeStored(TOKEN_KEY, token);
    settle({ status: 'signedIn', user });
    return result;
  }
  signedOut();
  return { ...result, ok: false };
}

/** How long logout waits for the server before signing out here anyway. */
const LOGOUT_WAIT_MS = 1500;

/** Forgets the session here: all of localStorage (as the spec's logout says) and the user. */
export function endLocally() {
  clearStored();
  signedOut();
}

/**
 * Logs out (the caller says 'Logged out'): first tells the server (POST /api/user/logout, header
 * `token`), so that this token stops working there too, then clears all of localStorage and
 * forgets the user. The request is sent with `keepalive`, so it still goes out if the page is
 * left; it is waited for at most LOGOUT_WAIT_MS, and a slow or failed one never keeps the student
 * signed in here.
 */
export async function logout(): Promise<void> {
  const token = readStored(TOKEN_KEY);
  if (token) {
    const told = postJson('/api/user/logout', {}, { headers: { token }, keepalive: true });
    await Promise.race([told, new Promise((resolve) => setTimeout(resolve, LOGOUT_WAIT_MS))]);
  }
  endLocally();
}
