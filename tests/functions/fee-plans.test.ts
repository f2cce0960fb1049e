/**
 * Fee plans and a student's dues (admin-fee-plans, admin-fee-plan, admin-fee-due,
 * admin-fees-student-dues): a plan's validation in words, instalments that must add up, version
 * conflicts, a batch's plan overriding its course's when a student joins, a due changed with a
 * scholarship and its reason (audited in words), a late fee waived, an extra due, and a Counsellor
 * refused a change.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, closeInProcess, jsonPost, openInProcess, sqlOn, type InProcess } from '../support/in-process';
import { staffCookie } from '../support/staff-session';
import { indiaToday } from '../../src/lib/schemas/real-day';
import { addMonths } from '../../functions/_shared/fees/dues';

let fx: InProcess;
let client: pg.Client;
let owner: string;
let accountant: string;
let counsellor: string;
const sql = sqlOn(() => client);
const today = indiaToday();

beforeAll(async () => {
  ({ fx, client } = await openInProcess({
    functions: ['admin-fee-plans', 'admin-fee-plan', 'admin-fee-due', 'admin-fees-student-dues', 'admin-batch-students'],
  }));
  owner = await staffCookie(client, 'owner');
  accountant = await staffCookie(client, 'accountant');
  counsellor = await staffCookie(client, 'counsellor');
  await sql(`update staff set name = 'Kavita Joshi' where role = 'accountant'`);
}, 120_000);

afterAll(() => closeInProcess({ fx, client }));

let n = 0;
const newCourse = async () =>
  (
    await sql<{ id: string }>(
      `insert into courses (title, category, price, duration, description, image) values ($1, 'Accounts', 9000, '3 months', 'Tally.', '/logo.svg') returning id::text`,
      [`Tally Prime ${(n += 1)}`],
    )
  )[0]!.id;
const newBatch = async (courseId: string, startsOn = today) =>
  (
    await sql<{ id: string }>(
      `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, seats, status)
       values ($1, $2, $3, $3::date + 120, '{1,3,5}', '09:00', '10:30', $4, 30, 'running') returning id::text`,
      [courseId, `Morning ${(n += 1)}`, startsOn, `Room ${n}`],
    )
  )[0]!.id;
const newStudent = async () =>
  (
    await sql<{ id: string }>(
      `insert into students (name, email, phone, course) values ('Sunita Sharma', $1, '9829012345', 'Tally Prime') returning id::text`,
      [`s${(n += 1)}@example.in`],
    )
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
const addPlan = (body: unknown, cookie = owner) => send('admin-fee-plans', 'POST', '/api/admin/fee-plans', cookie, body);
const join = async (batchId: string, studentId: string) => {
  const { response } = await fx.call('admin-batch-students', jsonPost(`/api/admin/batches/${batchId}/students`, { studentId }, { cookie: owner }));
  expect(response.status).toBe(201);
};
const plans = async () => (await sql<{ n: number }>('select count(*)::int as n from fee_plans'))[0]!.n;

describe('fee plans', () => {
  it('adds a plan of ₹9,000 in 3 monthly instalments, with its late fee, and lists it with its course', async () => {
    const courseId = await newCourse();
    const { status, body } = await addPlan({
      courseId,
      total: '9,000',
      lateFee: '200',
      graceDays: 5,
      instalments: [
        { amount: '3,000', dueMonths: 0 },
        { amount: '3000', dueMonths: 1 },
        { amount: '3000.00', dueMonths: 2 },
      ],
    });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body['message']).toMatch(/^Fee plan for Tally Prime \d+ added\.$/);
    expect(body['item']).toMatchObject({ courseId, batchId: null, totalPaise: 900000, lateFeePaise: 20000, graceDays: 5, version: 1 });
    expect(body['item'].instalments).toEqual([
      { seq: 1, amountPaise: 300000, dueOn: null, dueMonths: 0 },
      { seq: 2, amountPaise: 300000, dueOn: null, dueMonths: 1 },
      { seq: 3, amountPaise: 300000, dueOn: null, dueMonths: 2 },
    ]);
    const list = await send('admin-fee-plans', 'GET', '/api/admin/fee-plans', counsellor);
    expect(list.status).toBe(200);
    expect(list.body['items'].find((p: { id: string }) => p.id === body['item'].id)).toMatchObject({ course: body['item'].course, totalPaise: 900000 });
    const [line] = await sql<{ detail: { subject: string } }>(`select detail from audit_log where entity = 'fee-plan' and entity_id = $1`, [body['item'].id]);
    expect(line!.detail.subject).toBe(body['item'].course);
  });

  it('refuses instalments that do not add up to the total, a plan with neither course nor batch, and a second plan for a course, in words, storing nothing', async () => {
    const courseId = await newCourse();
    const before = await plans();
    const short = await addPlan({
      courseId,
      total: '9000',
      instalments: [
        { amount: '3000', dueMonths: 0 },
        { amount: '3000', dueMonths: 1 },
      ],
    });
    expect(short.status).toBe(400);
    expect(short.body['errors']).toEqual({ instalments: 'The instalments must add up to the total fee.' });
    const nowhere = await addPlan({ total: '9000', instalments: [{ amount: '9000', dueMonths: 0 }] });
    expect(nowhere.body['errors']).toEqual({ courseId: 'Choose a course or a batch for the plan (one of them).' });
    const negative = await addPlan({ courseId, total: '-9000', instalments: [{ amount: '9000', dueMonths: 0 }] });
    expect(negative.body['errors']['total']).toBe('Please enter the total fee in rupees, like 2500 or 2,500.50.');
    const both = await addPlan({ courseId, total: '9000', instalments: [{ amount: '9000', dueMonths: 0, dueOn: '2027-01-05' }] });
    expect(both.body['errors']).toEqual({ 'instalments.0.dueOn': 'Give each instalment a due date or a number of months after the start (not both).' });
    expect(await plans()).toBe(before);
    expect((await addPlan({ courseId, total: '9000', instalments: [{ amount: '9000', dueMonths: 0 }] })).status).toBe(201);
    const second = await addPlan({ courseId, total: '8000', instalments: [{ amount: '8000', dueMonths: 0 }] });
    expect(second.status).toBe(400);
    expect(second.body['errors']['courseId']).toMatch(/^Tally Prime \d+ already has a fee plan\. Please edit that plan instead\.$/);
    expect(await plans()).toBe(before + 1);
  });

  it('saves a change at its version, says dues already made stay, and answers a stale version with 409 and the plan as it is now', async () => {
    const courseId = await newCourse();
    const made = await addPlan({ courseId, total: '6000', instalments: [{ amount: '6000', dueMonths: 0 }] });
    const id = made.body['item'].id as string;
    await join(await newBatch(courseId), await newStudent());
    const change = {
      courseId,
      total: '7000',
      instalments: [
        { amount: '3500', dueMonths: 0 },
        { amount: '3500', dueOn: '2027-02-01' },
      ],
    };
    const saved = await send('admin-fee-plan', 'PUT', `/api/admin/fee-plans/${id}`, accountant, { ...change, version: 1 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body['message']).toMatch(/^Fee plan for Tally Prime \d+ saved\. The due already made from it stays as it was\.$/);
    expect(saved.body['item']).toMatchObject({ totalPaise: 700000, version: 2 });
    expect(saved.body['item'].instalments[1]).toEqual({ seq: 2, amountPaise: 350000, dueOn: '2027-02-01', dueMonths: null });
    // The student's due made from the old plan keeps its ₹6,000.
    expect(await sql(`select amount_paise::int as a from fee_dues where plan_id = $1`, [id])).toEqual([{ a: 600000 }]);
    const stale = await send('admin-fee-plan', 'PUT', `/api/admin/fee-plans/${id}`, owner, { ...change, total: '7000', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body['current']).toMatchObject({ id, totalPaise: 700000, version: 2 });
    const staleDelete = await send('admin-fee-plan', 'DELETE', `/api/admin/fee-plans/${id}?version=1`, owner);
    expect(staleDelete.status).toBe(409);
    const deleted = await send('admin-fee-plan', 'DELETE', `/api/admin/fee-plans/${id}?version=2`, owner);
    expect(deleted.status).toBe(200);
    expect(deleted.body['message']).toMatch(/deleted\. Dues already made from it stay as they were\.$/);
    expect(
      await sql(`select amount_paise::int as a, plan_id from fee_dues d join students s on s.id = d.student_id where d.course_id = $1`, [courseId]),
    ).toEqual([{ a: 600000, plan_id: null }]);
  });

  it('a batch’s plan overrides its course’s when a student joins that batch; another batch of the course uses the course’s', async () => {
    const courseId = await newCourse();
    const special = await newBatch(courseId);
    const usual = await newBatch(courseId);
    expect((await addPlan({ courseId, total: '9000', instalments: [{ amount: '9000', dueMonths: 0 }] })).status).toBe(201);
    const batchPlan = await addPlan({
      batchId: special,
      total: '7,500',
      instalments: [
        { amount: '2500', dueMonths: 0 },
        { amount: '2500', dueMonths: 1 },
        { amount: '2500', dueMonths: 2 },
      ],
    });
    expect(batchPlan.status, JSON.stringify(batchPlan.body)).toBe(201);
    expect(batchPlan.body['item'].batch).toMatch(/^Morning \d+$/);
    const first = await newStudent();
    const second = await newStudent();
    await join(special, first);
    await join(usual, second);
    const dues = (student: string) =>
      sql<{ label: string; amount: number; due: string }>(
        `select label, amount_paise::int as amount, due_on::text as due from fee_dues where student_id = $1 order by seq`,
        [student],
      );
    expect(await dues(first)).toEqual([
      { label: 'Instalment 1 of 3', amount: 250000, due: today },
      { label: 'Instalment 2 of 3', amount: 250000, due: addMonths(today, 1) },
      { label: 'Instalment 3 of 3', amount: 250000, due: addMonths(today, 2) },
    ]);
    expect(await dues(second)).toEqual([{ label: 'Course fee', amount: 900000, due: today }]);
  });
});

describe('a student’s dues', () => {
  /** A student with three ₹3,000 dues (₹200 late after 5 days), the first overdue by 10 days. */
  async function studentWithDues() {
    const courseId = await newCourse();
    const batchId = await newBatch(courseId);
    await addPlan({
      courseId,
      total: '9000',
      lateFee: '200',
      graceDays: 5,
      instalments: [
        { amount: '3000', dueMonths: 0 },
        { amount: '3000', dueMonths: 1 },
        { amount: '3000', dueMonths: 2 },
      ],
    });
    const student = await newStudent();
    await join(batchId, student);
    const ids = (await sql<{ id: string }>(`select id::text from fee_dues where student_id = $1 order by seq`, [student])).map((r) => r.id);
    await sql(`update fee_dues set due_on = due_on - 10 where id = $1`, [ids[0]]);
    return { student, ids };
  }
  const due = (id: string, cookie = owner) => send('admin-fee-due', 'GET', `/api/admin/fees/dues/${id}`, cookie);
  const change = (id: string, body: unknown, cookie = accountant) => send('admin-fee-due', 'PATCH', `/api/admin/fees/dues/${id}`, cookie, body);

  it('a scholarship on an instalment with what it is for and the reason: the balance falls, the history says it in words', async () => {
    const { ids } = await studentWithDues();
    const second = ids[1]!;
    const before = await due(second);
    expect(before.status).toBe(200);
    expect(before.body['due']).toMatchObject({ label: 'Instalment 2 of 3', balancePaise: 300000, state: 'upcoming', version: 1 });
    expect(before.body['student']).toMatchObject({ name: 'Sunita Sharma' });
    const done = await change(second, { version: 1, discount: '1,000', discountReason: 'Merit scholarship', reason: 'Topped the batch test' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body['item']).toMatchObject({ discountPaise: 100000, discountReason: 'Merit scholarship', balancePaise: 200000, version: 2 });
    const after = await due(second, counsellor);
    expect(after.body['history'][0].summary).toBe(
      `Kavita Joshi changed due ${before.body['due'].reference} (Instalment 2 of 3) of Sunita Sharma: a discount of ₹1,000 (Merit scholarship). Reason: “Topped the batch test”.`,
    );
    // The views are audited too (every view of a student's fees), though not part of the due's history.
    expect((await sql(`select 1 from audit_log where entity = 'fee-due' and entity_id = $1 and action = 'view'`, [second])).length).toBe(2);
  });

  it('refuses a discount without what it is for, one above the amount, no reason, and a stale version (409 with the due as it is now)', async () => {
    const { ids } = await studentWithDues();
    const id = ids[1]!;
    expect((await change(id, { version: 1, discount: '500', reason: 'Sibling discount' })).body['errors']).toEqual({
      discountReason: 'Please say what the discount is for (e.g. Merit scholarship).',
    });
    expect((await change(id, { version: 1, discount: '3,500', discountReason: 'Scholarship', reason: 'Sibling discount' })).body['errors']).toEqual({
      discount: 'The discount cannot be more than the amount (₹3,000).',
    });
    expect((await change(id, { version: 1, amount: '2500' })).body['errors']).toEqual({ reason: 'Please enter the reason.' });
    expect((await change(id, { version: 1, amount: '2500', reason: 'Fee revised' })).status).toBe(200);
    const stale = await change(id, { version: 1, amount: '2000', reason: 'Fee revised again' });
    expect(stale.status).toBe(409);
    expect(stale.body['current']).toMatchObject({ amountPaise: 250000, version: 2 });
    expect(await sql(`select amount_paise::int as a, discount_paise::int as d from fee_dues where id = $1`, [id])).toEqual([{ a: 250000, d: 0 }]);
  });

  it('waives the late fee of an overdue instalment: the balance is the instalment alone', async () => {
    const { ids } = await studentWithDues();
    const first = ids[0]!;
    const overdue = await due(first);
    expect(overdue.body['due']).toMatchObject({ state: 'overdue', lateFeePaise: 20000, balancePaise: 320000 });
    const done = await change(first, { version: 1, waiveLateFee: true, reason: 'Was in hospital' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body['item']).toMatchObject({ lateFeePaise: 0, balancePaise: 300000, state: 'overdue' });
    const after = await due(first);
    expect(after.body['history'][0].summary).toMatch(/: waived the late fee of ₹200\. Reason: “Was in hospital”\.$/);
  });

  it('a Counsellor may see a due but not change it: 403 in words, nothing changed', async () => {
    const { ids } = await studentWithDues();
    const id = ids[2]!;
    expect((await due(id, counsellor)).status).toBe(200);
    const refused = await change(id, { version: 1, discount: '1000', discountReason: 'Scholarship', reason: 'Asked nicely' }, counsellor);
    expect(refused.status).toBe(403);
    expect(refused.body['message']).toBe('Your role (Counsellor) does not allow this.');
    expect(await sql(`select discount_paise::int as d, version from fee_dues where id = $1`, [id])).toEqual([{ d: 0, version: 1 }]);
  });

  it('adds an extra due (an exam fee) with its reason, in the student’s batch, audited', async () => {
    const { student } = await studentWithDues();
    const added = await send('admin-fees-student-dues', 'POST', `/api/admin/fees/students/${student}/dues`, accountant, {
      label: 'Exam fee',
      amount: '500',
      dueOn: '2027-01-05',
      reason: 'RS-CIT exam in January',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body['item']).toMatchObject({ label: 'Exam fee', amountPaise: 50000, balancePaise: 50000, dueOn: '2027-01-05', seq: 4 });
    expect(added.body['item'].batch).toMatch(/^Morning \d+$/);
    const seen = await due(added.body['item'].id);
    expect(seen.body['history'][0].summary).toBe(
      `Kavita Joshi added due ${added.body['item'].reference} (Exam fee) of Sunita Sharma: ₹500 due on Tuesday, 5 January 2027. Reason: “RS-CIT exam in January”.`,
    );
    const bad = await send('admin-fees-student-dues', 'POST', `/api/admin/fees/students/${student}/dues`, accountant, {
      label: 'Exam fee',
      amount: '0',
      dueOn: '2027-02-30',
      reason: 'x',
    });
    expect(bad.body['errors']).toEqual({
      amount: 'Please enter the amount above ₹0.',
      dueOn: 'Please enter a real date.',
      reason: 'Please write at least 5 characters for the reason.',
    });
    const missing = await send('admin-fees-student-dues', 'POST', '/api/admin/fees/students/999999/dues', accountant, {
      label: 'Exam fee',
      amount: '500',
      dueOn: '2027-01-05',
      reason: 'RS-CIT exam in January',
    });
    expect(missing.status).toBe(404);
  });
});
