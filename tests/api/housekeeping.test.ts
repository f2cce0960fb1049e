import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { db, targets } from './helpers';

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
    await db(target, `insert into security_events (kind, client, detail, at) values ('rate-limited', 'x', $1, now() - interval '401 days'), ('rate-limited', 'x', $1, now() - interval '366 days')`, [
      JSON.stringify({ tag }),
    ]);
    // An old lead of this test's own: other tests store leads at the same time.
    await db(target, `insert into leads (reference, kind, source, name, phone, created_at) values ($1, 'contact', 'test', 'Old Lead', '9829012345', now() - interval '2 years')`, [
      `TEST-${tag}`,
    ]);

    // How the emulator runs a scheduled function by hand (on Netlify it has no public address).
    const res = await fetch(new URL('/.netlify/functions/housekeeping', target.url), { method: 'POST' });
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
});
