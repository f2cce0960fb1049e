/**
 * The office's day-to-day settings (migration 019, /api/admin/office-settings and
 * /api/admin/holidays): a fresh database holds what content/classes.json held; the Owner changes
 * the attendance threshold and the default late-fee grace, and no other role can; bad values are
 * refused per field with nothing stored; a holiday added today makes today's classes and register
 * say so; every change is a line of history (who, when, from → to) and an audit line.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { indiaToday } from '../../src/lib/schemas/real-day';
import { db, targets, uniqueEmail, uniqueName } from './helpers';
import { signedInAdmin, staffFetch } from './staff';

type Staff = Awaited<ReturnType<typeof signedInAdmin>>;
type Json = Record<string, unknown>;

describe.each(targets)('the office settings on $name', (target) => {
  let owner: Staff;
  let counsellor: Staff;
  let accountant: Staff;
  let teacher: Staff;

  beforeAll(async () => {
    [owner, counsellor, accountant, teacher] = await Promise.all([
      signedInAdmin(target, 'setowner'),
      signedInAdmin(target, 'setcounsellor', 'counsellor'),
      signedInAdmin(target, 'setaccountant', 'accountant'),
      signedInAdmin(target, 'setteacher', 'teacher'),
    ]);
  });

  const call = async (who: Staff, route: string, init: { method?: string; body?: unknown } = {}) => {
    const res = await staffFetch(target, route, who.cookie, init);
    return { status: res.status, body: (await res.json()) as Json };
  };
  const settings = async (who: Staff = owner) => (await call(who, '/api/admin/office-settings')).body;
  const put = (who: Staff, body: unknown) => call(who, '/api/admin/office-settings', { method: 'PUT', body });
  /** What the settings are in the database: the rows that a refused call must leave as they were. */
  const stored = () =>
    db(
      target,
      `select (select json_agg(json_build_object('key', key, 'value', value) order by key) from institute_settings) as settings,
              (select json_agg(day::text order by day) from holidays) as holidays,
              (select count(*)::int from settings_history) as history`,
    );

  it('starts with the values content/classes.json held, and every role reads them', async () => {
    for (const who of [owner, counsellor, accountant, teacher]) {
      const read = await call(who, '/api/admin/office-settings');
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ attendanceThreshold: 75, defaultGraceDays: 0, version: 0 });
      expect(read.body['holidays']).toEqual(
        expect.arrayContaining([
          { day: '2026-12-25', name: { en: 'Christmas', hi: 'क्रिसमस' } },
          { day: '2027-01-26', name: { en: 'Republic Day', hi: 'गणतंत्र दिवस' } },
          { day: '2027-08-15', name: { en: 'Independence Day', hi: 'स्वतंत्रता दिवस' } },
          { day: '2027-10-02', name: { en: 'Gandhi Jayanti', hi: 'गांधी जयंती' } },
        ]),
      );
    }
  });

  it('a Counsellor, an Accountant and a Teacher cannot change the threshold; nothing changes', async () => {
    const before = await stored();
    for (const [who, role] of [
      [counsellor, 'Counsellor'],
      [accountant, 'Accountant'],
      [teacher, 'Teacher'],
    ] as const) {
      const refused = await put(who, { attendanceThreshold: 60, defaultGraceDays: 3, version: 0 });
      expect(refused.status).toBe(403);
      expect(refused.body['message']).toBe(`Your role (${role}) does not allow this.`);
      const holiday = await call(who, '/api/admin/holidays', { method: 'POST', body: { day: '2090-01-01', name: { en: 'Fair', hi: 'मेला' } } });
      expect(holiday.status).toBe(403);
      expect((await call(who, '/api/admin/holidays/2026-12-25', { method: 'DELETE' })).status).toBe(403);
    }
    expect(await stored()).toEqual(before);
  });

  it('refuses bad values with a message per field and stores nothing', async () => {
    const before = await stored();
    const cases: [unknown, Record<string, string>][] = [
      [
        { attendanceThreshold: 0, defaultGraceDays: -1, version: 0 },
        { attendanceThreshold: 'The attendance threshold must be between 1% and 100%.', defaultGraceDays: 'The grace period cannot be negative.' },
      ],
      [
        { attendanceThreshold: 101, defaultGraceDays: 2.5, version: 0 },
        { attendanceThreshold: 'The attendance threshold must be between 1% and 100%.', defaultGraceDays: 'Please enter whole days.' },
      ],
      [
        { attendanceThreshold: 'seventy', defaultGraceDays: 91, version: 0 },
        {
          attendanceThreshold: 'Please enter the attendance threshold as a whole percentage, e.g. 75.',
          defaultGraceDays: 'The grace period can be at most 90 days.',
        },
      ],
      [
        { attendanceThreshold: 74.5, defaultGraceDays: 0 },
        {
          attendanceThreshold: 'Please enter the attendance threshold as a whole percentage, e.g. 75.',
          version: 'Please reload: the version of the settings is missing.',
        },
      ],
    ];
    for (const [body, errors] of cases) {
      const refused = await put(owner, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body['errors']).toEqual(errors);
    }
    const holidays: [unknown, Record<string, string>][] = [
      [{ day: '2027-02-30', name: { en: 'Fair', hi: 'मेला' } }, { day: 'That day is not in the calendar.' }],
      [{ day: '2090-01-02', name: { en: '', hi: 'मेला' } }, { 'name.en': 'Please enter the name in english.' }],
      [
        { day: '2020-01-01', name: { en: 'Fair', hi: 'मेला' } },
        { day: 'Wednesday, 1 January 2020 has passed: a holiday can be added for today or a day to come.' },
      ],
      [{ day: '2026-12-25', name: { en: 'Fair', hi: 'मेला' } }, { day: 'Friday, 25 December 2026 is already a holiday (Christmas).' }],
    ];
    for (const [body, errors] of holidays) {
      const refused = await call(owner, '/api/admin/holidays', { method: 'POST', body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(refused.body['errors'] as Json)).toEqual(Object.keys(errors));
      if (!('name.en' in errors)) expect(refused.body['errors']).toEqual(errors);
    }
    expect(await stored()).toEqual(before);
  });

  it('the Owner changes the threshold and the grace: stored, with its history and audit lines, and read by the classes', async () => {
    const saved = await put(owner, { attendanceThreshold: 80, defaultGraceDays: 5, version: 0 });
    expect(saved.status).toBe(200);
    expect(saved.body['message']).toBe('Saved: the attendance threshold is 80% and a new fee plan starts with 5 days’ grace.');
    expect(saved.body['settings']).toMatchObject({ attendanceThreshold: 80, defaultGraceDays: 5 });
    const version = (saved.body['settings'] as Json)['version'];
    expect(version).toBeGreaterThan(0);

    // Every reader gets the new values: the Teacher's classes of today.
    expect((await call(teacher, '/api/admin/classes')).body['attendanceThreshold']).toBe(80);
    expect(await settings(accountant)).toMatchObject({ attendanceThreshold: 80, defaultGraceDays: 5, history: [] });

    expect(
      await db(target, `select staff_id::text, staff_name, setting, from_value, to_value from settings_history where setting <> 'holiday' order by id`),
    ).toEqual([
      { staff_id: owner.staff.id, staff_name: owner.staff.name, setting: 'attendance-threshold', from_value: '75', to_value: '80' },
      { staff_id: owner.staff.id, staff_name: owner.staff.name, setting: 'late-fee-grace-days', from_value: '0', to_value: '5' },
    ]);
    const history = (await settings(owner))['history'] as { by: string; words: string }[];
    expect(history.map((h) => [h.by, h.words])).toEqual(
      expect.arrayContaining([
        [owner.staff.name, 'Attendance threshold: 75% → 80%'],
        [owner.staff.name, 'Grace days a new fee plan starts with: 0 days → 5 days'],
      ]),
    );
    expect(await db(target, `select entity_id, detail from audit_log where staff_id = $1 and entity = 'settings' order by id`, [owner.staff.id])).toEqual([
      { entity_id: 'attendance-threshold', detail: { from: 75, to: 80 } },
      { entity_id: 'late-fee-grace-days', detail: { from: 0, to: 5 } },
    ]);

    // A change sent from the version before this one is refused: nothing is overwritten.
    const before = await stored();
    const stale = await put(owner, { attendanceThreshold: 70, defaultGraceDays: 5, version: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body['message']).toBe('A colleague changed these settings meanwhile. Here they are as they are now: please make your change again.');
    expect(await stored()).toEqual(before);
  });

  it('a holiday added today makes today’s classes and register say it is a holiday; removed, the day is a class day again', async () => {
    const today = indiaToday();
    const [course] = await db<{ id: string }>(
      target,
      `insert into courses (title, category, price, duration, description, image) values ($1, 'Accounting', 4500, '3 months', 'Vouchers.', '/images/tally.webp') returning id::text`,
      [uniqueName('Settings Course')],
    );
    const [batch] = await db<{ id: string }>(
      target,
      `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, teacher_id, seats, status)
       values ($1, $2, $3::date - 30, $3::date + 30, '{1,2,3,4,5,6,7}', '07:00', '08:00', 'Lab 9', $4, 20, 'running') returning id::text`,
      [course!.id, uniqueName('Settings Batch'), today, teacher.staff.id],
    );
    const [student] = await db<{ id: string }>(target, `insert into students (name, email, course) values ($1, $2, 'Tally') returning id::text`, [
      uniqueName('Settings Pupil'),
      uniqueEmail('settingspupil'),
    ]);
    await db(target, 'insert into batch_students (batch_id, student_id) values ($1, $2)', [batch!.id, student!.id]);
    await db(target, 'delete from holidays where day = $1', [today]);
    const classesToday = async () => (await call(teacher, '/api/admin/classes')).body;
    expect(((await classesToday())['classes'] as { batchId: string }[]).map((c) => c.batchId)).toContain(batch!.id);

    const added = await call(owner, '/api/admin/holidays', { method: 'POST', body: { day: today, name: { en: 'Flood closure', hi: 'बाढ़ की छुट्टी' } } });
    expect(added.status).toBe(201);
    expect((added.body['settings'] as Json)['holidays']).toContainEqual({ day: today, name: { en: 'Flood closure', hi: 'बाढ़ की छुट्टी' } });
    expect(await classesToday()).toMatchObject({ holiday: 'Flood closure', classes: [] });
    const register = await call(teacher, `/api/admin/batches/${batch!.id}/attendance/${today}`, {
      method: 'PUT',
      body: { marks: [{ studentId: student!.id, mark: 'present' }] },
    });
    expect(register.status).toBe(400);
    expect(register.body['message']).toMatch(/^Flood closure: no classes \(.+ is a holiday\)\.$/);
    expect(await db(target, 'select 1 from attendance where batch_id = $1', [batch!.id])).toEqual([]);

    const removed = await call(owner, `/api/admin/holidays/${today}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(await classesToday()).toMatchObject({ holiday: null });
    expect((await call(owner, `/api/admin/holidays/${today}`, { method: 'DELETE' })).status).toBe(404);

    const lines = await db(target, `select staff_name, day::text, from_value, to_value from settings_history where setting = 'holiday' order by id`);
    expect(lines).toEqual([
      { staff_name: owner.staff.name, day: today, from_value: null, to_value: 'Flood closure (बाढ़ की छुट्टी)' },
      { staff_name: owner.staff.name, day: today, from_value: 'Flood closure (बाढ़ की छुट्टी)', to_value: null },
    ]);
    const words = ((await settings(owner))['history'] as { words: string }[]).map((h) => h.words);
    expect(words.filter((w) => w.startsWith('Holiday'))).toEqual([
      expect.stringMatching(/^Holiday removed: .+ — Flood closure \(बाढ़ की छुट्टी\)$/),
      expect.stringMatching(/^Holiday added: .+ — Flood closure/),
    ]);
    expect(await db(target, `select action, detail from audit_log where staff_id = $1 and entity_id = 'holiday' order by id`, [owner.staff.id])).toEqual([
      { action: 'create', detail: { day: today, name: 'Flood closure' } },
      { action: 'delete', detail: { day: today, name: 'Flood closure' } },
    ]);
  });
});
