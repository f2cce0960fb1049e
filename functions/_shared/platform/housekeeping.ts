/**
 * Deletes bookkeeping rows that can no longer change any answer, and keeps what the law and the
 * staff need:
 * - rate-limit windows that ran out (each row knows its window);
 * - one-time-code challenges that expired more than a day ago (a code lives 10 minutes, its
 *   token 30);
 * - sessions that expired more than 30 days ago (revoked or not: the token died with them);
 * - outbox mail sent more than 30 days ago (the lead keeps `notified_at`); failed mail stays;
 * - "told once" notices older than two days (their windows are an hour);
 * - security events older than 400 days (kept at least a year);
 * - audit-log lines older than 400 days (access logs are kept a year);
 * - staff sessions that ended (revoked, past their absolute end or idle) more than 30 days ago;
 * - staff invitations that expired more than 30 days ago (used or not: the audit log keeps who
 *   invited whom);
 * - recovery codes used or voided on an account whose authenticator was reset and not set up
 *   again (setting it up again replaces them anyway).
 * Leads, contact messages, users, staff accounts and the records staff keep are never touched here.
 */
import { query } from './db';
import { IDLE_MINUTES } from '../auth/staff';

export interface Swept {
  rateLimits: number;
  otpChallenges: number;
  sessions: number;
  sentMail: number;
  notices: number;
  securityEvents: number;
  auditLines: number;
  staffSessions: number;
  staffInvitations: number;
  recoveryCodes: number;
}

export async function sweepExpired(): Promise<Swept> {
  const count = async (sql: string, params: unknown[] = []) =>
    (await query<{ n: number }>(`with gone as (${sql} returning 1) select count(*)::int as n from gone`, params))[0]?.n ?? 0;
  return {
    rateLimits: await count(`delete from rate_limits where window_start + make_interval(secs => coalesce(window_seconds, 86400)) < now()`),
    otpChallenges: await count(`delete from otp_challenges where expires_at < now() - interval '1 day'`),
    sessions: await count(`delete from user_sessions where expires_at < now() - interval '30 days'`),
    sentMail: await count(`delete from mail_outbox where sent_at < now() - interval '30 days'`),
    notices: await count(`delete from notices_sent where sent_at < now() - interval '2 days'`),
    securityEvents: await count(`delete from security_events where at < now() - interval '400 days'`),
    auditLines: await count(`delete from audit_log where at < now() - interval '400 days'`),
    staffSessions: await count(
      `delete from staff_sessions
        where coalesce(revoked_at, least(expires_at, last_seen_at + make_interval(mins => $1))) < now() - interval '30 days'`,
      [IDLE_MINUTES],
    ),
    staffInvitations: await count(`delete from staff_invitations where expires_at < now() - interval '30 days'`),
    recoveryCodes: await count(`delete from staff_recovery_codes c using staff t where t.id = c.staff_id and t.totp_secret is null and c.used_at is not null`),
  };
}
