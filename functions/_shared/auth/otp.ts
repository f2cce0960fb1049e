/**
 * One-time codes (table otp_challenges, keyed by the `jti` of the token that goes with the code),
 * for confirming a registration and for resetting a password: six random digits, e-mailed,
 * stored only as an HMAC, valid 10 minutes, 5 wrong tries, one live code per address and purpose
 * (a newer code supersedes the older ones), 60 seconds between two codes for one address.
 *
 * Every e-mail here goes to an address a stranger may have typed, so none carries text a
 * stranger wrote: no name, only fixed wording and the code, in the language of the page that asked
 * (or of the account).
 */
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { PoolClient } from '@neondatabase/serverless';
import site from '../../../content/site.json';
import { OTP_MAX_ATTEMPTS, OTP_VALID_MINUTES, RESEND_COOLDOWN_SECONDS } from '../../../src/lib/schemas/user';
import { authKeys } from './auth-keys';
import { HttpError } from '../platform/http';
import { sendMail } from '../platform/mail';
import { pageIn, type Locale } from '../platform/language';
import {
  email_code_ignore,
  email_code_line,
  email_code_subject,
  email_code_valid,
  email_exists_forgot,
  email_exists_ignore,
  email_exists_login,
  email_exists_subject,
  email_exists_tried,
  email_hello,
  email_reset_ignore,
  email_reset_line,
  email_reset_link,
  email_reset_subject,
  email_reset_valid,
  server_code_expired,
  server_code_superseded,
  server_code_too_many_wrong,
  server_code_used_reset,
  server_code_used_verified,
  server_code_wait,
  server_code_wait_one,
  server_code_wrong,
  server_code_wrong_none_left,
  server_code_wrong_one_left,
} from '../../../src/i18n/messages';

export type Purpose = 'register' | 'password-reset';

/** Six random digits, leading zeros allowed. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** The stored form of `code`: HMAC-SHA256 bound to its challenge, so a hash fits no other one. */
export function hashCode(jti: string, code: string): string {
  return createHmac('sha256', authKeys().otp).update(`${jti}:${code}`).digest('hex');
}

/** Compares a code the user typed with the stored hash in constant time. */
export function codeMatches(jti: string, code: string, storedHash: string): boolean {
  const expected = Buffer.from(storedHash, 'hex');
  const actual = Buffer.from(hashCode(jti, code), 'hex');
  return expected.length === actual.length && timingSafeEqual(actual, expected);
}

/** Serialises everything that sends or checks codes for one e-mail address (until commit). */
export async function lockEmail(client: PoolClient, email: string): Promise<void> {
  await client.query(`select pg_advisory_xact_lock(hashtextextended('otp:' || lower($1), 0))`, [email]);
}

/** Seconds left before another code of `purpose` may go to `email` (0 when one may). */
export async function cooldownLeft(client: PoolClient, email: string, purpose: Purpose): Promise<number> {
  const { rows } = await client.query<{ left: number | null }>(
    `select extract(epoch from (max(sent_at) + make_interval(secs => $2) - now()))::float8 as left
       from otp_challenges where lower(email) = lower($1) and purpose = $3`,
    [email, RESEND_COOLDOWN_SECONDS, purpose],
  );
  const left = rows[0]?.left ?? 0;
  return left > 0 ? Math.ceil(left) : 0;
}

/** The 429 answer inside the 60 seconds between two codes. */
export function cooldownError(seconds: number): HttpError {
  return new HttpError(
    429,
    (seconds === 1 ? server_code_wait_one : server_code_wait)({ seconds }),
    { retryAfter: seconds },
    { 'Retry-After': String(seconds) },
  );
}

/**
 * Supersedes every live code of `email` for `purpose` and stores a new challenge (inside the
 * caller's transaction, after lockEmail). Returns its id and the plain code, which only ever
 * leaves by mail. A challenge whose code is never sent (an address with an account registering
 * again, a reset for an unknown address) is made the same way, so the answers look the same.
 */
export async function newChallenge(client: PoolClient, email: string, purpose: Purpose): Promise<{ jti: string; code: string }> {
  await client.query(
    `update otp_challenges set superseded_at = now()
      where lower(email) = lower($1) and purpose = $2 and consumed_at is null and superseded_at is null`,
    [email, purpose],
  );
  const jti = randomUUID();
  const code = newCode();
  await client.query(
    `insert into otp_challenges (jti, email, otp_hash, expires_at, purpose)
     values ($1, $2, $3, now() + make_interval(mins => $4), $5)`,
    [jti, email, hashCode(jti, code), OTP_VALID_MINUTES, purpose],
  );
  return { jti, code };
}

interface Challenge {
  email: string;
  otp_hash: string;
  attempts: number;
  expired: boolean;
  consumed: boolean;
  superseded: boolean;
}

