/**
 * A student's own classes (GET /api/user/classes): their batches with the next class, their
 * attendance with the classes they missed, and their certificates — only from the student
 * records that are theirs (linked to their account, or with their verified e-mail while linked
 * to no account), nothing of anyone else's. The functions run in this process on a database of
 * their own (scripts/in-process.mjs); the classes are written with SQL.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextClassDay } from '../../functions/_shared/classes/student-classes';
import { indiaToday } from '../../src/lib/schemas/real-day';
import type { StudentClasses } from '../../src/lib/schemas/student-classes';
import {
  addBatch,
  addCertificate,
  addCourse,
  addStudent,
  addTeacher,
  addToBatch,
  dayPlus,
  markDay,
  uniqueTag,
  weekdayOf,
  type Sql,
} from '../support/class-records';
import { BASE, closeInProcess, jsonPost, openInProcess, sqlOn, type InProcess } from '../support/in-process';
import { staffCookie } from '../support/staff-session';
import { quickPasswordHash } from '../support/quick-password';

let fx: InProcess;
let client: pg.Client;
const sql = sqlOn(() => client) as Sql;
const PASSWORD = 'a long passphrase of mine';

beforeAll(async () => {
  ({ fx, client } = await openInProcess({ functions: ['user-classes', 'user-login'] }));
});

afterAll(() => closeInProcess({ fx, client }));

/** A verified student account (as user-verify leaves it) and its signed-in token. */
async function studentAccount(name: string): Promise<{ id: string; email: string; token: string }> {
  const email = `student.${uniqueTag()}@example.in`;
  const [user] = await sql<{ id: string }>(`insert into users (name, email, password_hash) values ($1, $2, $3) returning id::text`, [
    name,
    email,
    await quickPasswordHash(PASSWORD),
  ]);
  const { response } = await fx.call('user-login', jsonPost('/api/user/login', { email, password: PASSWORD }));
  expect(response.status).toBe(200);
  return { id: user!.id, email, token: ((await response.json()) as { token: string }).token };
}

/** GET /api/user/classes with `headers`. */
async function classes(headers: Record<string, string>): Promise<{ status: number; body: StudentClasses & { message?: string } }> {
  const { response } = await fx.call('user-classes', new Request(new URL('/api/user/classes', BASE), { headers }));
  return { status: response.status, body: (await response.json()) as StudentClasses & { message?: string } };
}

const today = indiaToday();
/** A holiday the Owner added ten days on (table holidays): the next-class test's batch starts on it. */
const holiday = dayPlus(today, 10);

