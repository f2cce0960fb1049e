/**
 * Deletes bookkeeping rows that can no longer change any answer:
 * - rate-limit windows that started more than a day ago (the longest window is one hour);
 * - one-time-code challenges that expired more than a day ago (a code lives 10 minutes, its
 *   activation token 30);
 * - idempotency keys older than a day (a form's retries come within seconds or minutes; a
 *   submission repeated a day later is stored again).
 * Leads, contact messages and users are never touched here.
 */
import { query } from './db';

export interface Swept {
  rateLimits: number;
  otpChallenges: number;
  idempotencyKeys: number;
}

export async function sweepExpired(): Promise<Swept> {
  const count = async (sql: string) => (await query<{ n: number }>(`with gone as (${sql} returning 1) select count(*)::int as n from gone`))[0]?.n ?? 0;
  return {
    rateLimits: await count(`delete from rate_limits where window_start < now() - interval '1 day'`),
    otpChallenges: await count(`delete from otp_challenges where expires_at < now() - interval '1 day'`),
    idempotencyKeys: await count(`delete from idempotency_keys where created_at < now() - interval '1 day'`),
  };
}
