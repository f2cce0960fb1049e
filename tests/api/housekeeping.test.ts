import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { db, targets } from './helpers';
import { createStaffAccount } from './staff';

describe.each(targets)('the daily housekeeping on $name', (target) => {
  it('deletes expired bookkeeping rows, keeps live ones and never touches leads', async () => {
    const tag = randomUUID();
    const [oldJti, liveJti] = [randomUUID(), randomUUID()];
    // A window of an hour that ran out ten minutes ago, and one of a day that is still running.
    await db(
      target,
      `insert into rate_limits (key, window_start, hits, window_seconds) values ($1, now() - interval '70 minutes', 5, 3600), ($2, now() - interval '20 hours', 5, 86400)`,
      [`old:${tag}`, `live:${tag}`],
    );
    await db(
      target,
      `insert into otp_challenges (jti, email, otp_hash, sent_at, expires_at) values
         ($1, $3, 'x', now() - interval '3 days', now() - interval '3 days' + interval '10 minutes'),
         ($2, $3, 'y', now(), now() + interval '10 minutes')`,
      [oldJti, liveJti, `${tag}@example.in`],
    );
    await db(
      target,
      `insert into security_events (kind, client, detail, at) values ('rate-limited', 'x', $1, now() - interval '401 days'), ('rate-limited', 'x', $1, now() - interval '366 days')`,
      [JSON.stringify({ tag })],
    );
    // An old lead of this test's own: other tests store leads at the same time.
    await db(
      target,
      `with p as (insert into people default values returning id)
       insert into leads (reference, kind, form, name, phone, phone_norm, person_id, created_at) select $1, 'contact', 'test', 'Old Lead', '9829012345', '9829012345', p.id, now() - interval '2 years' from p`,
      [`TEST-${tag}`],
    );

    // How the emulator runs a scheduled function by hand (on Netlify it has no public address).
    const res = await target.fetch('/.netlify/functions/housekeeping', { method: 'POST' });
    expect(res.status).toBe(204);

    const keys = await db<{ key: string }>(target, 'select key from rate_limits where key like $1 order by key', [`%:${tag}`]);
    expect(keys.map((r) => r.key)).toEqual([`live:${tag}`]);
    const challenges = await db<{ jti: string }>(target, 'select jti::text from otp_challenges where jti = any($1::uuid[])', [[oldJti, liveJti]]);
    expect(challenges.map((r) => r.jti)).toEqual([liveJti]);
    // Security events are kept at least a year.
    const events = await db<{ n: number }>(target, `select count(*)::int as n from security_events where detail->>'tag' = $1`, [tag]);
    expect(events[0]!.n).toBe(1);
    expect(await db(target, 'select 1 from leads where reference = $1', [`TEST-${tag}`])).toHaveLength(1);
  });

  it('deletes old staff bookkeeping: audit lines after 400 days, ended sessions and expired invitations after 30, voided recovery codes', async () => {
    const [staff, reset, invited] = await Promise.all([
      createStaffAccount(target, 'sweepkept'),
      createStaffAccount(target, 'sweepreset'),
      createStaffAccount(target, 'sweepinvited'),
    ]);
    const tag = randomUUID();
    await db(
      target,
      `insert into audit_log (staff_id, action, entity, entity_id, at) values
         ($1, 'view', 'sweep', $2, now() - interval '401 days'), ($1, 'view', 'sweep', $2, now() - interval '366 days')`,
      [staff.id, tag],
    );
    // Sessions: revoked 31 days ago, past their end 31 days ago, idle since 31 days (both gone);
    // revoked 29 days ago, and one still live (both kept).
    await db(
      target,
      `insert into staff_sessions (token_hash, staff_id, created_at, last_seen_at, expires_at, revoked_at, second_factor_at) values
         ($2 || 'revoked-old', $1, now() - interval '32 days', now() - interval '31 days', now() - interval '20 days', now() - interval '31 days', now() - interval '32 days'),
         ($2 || 'ended-old', $1, now() - interval '32 days', now() - interval '31 days 11 hours', now() - interval '31 days', null, now() - interval '32 days'),
         ($2 || 'idle-old', $1, now() - interval '31 days 2 hours', now() - interval '31 days 1 hour', now() - interval '19 days', null, now() - interval '31 days 2 hours'),
         ($2 || 'revoked-recent', $1, now() - interval '30 days', now() - interval '29 days', now() - interval '18 days', now() - interval '29 days', now() - interval '30 days'),
         ($2 || 'live', $1, now(), now(), now() + interval '12 hours', null, now())`,
      [staff.id, tag],
    );
    await db(
      target,
      `insert into staff_invitations (token_hash, staff_id, created_at, expires_at, used_at) values
         ($2 || 'expired-old', $1, now() - interval '34 days', now() - interval '31 days', null),
         ($2 || 'used-old', $1, now() - interval '40 days', now() - interval '37 days', now() - interval '39 days'),
         ($2 || 'expired-recent', $1, now() - interval '10 days', now() - interval '7 days', null),
         ($2 || 'open', $1, now(), now() + interval '72 hours', null)`,
      [invited.id, tag],
    );
    // Recovery codes: an account reset (no authenticator) with voided and unused codes; an
    // enrolled account with a used code (kept: it still counts the codes left).
    await db(target, `update staff set totp_secret = 'sealed' where id = $1`, [staff.id]);
    await db(
      target,
      `insert into staff_recovery_codes (staff_id, code_hash, used_at) values
         ($1, $3 || 'voided', now()), ($1, $3 || 'unused', null), ($2, $3 || 'used', now() - interval '1 day')`,
      [reset.id, staff.id, tag],
    );

    const res = await target.fetch('/.netlify/functions/housekeeping', { method: 'POST' });
    expect(res.status).toBe(204);

    const audit = await db<{ n: number }>(target, `select count(*)::int as n from audit_log where entity = 'sweep' and entity_id = $1`, [tag]);
    expect(audit[0]!.n).toBe(1);
    const sessions = await db<{ token_hash: string }>(target, 'select token_hash from staff_sessions where token_hash like $1 order by token_hash', [
      `${tag}%`,
    ]);
    expect(sessions.map((r) => r.token_hash.slice(tag.length))).toEqual(['live', 'revoked-recent']);
    const invitations = await db<{ token_hash: string }>(target, 'select token_hash from staff_invitations where token_hash like $1 order by token_hash', [
      `${tag}%`,
    ]);
    expect(invitations.map((r) => r.token_hash.slice(tag.length))).toEqual(['expired-recent', 'open']);
    const codes = await db<{ code_hash: string }>(target, 'select code_hash from staff_recovery_codes where code_hash like $1 order by code_hash', [`${tag}%`]);
    expect(codes.map((r) => r.code_hash.slice(tag.length))).toEqual(['unused', 'used']);
    // The accounts themselves stay.
    expect(await db(target, 'select 1 from staff where id = any($1::uuid[])', [[staff.id, reset.id, invited.id]])).toHaveLength(3);
  });
});