/**
 * Checks `code` against the challenge `jti` of `email` (inside the caller's transaction, the row
 * locked, so parallel guesses never exceed the attempt limit). Throws for a challenge that is
 * gone, used, superseded, expired or out of attempts; returns null for the right code, or the
 * attempts left after a wrong one (the caller must commit that count, not throw it away).
 */
export async function attemptCode(
  client: PoolClient,
  { jti, email, purpose, code, invalid }: { jti: string; email: string; purpose: Purpose; code: string; invalid: string },
): Promise<{ attemptsLeft: number } | null> {
  const { rows } = await client.query<Challenge>(
    `select email, otp_hash, attempts, expires_at <= now() as expired,
            consumed_at is not null as consumed, superseded_at is not null as superseded
       from otp_challenges where jti = $1 and purpose = $2 for update`,
    [jti, purpose],
  );
  const challenge = rows[0];
  if (!challenge || challenge.email.toLowerCase() !== email.toLowerCase()) throw new HttpError(400, invalid);
  if (challenge.consumed) {
    throw new HttpError(409, purpose === 'register' ? server_code_used_verified() : server_code_used_reset());
  }
  if (challenge.superseded) throw new HttpError(410, server_code_superseded());
  if (challenge.attempts >= OTP_MAX_ATTEMPTS) throw new HttpError(410, server_code_too_many_wrong());
  if (challenge.expired) throw new HttpError(410, server_code_expired());

  if (codeMatches(jti, code, challenge.otp_hash)) {
    await client.query('update otp_challenges set consumed_at = now() where jti = $1', [jti]);
    return null;
  }
  const { rows: updated } = await client.query<{ attempts: number }>('update otp_challenges set attempts = attempts + 1 where jti = $1 returning attempts', [
    jti,
  ]);
  return { attemptsLeft: Math.max(0, OTP_MAX_ATTEMPTS - updated[0]!.attempts) };
}

/** The 400 answer to a wrong code. */
export function wrongCodeError(attemptsLeft: number): HttpError {
  const message = attemptsLeft > 0 ? (attemptsLeft === 1 ? server_code_wrong_one_left : server_code_wrong)({ attemptsLeft }) : server_code_wrong_none_left();
  return new HttpError(400, message, { attemptsLeft });
}

/** The end of every code mail: the institute's name, phone and website. */
const signature = ['', `— ${site.name}`, `${site.phone} · ${site.website}`];

/** E-mails a registration code, in `locale` (the language of the page the person registered on). */
export async function sendCodeMail(to: string, code: string, locale: Locale = 'en'): Promise<void> {
  await sendMail({
    to,
    subject: email_code_subject({}, { locale }),
    text: [
      email_hello({}, { locale }),
      '',
      email_code_line({ institute: site.name, code }, { locale }),
      '',
      email_code_valid({ minutes: OTP_VALID_MINUTES }, { locale }),
      '',
      email_code_ignore({}, { locale }),
      ...signature,
    ].join('\n'),
  });
}

/** Tells an address that registered again that it already has an account (no code: nothing to verify), in `locale`. */
export async function sendAccountExistsMail(to: string, locale: Locale = 'en'): Promise<void> {
  await sendMail({
    to,
    subject: email_exists_subject({}, { locale }),
    text: [
      email_hello({}, { locale }),
      '',
      email_exists_tried({ institute: site.name }, { locale }),
      '',
      email_exists_login({ link: `${site.website}${pageIn('/login', locale)}` }, { locale }),
      email_exists_forgot({ link: `${site.website}${pageIn('/forgot-password', locale)}` }, { locale }),
      '',
      email_exists_ignore({}, { locale }),
      ...signature,
    ].join('\n'),
  });
}

/** The page a reset e-mail's link opens (in `locale`), with its token after `#` (never sent to a server or a referrer). */
export const resetLinkUrl = (token: string, locale: Locale = 'en') => `${site.website}${pageIn('/forgot-password', locale)}#link=${token}`;

/** E-mails a password-reset code, and the link (its token `link`) that resets without it, in `locale`. */
export async function sendResetCodeMail(to: string, code: string, link: string, locale: Locale = 'en'): Promise<void> {
  await sendMail({
    to,
    subject: email_reset_subject({}, { locale }),
    text: [
      email_hello({}, { locale }),
      '',
      email_reset_line({ institute: site.name, code }, { locale }),
      '',
      email_reset_valid({ minutes: OTP_VALID_MINUTES }, { locale }),
      '',
      email_reset_link({}, { locale }),
      resetLinkUrl(link, locale),
      '',
      email_reset_ignore({}, { locale }),
      ...signature,
    ].join('\n'),
  });
}
