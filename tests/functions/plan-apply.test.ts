/**
 * A fee plan saved after students joined (admin-fee-plan-apply): how many it gives dues to and how
 * many it leaves alone, read before confirming; confirmed, each student's dues from their own
 * joining day, in one transaction, audited in words; a second apply adds nothing. Assign Students'
 * joining day (admin-batch-students): a past day puts the student on that day's register and counts
 * their dues from it; a day after today or after the batch ended is refused in words. A batch
 * dated far ahead whose plan would fall due beyond the office's years is refused in words, not 500.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, closeInProcess, openInProcess, sqlOn, type InProcess } from '../support/in-process';
import { staffCookie } from '../support/staff-session';
import { indiaToday } from '../../src/lib/schemas/real-day';
import { addMonths } from '../../functions/_shared/fees/dues';
import { registerStudents } from '../../functions/_shared/classes/register';
import { auditSentence } from '../../src/lib/audit-words';

let fx: InProcess;
let client: pg.Client;
let owner: string;
let accountant: string;
const sql = sqlOn(() => client);
const today = indiaToday();
/** India's day `n` days before today. */
const daysAgo = (n: number) => indiaToday(new Date(Date.now() - n * 86_400_000));

beforeAll(async () => {
  ({ fx, client } = await openInProcess({ functions: ['admin-fee-plans', 'admin-fee-plan-apply', 'admin-batch-students'] }));
  owner = await staffCookie(client, 'owner');
  accountant = await staffCookie(client, 'accountant');
  await sql(`update staff set name = 'Kavita Joshi' where role = 'accountant'`);
}, 120_000);

afterAll(() => closeInProcess({ fx, client }));

let n = 0;
const newCourse = async () =>
  (
    await sql<{ id: string }>(
      `insert into courses (title, category, price, duration, description, image) values ($1, 'Accounts', 9000, '3 months', 'Tally.', '/logo.svg') returning id::text`,
      [`Tally Apply ${(n += 1)}`],
    )
  )[0]!.id;
const newBatch = async (courseId: string, startsOn: string, endsOn = `${startsOn}`) =>
  (
    await sql<{ id: string }>(
      `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, seats, status)
       values ($1, $2, $3, greatest($4::date, $3::date + 200), '{1,2,3,4,5,6,7}', '09:00', '10:30', $5, 30, 'running') returning id::text`,
      [courseId, `Evening ${(n += 1)}`, startsOn, endsOn, `Room ${n}`],
    )
  )[0]!.id;
const newStudent = async (name: string) =>
  (
    await sql<{ id: string }>(`insert into students (name, email, phone, course) values ($1, $2, '9829012345', 'Tally') returning id::text`, [
      name,
      `apply${(n += 1)}@example.in`,
    ])
  )[0]!.id;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes, read field by field
