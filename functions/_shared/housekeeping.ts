/**
 * Deletes bookkeeping rows that can no longer change any answer, and keeps what the law and the
 * staff need:
 * - rate-limit windows that ran out (each row knows its window);
 * - one-time-code challenges that expired more than a day ago (a code lives 10 minutes, its
 *   token 30);
 * - sessions that expired more than 30 days ago (revoked or not: the token died with them);
 * - outbox mail sent more than 30 days ago (the lead keeps `notified_at`); failed mail stays;
 * - "told once" notices older than two days (their windows are an hour);
 * - security events older than 400 days (kept at least a year).
 * Leads, contact messages and users are never touched here.
 */
import { query } from './db';

export interface Swept {
  rateLimits: number;
  otpChallenges: number;
  sessions: number;
  sentMail: number;
  notices: number;
  securityEvents: number;
}

export async function sweepExpired(): Promise<Swept> {
  const count = async (sql: string) => (await query<{ n: number }>(`with gone as (${sql} returning 1) select count(*)::int as n from gone`))[0]?.n ?? 0;
  return {
    rateLimits: await count(`delete from rate_limits where window_start + make_interval(secs => coalesce(window_seconds, 86400)) < now()`),
    otpChallenges: await count(`delete from otp_challenges where expires_at < now() - interval '1 day'`),
    sessions: await count(`delete from user_sessions where expires_at < now() - interval '30 days'`),
    sentMail: await count(`delete from mail_outbox where sent_at < now() - interval '30 days'`),
    notices: await count(`delete from notices_sent where sent_at < now() - interval '2 days'`),
    securityEvents: await count(`delete from security_events where at < now() - interval '400 days'`),
  };
}
