/**
 * Rate limits of the account endpoints, per client address and per e-mail address (kept in
 * Postgres by rateLimit, so they hold across instances). The per-address numbers leave room for a
 * classroom of students behind one address; the per-e-mail numbers stop guessing one account's
 * password or flooding one inbox. E-mail keys are stored hashed, never as the address itself.
 */
import { createHash } from 'node:crypto';
import { rateLimit } from './rate-limit';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const ACCOUNT_LIMITS = {
  login: { ip: [60, 15 * MINUTE], email: [10, 15 * MINUTE] },
  register: { ip: [20, HOUR], email: [5, HOUR] },
  verify: { ip: [30, 15 * MINUTE], email: [10, 15 * MINUTE] },
  'resend-otp': { ip: [20, HOUR], email: [5, HOUR] },
} as const satisfies Record<string, { ip: readonly [number, number]; email: readonly [number, number] }>;

type Action = keyof typeof ACCOUNT_LIMITS;

/** Counts one request of `action` from the client address `ip` (429 beyond the limit). */
export function limitByIp(action: Action, ip: string): Promise<void> {
  const [limit, seconds] = ACCOUNT_LIMITS[action].ip;
  return rateLimit(`user-${action}:ip:${ip}`, limit, seconds);
}

/** Counts one request of `action` for the e-mail address `email` (429 beyond the limit). */
export function limitByEmail(action: Action, email: string): Promise<void> {
  const [limit, seconds] = ACCOUNT_LIMITS[action].email;
  const digest = createHash('sha256').update(email.toLowerCase()).digest('base64url').slice(0, 27);
  return rateLimit(`user-${action}:email:${digest}`, limit, seconds);
}