describe('GET /api/user/classes', () => {
  let asha: { id: string; email: string; token: string };
  let other: { id: string; email: string; token: string };
  let certificate: string;
  let revoked: string;

  beforeAll(async () => {
    asha = await studentAccount('Asha Verma');
    other = await studentAccount('Other Account');
    const courseId = await addCourse(sql, 'Tally Prime with GST');
    const teacherId = await addTeacher(sql, 'Meena Joshi');

    // Asha's record, found by her verified e-mail (written in other letters' case by staff).
    const ashaRecord = await addStudent(sql, { name: 'Asha Verma', email: asha.email.toUpperCase() });
    // A record linked by staff to Asha's account although its e-mail differs.
    const linkedRecord = await addStudent(sql, { name: 'Asha V.', email: `old.${uniqueTag()}@example.in`, userId: asha.id });
    // A record with Asha's e-mail that staff linked to another account: the link wins.
    const elsewhere = await addStudent(sql, { name: 'Asha Namesake', email: asha.email, userId: other.id });
    // Another student in Asha's batch.
    const bhavna = await addStudent(sql, { name: 'Bhavna Rao', email: `bhavna.${uniqueTag()}@example.in` });

    const morning = await addBatch(sql, {
      courseId,
      name: 'Tally Morning',
      startsOn: dayPlus(today, -30),
      endsOn: dayPlus(today, -1),
      days: [1, 3, 5],
      startsAt: '09:00',
      endsAt: '10:30',
      room: 'Lab 2',
      teacherId,
      status: 'completed',
    });
    await addToBatch(sql, morning, ashaRecord, 'completed');
    await addToBatch(sql, morning, bhavna);
    const [d1, d2, d3, d4] = [dayPlus(today, -20), dayPlus(today, -18), dayPlus(today, -16), dayPlus(today, -14)] as [string, string, string, string];
    await markDay(sql, morning, d1, ashaRecord, 'present');
    await markDay(sql, morning, d2, ashaRecord, 'absent');
    await markDay(sql, morning, d3, ashaRecord, 'leave', 'Sister’s wedding');
    await markDay(sql, morning, d4, ashaRecord, 'late');
    await markDay(sql, morning, d1, bhavna, 'absent');
    await markDay(sql, morning, d4, bhavna, 'leave', 'Fever');

    // The linked record's batch, which starts on a holiday: its next class is the next class day after it.
    await sql(`insert into holidays (day, name_en, name_hi) values ($1, 'Town fair', 'मेला') on conflict (day) do nothing`, [holiday]);
    await sql(`delete from holidays where day = $1`, [dayPlus(holiday, 2)]);
    await addToBatch(
      sql,
      await addBatch(sql, {
        courseId,
        name: 'Tally Evening',
        startsOn: holiday,
        endsOn: dayPlus(holiday, 60),
        days: [weekdayOf(holiday), weekdayOf(dayPlus(holiday, 2))],
        startsAt: '17:00',
        endsAt: '18:00',
        room: 'Lab 1',
        teacherId: null,
        status: 'planned',
      }),
      linkedRecord,
    );
    const elsewhereBatch = await addBatch(sql, {
      courseId,
      name: 'Someone Else’s Batch',
      startsOn: today,
      endsOn: dayPlus(today, 30),
      days: [1, 2, 3, 4, 5, 6, 7],
    });
    await addToBatch(sql, elsewhereBatch, elsewhere);
    await markDay(sql, elsewhereBatch, dayPlus(today, -1), elsewhere, 'absent');

    certificate = await addCertificate(sql, {
      studentId: ashaRecord,
      batchId: morning,
      studentName: 'Asha Verma',
      course: 'Tally Prime with GST',
      issuedOn: today,
    });
    revoked = await addCertificate(sql, {
      studentId: linkedRecord,
      batchId: morning,
      studentName: 'Asha V.',
      course: 'Tally Prime with GST',
      issuedOn: dayPlus(today, -2),
      revoked: true,
    });
    await addCertificate(sql, { studentId: bhavna, batchId: morning, studentName: 'Bhavna Rao', course: 'Tally Prime with GST', issuedOn: today });
    await addCertificate(sql, { studentId: elsewhere, batchId: elsewhereBatch, studentName: 'Asha Namesake', course: 'Tally Prime with GST', issuedOn: today });
  });

  it('shows a student their own batches, attendance and certificates, by e-mail and by link, and no one else’s', async () => {
    const { status, body } = await classes({ token: asha.token });
    expect(status).toBe(200);
    expect(body).toEqual({
      batches: [
        {
          course: 'Tally Prime with GST',
          batch: 'Tally Evening',
          days: [weekdayOf(holiday), weekdayOf(dayPlus(holiday, 2))]
            .sort()
            .map((d) => ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'][d - 1])
            .join(', '),
          startsAt: '17:00',
          endsAt: '18:00',
          room: 'Lab 1',
          teacher: null,
          status: 'Planned',
          // Not the holiday it starts on, not the day after (no class): the class two days later.
          nextClass: dayPlus(holiday, 2),
        },
        {
          course: 'Tally Prime with GST',
          batch: 'Tally Morning',
          days: 'Mon, Wed, Fri',
          startsAt: '09:00',
          endsAt: '10:30',
          room: 'Lab 2',
          teacher: 'Meena Joshi',
          status: 'Completed',
          nextClass: null,
        },
      ],
      attendance: [
        {
          batch: 'Tally Morning',
          percent: 50,
          held: 4,
          attended: 2,
          absences: [
            { day: dayPlus(today, -18), mark: 'Absent' },
            { day: dayPlus(today, -16), mark: 'Leave', reason: 'Sister’s wedding' },
          ],
        },
      ],
      certificates: [
        {
          number: certificate,
          course: 'Tally Prime with GST',
          issuedOn: today,
          status: 'Valid',
          verifyUrl: `/certificate/${certificate}`,
          printUrl: `/certificate/${certificate}/print`,
        },
        {
          number: revoked,
          course: 'Tally Prime with GST',
          issuedOn: dayPlus(today, -2),
          status: 'Revoked',
          verifyUrl: `/certificate/${revoked}`,
          printUrl: `/certificate/${revoked}/print`,
        },
      ],
    });
    const text = JSON.stringify(body);
    for (const elsewhere of ['Bhavna', 'Fever', 'Namesake', 'Someone Else']) expect(text).not.toContain(elsewhere);
  });

  it('gives the record linked to another account to that account, not to the one with its e-mail', async () => {
    const { status, body } = await classes({ token: other.token });
    expect(status).toBe(200);
    expect(body.batches.map((b) => b.batch)).toEqual(['Someone Else’s Batch']);
    expect(body.attendance).toEqual([
      { batch: 'Someone Else’s Batch', percent: 0, held: 1, attended: 0, absences: [{ day: dayPlus(today, -1), mark: 'Absent' }] },
    ]);
    expect(body.certificates).toHaveLength(1);
    expect(JSON.stringify(body)).not.toContain('Tally Morning');
  });

  it('answers empty lists to a student whose record is not linked yet', async () => {
    const newcomer = await studentAccount('New Comer');
    expect(await classes({ token: newcomer.token })).toEqual({ status: 200, body: { batches: [], attendance: [], certificates: [] } });
  });

  it('refuses the signed-out and staff (a staff cookie is not a student)', async () => {
    const signedOut = await classes({});
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.message).toBe('Please log in to continue.');
    const staff = await classes({ cookie: await staffCookie(client, 'owner') });
    expect(staff.status).toBe(401);
    expect(staff.body).not.toHaveProperty('batches');
  });
});