type Body = Record<string, any>;
const send = async (name: string, method: string, route: string, cookie: string, body?: unknown) => {
  const { response } = await fx.call(
    name,
    new Request(new URL(route, BASE), {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
  return { status: response.status, body: (await response.json()) as Body };
};
const join = (batchId: string, studentId: string, joinedOn?: string) =>
  send('admin-batch-students', 'POST', `/api/admin/batches/${batchId}/students`, owner, { studentId, ...(joinedOn && { joinedOn }) });
const addPlan = (body: unknown) => send('admin-fee-plans', 'POST', '/api/admin/fee-plans', accountant, body);
const reach = (planId: string) => send('admin-fee-plan-apply', 'GET', `/api/admin/fee-plans/${planId}/apply`, accountant);
const apply = (planId: string, version: number) => send('admin-fee-plan-apply', 'POST', `/api/admin/fee-plans/${planId}/apply`, accountant, { version });
const duesOf = (student: string) =>
  sql<{ label: string; amount: number; due: string; late: number }>(
    `select label, amount_paise::int as amount, due_on::text as due, late_fee_paise::int as late from fee_dues where student_id = $1 order by seq`,
    [student],
  );
const allDues = async () => (await sql<{ n: number }>('select count(*)::int as n from fee_dues'))[0]!.n;

const THREE_MONTHS = {
  total: '9000',
  lateFee: '200',
  graceDays: 5,
  instalments: [
    { amount: '3000', dueMonths: 0 },
    { amount: '3000', dueMonths: 1 },
    { amount: '3000', dueMonths: 2 },
  ],
};

describe('a plan saved after students joined', () => {
  it('says whom it gives dues to and whom it leaves alone, gives each their dues from their own joining day once confirmed, and adds nothing the second time', async () => {
    const courseId = await newCourse();
    const batch = await newBatch(courseId, daysAgo(90));
    const special = await newBatch(courseId, daysAgo(90));
    const asha = await newStudent('Asha Verma');
    const ravi = await newStudent('Ravi Meena');
    const owing = await newStudent('Sunita Sharma');
    const elsewhere = await newStudent('Deepak Joshi');
    // Two joined before any plan existed, on days of their own (no dues were made: there was no plan).
    expect((await join(batch, asha, daysAgo(60))).status).toBe(201);
    expect((await join(batch, ravi, daysAgo(20))).status).toBe(201);
    expect(await duesOf(asha)).toEqual([]);
    // One already owes from an earlier plan for the course; one is in a batch with a plan of its own.
    expect((await join(batch, owing)).status).toBe(201);
    await sql(
      `insert into fee_dues (reference, student_id, batch_id, course_id, seq, label, amount_paise, due_on, from_plan) values ('DAPPLY' || $1::text, $1::bigint, $2, $3, 1, 'Course fee', 800000, $4, true)`,
      [owing, batch, courseId, daysAgo(5)],
    );
    const batchPlan = await addPlan({ batchId: special, total: '7000', instalments: [{ amount: '7000', dueMonths: 0 }] });
    expect(batchPlan.status).toBe(201);
    expect((await join(special, elsewhere, daysAgo(10))).status).toBe(201);
    expect(await duesOf(elsewhere)).toHaveLength(1);

    const saved = await addPlan({ courseId, ...THREE_MONTHS });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const plan = saved.body['item'];
    // The plan list and the confirmation agree on how many it reaches, before anything is made.
    expect(plan.waiting).toBe(2);
    const shown = await reach(plan.id);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ planId: plan.id, version: 1, owing: 1, ownPlan: 1 });
    expect(shown.body['students']).toEqual([
      { studentId: asha, name: 'Asha Verma', start: daysAgo(60) },
      { studentId: ravi, name: 'Ravi Meena', start: daysAgo(20) },
    ]);
    expect(await duesOf(asha)).toEqual([]);

    const before = await allDues();
    const done = await apply(plan.id, 1);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body['message']).toBe(
      `Dues made for 2 students already in ${plan.course}, each from their joining day (6 dues). Left alone: 1 student already has dues from a plan for this course; 1 student is in a batch with its own plan.`,
    );
    expect(done.body['made']).toBe(6);
    expect(await allDues()).toBe(before + 6);
    // Each from their own joining day; an instalment already past when it was made carries no late fee.
    const expected = (joined: string) =>
      [0, 1, 2].map((m) => {
        const due = addMonths(joined, m);
        return { label: `Instalment ${m + 1} of 3`, amount: 300000, due, late: due < today ? 0 : 20000 };
      });
    expect(await duesOf(asha)).toEqual(expected(daysAgo(60)));
    expect(await duesOf(ravi)).toEqual(expected(daysAgo(20)));
    expect((await duesOf(owing)).map((d) => d.amount)).toEqual([800000]);
    expect(await duesOf(elsewhere)).toEqual([{ label: 'Course fee', amount: 700000, due: daysAgo(10), late: 0 }]);
    // Audited in words.
    const [line] = await sql<{ detail: Record<string, unknown> }>(
      `select detail from audit_log where entity = 'fee-plan' and entity_id = $1 and detail->>'action' = 'apply'`,
      [plan.id],
    );
    expect(line!.detail).toMatchObject({ given: 2, dues: 6, students: ['Asha Verma', 'Ravi Meena'], owing: 1, ownPlan: 1 });
    expect(auditSentence({ actor: 'Kavita Joshi', action: 'update', entity: 'fee-plan', entityId: plan.id, detail: line!.detail })).toBe(
      `Kavita Joshi gave dues from the fee plan of ${plan.course} to 2 students already in it, each from their joining day (6 dues: Asha Verma, Ravi Meena). Left alone: 1 student already owing from a plan for the course; 1 student in a batch with its own plan.`,
    );

    // A second apply (a double tap, a colleague) adds nothing, and says why.
    const again = await apply(plan.id, 1);
    expect(again.status).toBe(200);
    expect(again.body['message']).toMatch(/^No student already in Tally Apply \d+ needs dues from this plan\. Left alone: 3 students already have dues/);
    expect(await allDues()).toBe(before + 6);
    expect((await reach(plan.id)).body['students']).toEqual([]);
    // A plan changed since the count was read is 409 with the plan as it is now.
    await sql('update fee_plans set version = 2 where id = $1', [plan.id]);
    const stale = await apply(plan.id, 1);
    expect(stale.status).toBe(409);
    expect(stale.body['current']).toMatchObject({ id: plan.id, version: 2 });
  });

  it('two applies at once make each student’s dues once', async () => {
    const courseId = await newCourse();
    const batch = await newBatch(courseId, daysAgo(30));
    const student = await newStudent('Meena Rao');
    expect((await join(batch, student, daysAgo(15))).status).toBe(201);
    const plan = (await addPlan({ courseId, ...THREE_MONTHS })).body['item'];
    const both = await Promise.all([apply(plan.id, 1), apply(plan.id, 1)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(await duesOf(student)).toHaveLength(3);
  });
});

describe('the joining day on Assign Students', () => {
  it('a past joining day puts the student on the registers from that day and counts their dues from it', async () => {
    const courseId = await newCourse();
    const batch = await newBatch(courseId, daysAgo(40));
    await addPlan({ courseId, ...THREE_MONTHS });
    const student = await newStudent('Kiran Patel');
    const joined = await join(batch, student, daysAgo(14));
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    expect(joined.body['message']).toMatch(/^Kiran Patel added to Evening \d+ from .+\. 3 dues made from the fee plan\.$/);
    expect(joined.body['students'][0]).toMatchObject({ studentId: student, joinedOn: daysAgo(14) });
    expect((await duesOf(student)).map((d) => d.due)).toEqual([0, 1, 2].map((m) => addMonths(daysAgo(14), m)));
    const names = async (day: string) => (await registerStudents(client, batch, day)).map((s) => s.name);
    expect(await names(daysAgo(14))).toEqual(['Kiran Patel']);
    expect(await names(daysAgo(15))).toEqual([]);
  });

  it('is today in India when left out; refuses in words a day after today, after the batch ended, or outside the office’s years', async () => {
    const courseId = await newCourse();
    const batch = await newBatch(courseId, daysAgo(10));
    const student = await newStudent('Pooja Sen');
    const future = await join(batch, student, indiaToday(new Date(Date.now() + 86_400_000)));
    expect(future.status).toBe(400);
    expect(future.body['errors']).toEqual({ joinedOn: 'The joining day cannot be after today.' });
    const ancient = await join(batch, student, '0001-01-01');
    expect(ancient.body['errors']).toEqual({ joinedOn: 'Please enter a date between the years 2000 and 2100.' });
    const ended = await newBatch(courseId, daysAgo(300));
    await sql(`update batches set ends_on = $2 where id = $1`, [ended, daysAgo(100)]);
    const late = await join(ended, student, daysAgo(50));
    expect(late.status).toBe(400);
    expect(late.body['errors']['joinedOn']).toMatch(/^Evening \d+ ended on .+: a student cannot join it after that day\.$/);
    expect(await sql('select 1 from batch_students where student_id = $1', [student])).toEqual([]);
    expect((await join(batch, student)).status).toBe(201);
    expect(await sql('select joined_on::text as d from batch_students where student_id = $1', [student])).toEqual([{ d: today }]);
  });
});

describe('dates beyond what the office plans', () => {
  it('a batch starting 9999-01-01 whose plan falls due 36 months on refuses the student in words, not a 500, and writes nothing', async () => {
    const courseId = await newCourse();
    const [row] = await sql<{ id: string }>(
      `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, seats, status)
       values ($1, 'Far Future', '9999-01-01', '9999-12-31', '{1}', '09:00', '10:00', 'Room Far', 5, 'planned') returning id::text`,
      [courseId],
    );
    expect(
      (
        await addPlan({
          courseId,
          total: '9000',
          instalments: [
            { amount: '4500', dueMonths: 0 },
            { amount: '4500', dueMonths: 36 },
          ],
        })
      ).status,
    ).toBe(201);
    const student = await newStudent('Far Away');
    const refused = await join(row!.id, student);
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body['message']).toBe(
      'Instalment 1 of the fee plan would fall due 2100 or later (0 months after 9999-01-01). Please check the batch’s dates.',
    );
    expect(await sql('select 1 from batch_students where student_id = $1', [student])).toEqual([]);
    expect(await duesOf(student)).toEqual([]);
  });
});
