/**
 * What the browser keeps of a staff sign-in, shared by the sign-in page and the admin app (and
 * nothing else, so neither drags the other's code along).
 *
 * The credential is the HttpOnly `__Host-staff` cookie, which no script can read. `adminToken`
 * (the spec's key) holds only the marker the server returned ('signed-in'): it tells the app that
 * asking GET /api/admin/me is worth a request, and proves nothing. `adminProfileImage` is the
 * avatar picture, kept in this browser only. A sign-in between the password and the code is
 * remembered for the tab in sessionStorage (`adminSignIn`), so a reload resumes it.
 */

/** localStorage key of the signed-in marker. */
export const ADMIN_TOKEN_KEY = 'adminToken';
/** localStorage key of the avatar picture (a small JPEG data: address). */
export const PROFILE_IMAGE_KEY = 'adminProfileImage';
/** sessionStorage key of a sign-in waiting for its second step ('verify' or 'enrol'). */
export const SIGN_IN_KEY = 'adminSignIn';

/** A storage area, or null where the browser refuses it (blocked storage, some private modes). */
function area(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

function read(kind: 'localStorage' | 'sessionStorage', key: string): string | null {
  try {
    return area(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(kind: 'localStorage' | 'sessionStorage', key: string, value: string | null): boolean {
  try {
    if (value === null) area(kind)?.removeItem(key);
    else area(kind)?.setItem(key, value);
    return true;
  } catch {
    // Quota or privacy settings: nothing is kept.
    return false;
  }
}

/** Whether this browser holds the signed-in marker. */
export const hasAdminMarker = () => Boolean(read('localStorage', ADMIN_TOKEN_KEY));

/** Stores the marker the server returned at the end of a sign-in, and forgets the half-done one. */
export function markSignedIn(token: string) {
  write('localStorage', ADMIN_TOKEN_KEY, token);
  write('sessionStorage', SIGN_IN_KEY, null);
}

/** Forgets the marker (logout, or the server said the session is over). The avatar stays. */
export function clearAdminMarker() {
  write('localStorage', ADMIN_TOKEN_KEY, null);
  write('sessionStorage', SIGN_IN_KEY, null);
}

/** The second step a sign-in in this tab is waiting for, if any. */
export const pendingSignIn = () => read('sessionStorage', SIGN_IN_KEY);

/** Remembers (or, with null, forgets) that this tab's sign-in waits for its second step. */
export const setPendingSignIn = (next: 'verify' | 'enrol' | null) => write('sessionStorage', SIGN_IN_KEY, next);

/** The avatar picture kept in this browser, or null. */
export const readProfileImage = () => read('localStorage', PROFILE_IMAGE_KEY);

/** Keeps the avatar picture; false when the browser refused to store it. */
export const writeProfileImage = (dataUrl: string) => write('localStorage', PROFILE_IMAGE_KEY, dataUrl);

/** sessionStorage key of the admin address to reopen after signing in again. */
export const RETURN_KEY = 'adminReturnTo';
/** sessionStorage key of the notice that the session ended, for the sign-in page. */
export const ENDED_KEY = 'adminSessionEnded';
/** What the sign-in page says when the session ended under the app. */
export const SESSION_ENDED_MESSAGE = 'Your session ended; sign in again.';

/** Remembers that the session ended on `returnTo` (an admin address), for the sign-in page and after it. */
export function markSessionEnded(returnTo: string) {
  write('sessionStorage', ENDED_KEY, SESSION_ENDED_MESSAGE);
  if (returnTo.startsWith('/') && !returnTo.startsWith('//')) write('sessionStorage', RETURN_KEY, returnTo);
}

/** The notice that the session ended, removed as it is read; null when there is none. */
export function takeSessionEnded(): string | null {
  const message = read('sessionStorage', ENDED_KEY);
  write('sessionStorage', ENDED_KEY, null);
  return message;
}

/** The admin address to reopen after signing in, removed as it is read; null when there is none. */
export function takeReturnPath(): string | null {
  const path = read('sessionStorage', RETURN_KEY);
  write('sessionStorage', RETURN_KEY, null);
  return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
}
