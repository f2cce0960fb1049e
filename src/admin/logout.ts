/** Logout: ends the session on the server, forgets the marker here, and opens /adminLogin. */
import { setFlash } from '../lib/flash';
import { clearAdminMarker } from '../stores/admin-session';

/** How long logout waits for the server before leaving anyway. */
const WAIT_MS = 3000;

/**
 * POST /api/admin/logout (which also removes the cookie), then the spec's logout: the
 * `adminToken` marker is removed and /adminLogin opens with 'Logged out'. The avatar picture
 * (`adminProfileImage`) stays: the spec's logout removes the token only, and the picture is no
 * secret. A slow or failed call never keeps anyone signed in here: the cookie is HttpOnly and
 * only the server can end the session, so the call is sent with keepalive and waited for.
 */
export async function logout(message = 'Logged out'): Promise<void> {
  const told = fetch('/api/admin/logout', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: '{}',
    keepalive: true,
  }).catch(() => undefined);
  await Promise.race([told, new Promise((resolve) => setTimeout(resolve, WAIT_MS))]);
  clearAdminMarker();
  setFlash(message);
  location.assign('/adminLogin');
}
