import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { db, targets } from './helpers';

describe.each(targets)('the daily housekeeping on $name', (target) => {
  it('deletes expired bookkeeping rows, keeps live ones and never touches leads', async () => {
    const tag = randomUUID();
    const [oldJti, liveJti, oldKey, liveKey] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await db(target, `insert into rate_limits (key, window_start, hits) values ($1, now() - interval '2 days', 5), ($2, now() - interval '10 minutes', 5)`, [
      `old:${tag}`,
      `live:${tag}`,
    ]);
    await db(
      target,
      `insert into otp_challenges (jti, email, otp_hash, sent_at, expires_at) values
         ($1, $3, 'x', now() - interval '3 days', now() - interval '3 days' + interval '10 minutes'),
         ($2, $3, 'y', now(), now() + interval '10 minutes')`,
      [oldJti, liveJti, `${tag}@example.in`],
    );
    await db(
      target,
      `insert into idempotency_keys (endpoint, key, request_hash, status, body, created_at) values
         ('apply', $1, 'h', 201, '{}', now() - interval '2 days'), ('apply', $2, 'h', 201, '{}', now())`,
      [oldKey, liveKey],
    );
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
    const idempotency = await db<{ key: string }>(target, 'select key::text from idempotency_keys where key = any($1::uuid[])', [[oldKey, liveKey]]);
    expect(idempotency.map((r) => r.key)).toEqual([liveKey]);
    expect(await db(target, 'select 1 from leads where reference = $1', [`TEST-${tag}`])).toHaveLength(1);
  });
});