describe('the next class', () => {
  const week = { startsOn: '2026-11-01', endsOn: '2027-02-28', days: [1, 3, 5], endsAt: '10:30', status: 'running' };
  /** A moment given as India's wall clock. */
  const inIndia = (day: string, clock: string) => new Date(`${day}T${clock}:00+05:30`);
  /** The institute's calendar: Christmas only. */
  const calendar = new Map([['2026-12-25', { en: 'Christmas', hi: 'क्रिसमस' }]]);
  const none = new Map<string, { en: string; hi: string }>();

  it('is today until today’s class has ended, then the next day of the batch’s week', () => {
    // 30 Nov 2026 is a Monday.
    expect(nextClassDay(week, inIndia('2026-11-30', '10:29'), calendar)).toBe('2026-11-30');
    expect(nextClassDay(week, inIndia('2026-11-30', '10:30'), calendar)).toBe('2026-12-02');
    expect(nextClassDay(week, inIndia('2026-12-01', '08:00'), calendar)).toBe('2026-12-02');
  });

  it('skips a holiday of the institute’s calendar', () => {
    // 25 Dec 2026 (a Friday) is Christmas: Monday 28 Dec instead; without the holiday, the Friday.
    expect(nextClassDay(week, inIndia('2026-12-24', '12:00'), calendar)).toBe('2026-12-28');
    expect(nextClassDay(week, inIndia('2026-12-24', '12:00'), none)).toBe('2026-12-25');
  });

  it('is none after the batch’s last day, or once the batch is completed', () => {
    expect(nextClassDay(week, inIndia('2027-02-26', '11:00'), calendar)).toBeNull();
    expect(nextClassDay({ ...week, status: 'completed' }, inIndia('2026-11-30', '08:00'), calendar)).toBeNull();
    // Before the batch starts: its first class.
    expect(nextClassDay({ ...week, startsOn: '2027-01-20' }, inIndia('2026-11-30', '08:00'), calendar)).toBe('2027-01-20');
  });
});
