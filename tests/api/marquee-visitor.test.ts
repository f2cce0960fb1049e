import { describe, expect, it } from 'vitest';
import { db, targets } from './helpers';

describe.each(targets)('GET /api/marquee and /api/visitor on $name', (target) => {
  it('lists announcements newest first as {_id, message}', async () => {
    await db(target, `insert into marquee_messages (message, created_at) values ('Older news', now() - interval '1 day'), ('Newest news', now())`);
    const res = await target.fetch('/api/marquee');
    expect(res.status).toBe(200);
    const list = await res.json();
    expect(Array.isArray(list)).toBe(true);
    expect(list[0]).toEqual({ _id: expect.any(String), message: 'Newest news' });
    expect(list.findIndex((m: { message: string }) => m.message === 'Older news')).toBeGreaterThan(0);
  });

  it('counts a browser once per session', async () => {
    const first = await target.fetch('/api/visitor');
    const cookie = first.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/visitor_counted=1;.*HttpOnly/);
    const { count } = await first.json();
    expect(count).toBeGreaterThan(0);
    const again = await target.fetch('/api/visitor', { headers: { cookie: cookie.split(';')[0]! } });
    expect((await again.json()).count).toBe(count);
    const newSession = await target.fetch('/api/visitor');
    expect((await newSession.json()).count).toBe(count + 1);
  });
});
