/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser
 * that signed in to an account once is trusted for that account, so strangers' wrong passwords,
 * which lock the account for every other browser, never lock out the person on their own
 * browser. Decision 030.
 *
 * - The cookie is issued by a complete sign-in (staff: after the second factor; students: a login
 *   or a password reset), one per kind of account and browser: `__Host-staff-device`,
 *   `__Host-device`. HttpOnly, Secure, SameSite=Strict, path /, DEVICE_DAYS long, renewed at
 *   each sign-in. A browser signing in to another account of the same kind is trusted for that
 *   one instead.
 * - It carries a random id, its issue time and an HMAC over both and the account's e-mail (the
 *   address itself is not in it), so it is good for that one account only and cannot be forged
 *   or moved to another.
 * - Nothing is stored: its wrong passwords are counted per device id (`…-failures:device`), so a
 *   stolen or guessing device is bounded; once its own allowance is spent, it is just another
 *   browser, under the account's lock.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { authKeys } from './auth-keys';
import { HttpError } from '../platform/http';
import { attempt, type Attempt, type FailureUse } from '../platform/limits';

/** The two kinds of accounts, each with a device cookie of its own. */
export type DeviceKind = 'staff' | 'student';

/** The cookie name of each kind (`__Host-`: kept only if Secure, path /, no Domain). */
export const DEVICE_COOKIES: Record<DeviceKind, string> = { staff: '__Host-staff-device', student: '__Host-device' };

/** Days a browser stays trusted after its last sign-in. */
export const DEVICE_DAYS = 180;

const DEVICE_SECONDS = DEVICE_DAYS * 24 * 60 * 60;
const VALUE = /^([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

const signature = (kind: DeviceKind, email: string, id: string, issued: number) =>
  createHmac('sha256', authKeys().device).update(`${kind}\n${email.trim().toLowerCase()}\n${id}\n${issued}`).digest('base64url');

/** The Set-Cookie value that trusts this browser for the account of `email`. */
export function deviceCookie(kind: DeviceKind, email: string): string {
  const id = randomBytes(16).toString('base64url');
  const issued = Math.floor(Date.now() / 1000);
  return `${DEVICE_COOKIES[kind]}=${id}.${issued}.${signature(kind, email, id, issued)}; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=${DEVICE_SECONDS}`;
}

/** The id of the request's device cookie when it is a live one for the account of `email`, else null. */
export function trustedDevice(req: Request, kind: DeviceKind, email: string): string | null {
  for (const part of (req.headers.get('cookie') ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== DEVICE_COOKIES[kind]) continue;
    const match = VALUE.exec(rest.join('='));
    if (!match) continue;
    const [, id, issuedText, mac] = match as unknown as [string, string, string, string];
    const issued = Number(issuedText);
    const age = Date.now() / 1000 - issued;
    if (age < -300 || age > DEVICE_SECONDS) continue;
    const expected = Buffer.from(signature(kind, email, id, issued));
    if (expected.length === mac.length && timingSafeEqual(expected, Buffer.from(mac))) return id;
  }
  return null;
}

/**
 * `attempt` for a sign-in: a trusted device's tries count against its own limit (`device`),
 * and every other browser's against the account's (`untrusted`: per network and in total). A
 * device whose own allowance is spent is tried as an untrusted browser, so it is never stopped
 * sooner than a stranger's.
 */
export async function signInAttempt<T>(device: FailureUse | null, untrusted: readonly FailureUse[], work: (tries: Attempt) => Promise<T>): Promise<T> {
  if (device) {
    let started = false;
    try {
      return await attempt([device], (tries) => {
        started = true;
        return work(tries);
      });
    } catch (error) {
      // Only the device's own refusal falls through; what the work answered stands.
      if (started || !(error instanceof HttpError) || error.status !== 429) throw error;
    }
  }
  return attempt(untrusted, work);
}
