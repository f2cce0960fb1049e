/**
 * One-time codes of registrations (table otp_challenges, keyed by the activation token's `jti`):
 * six random digits, e-mailed, stored only as an HMAC, valid 10 minutes, 5 wrong tries, one
 * live code per e-mail address (a newer code supersedes the older ones), 60 seconds between two
 * codes for one address.
 */
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { PoolClient } from '@neondatabase/serverless';
import site from '../../content/site.json';
import { OTP_VALID_MINUTES, RESEND_COOLDOWN_SECONDS } from '../../src/lib/schemas/user';
import { authKeys } from './auth';
import { sendMail } from './mail';

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

/** Seconds left before another code may go to `email` (0 when one may). */
export async function cooldownLeft(client: PoolClient, email: string): Promise<number> {
  const { rows } = await client.query<{ left: number | null }>(
    `select extract(epoch from (max(sent_at) + make_interval(secs => $2) - now()))::float8 as left
       from otp_challenges where lower(email) = lower($1)`,
    [email, RESEND_COOLDOWN_SECONDS],
  );
  const left = rows[0]?.left ?? 0;
  return left > 0 ? Math.ceil(left) : 0;
}

/**
 * Supersedes every live code of `email` and stores a new challenge (inside the caller's
 * transaction, after lockEmail). Returns its id and the plain code, which only goes out by mail.
 */
export async function newChallenge(client: PoolClient, email: string): Promise<{ jti: string; code: string }> {
  await client.query(
    `update otp_challenges set superseded_at = now()
      where lower(email) = lower($1) and consumed_at is null and superseded_at is null`,
    [email],
  );
  const jti = randomUUID();
  const code = newCode();
  await client.query(
    `insert into otp_challenges (jti, email, otp_hash, expires_at)
     values ($1, $2, $3, now() + make_interval(mins => $4))`,
    [jti, email, hashCode(jti, code), OTP_VALID_MINUTES],
  );
  return { jti, code };
}

/** E-mails the code. */
export async function sendCodeMail(to: string, name: string, code: string): Promise<void> {
  await sendMail({
    to,
    subject: 'Your verification code',
    text: [
      `Hello ${name},`,
      '',
      `Your verification code for ${site.name} is: ${code}`,
      '',
      `It is valid for ${OTP_VALID_MINUTES} minutes. Enter it on the verification page to finish creating your account.`,
      '',
      'If you did not register, ignore this e-mail: no account is created without the code.',
    ].join('\n'),
  });
}
