/**
 * An announcement's end date: visitors see it through its last day (India's), not after; staff
 * still list it, marked as ended, until they delete it. An end date that has passed, or is no
 * day at all, is refused and adds nothing; anyone not signed in cannot list the ended ones.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ENDS_ON_MESSAGE } from '../../src/lib/schemas/marquee';
import { indiaToday } from '../../src/lib/schemas/real-day';
import { db, get, targets } from './helpers';
import { signedInAdmin, staffFetch } from './staff';

const DAY = 24 * 60 * 60_000;

describe.each(targets)('announcements with an end date on $name', (target) => {
  let cookie: string;
  beforeAll(async () => {
    ({ cookie } = await signedInAdmin(target, 'marquee-end'));
  });
  const publicMessages = async () => ((await (await get(target, '/api/marquee')).json()) as { message: string }[]).map((m) => m.message);

  it('is shown through its last day and stored with it; without one it runs until deleted', async () => {
    const today = indiaToday();
    const res = await staffFetch(target, '/api/marquee', cookie, { body: { message: 'Admissions close today', endsOn: today } });
    expect(res.status).toBe(201);
    const { item } = await res.json();
    expect(item).toEqual({ _id: expect.stringMatching(/^\d+$/), message: 'Admissions close today', endsOn: today });
    const open = await staffFetch(target, '/api/marquee', cookie, { body: { message: 'Open all year', endsOn: '' } });
    expect((await open.json()).item.endsOn).toBeNull();
    expect(await publicMessages()).toEqual(expect.arrayContaining(['Admissions close today', 'Open all year']));
  });

  it('stops showing to visitors once its last day has passed in India, while staff still see it as ended', async () => {
    const { item } = await (await staffFetch(target, '/api/marquee', cookie, { body: { message: 'Diwali timings', endsOn: indiaToday() } })).json();
    // The day it was set to end is now yesterday.
    await db(target, `update marquee_messages set ends_on = ends_on - 1 where id = $1`, [item._id]);
    expect(await publicMessages()).not.toContain('Diwali timings');
    const publicList = (await (await get(target, '/api/marquee')).json()) as Record<string, unknown>[];
    expect(Object.keys(publicList[0]!).sort()).toEqual(['_id', 'message']);

    const staffList = (await (await staffFetch(target, '/api/marquee?all=1', cookie)).json()) as { _id: string; ended: boolean; endsOn: string }[];
    const ended = staffList.find((m) => m._id === item._id);
    expect(ended).toEqual({ _id: item._id, message: 'Diwali timings', endsOn: indiaToday(new Date(Date.now() - DAY)), ended: true });
    expect(staffList.find((m) => m.ended === false)).toBeDefined();
  });

  it('refuses an end date that has passed or is not a day, adding nothing; the full list is for staff only', async () => {
    const [before] = await db<{ n: number }>(target, 'select count(*)::int as n from marquee_messages');
    for (const endsOn of [indiaToday(new Date(Date.now() - DAY)), '2026-02-30', 'next week', 42]) {
      const res = await staffFetch(target, '/api/marquee', cookie, { body: { message: 'Should not be added', endsOn } });
      expect(res.status, String(endsOn)).toBe(400);
      expect((await res.json()).errors, String(endsOn)).toEqual({ endsOn: ENDS_ON_MESSAGE });
    }
    const [after] = await db<{ n: number }>(target, 'select count(*)::int as n from marquee_messages');
    expect(after!.n).toBe(before!.n);
    expect((await staffFetch(target, '/api/marquee?all=1', null)).status).toBe(401);
  });
});
