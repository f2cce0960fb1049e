/**
 * UPI with a reference: a student sees only their own dues, each open one with its `upi://pay`
 * link; reports a payment with its UTR (refused in words when the UTR is already on a receipt or
 * already reported, the amount is above the balance, or the due is someone else's); staff confirm
 * it (a receipt allocated to that due, its e-mail queued) or reject it with a reason the student
 * reads. A report is decided once, even by two staff at the same moment. The functions run in this
 * process on a database of their own (scripts/in-process.mjs).
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudentFees } from '../../src/lib/schemas/student-fees';
import { indiaToday } from '../../src/lib/schemas/real-day';
import { addCourse, addStudent, dayPlus, uniqueTag, type Sql } from '../support/class-records';
import { BASE, closeInProcess, jsonPost, openInProcess, sqlOn, type InProcess } from '../support/in-process';
import { staffCookie } from '../support/staff-session';
import { quickPasswordHash } from '../support/quick-password';

let fx: InProcess;
let client: pg.Client;
const sql = sqlOn(() => client) as Sql;
const PASSWORD = 'a long passphrase of mine';
const today = indiaToday();
let accountant = '';
let courseId = '';

beforeAll(async () => {
  ({ fx, client } = await openInProcess({
    functions: ['user-fees', 'user-fees-claims', 'admin-fees-claims', 'admin-fees-claim', 'admin-fees-receipt-cancel', 'user-login'],
  }));
  accountant = await staffCookie(client, 'accountant');
  courseId = await addCourse(sql, 'Tally Prime with GST');
}, 120_000);

afterAll(() => closeInProcess({ fx, client }));

interface Student {
  token: string;
  studentId: string;
  dues: string[];
}

let utrSerial = 0;
/** A UTR no other test uses. */
const newUtr = () => `4${String(Date.now() % 1e9).padStart(9, '0')}${String((utrSerial += 1) % 100).padStart(2, '0')}`;

/** A signed-in student account with its student record and two dues of ₹3,000 (the first overdue). */
async function newStudent(name = 'Asha Verma'): Promise<Student> {
  const email = `fees.${uniqueTag()}@example.in`;
  const [user] = await sql<{ id: string }>(`insert into users (name, email, password_hash) values ($1, $2, $3) returning id::text`, [
    name,
    email,
    await quickPasswordHash(PASSWORD),
  ]);
  const studentId = await addStudent(sql, { name, email: `record.${uniqueTag()}@example.in`, userId: user!.id });
  const dues: string[] = [];
  for (const [seq, dueOn] of [
    [1, dayPlus(today, -10)],
    [2, dayPlus(today, 20)],
  ] as const) {
    const [due] = await sql<{ id: string }>(
      `insert into fee_dues (reference, student_id, course_id, seq, label, amount_paise, due_on)
       values ('D' || lpad(nextval('fee_due_reference_seq')::text, 6, '0'), $1, $2, $3, $4, 300000, $5) returning id::text`,
      [studentId, courseId, seq, `Instalment ${seq} of 2`, dueOn],
    );
    dues.push(due!.id);
  }
  const { response } = await fx.call('user-login', jsonPost('/api/user/login', { email, password: PASSWORD }));
  expect(response.status).toBe(200);
  return { token: ((await response.json()) as { token: string }).token, studentId, dues };
}

async function feesOf(student: Student): Promise<StudentFees> {
  const { response } = await fx.call('user-fees', new Request(new URL('/api/user/fees', BASE), { headers: { token: student.token } }));
  expect(response.status).toBe(200);
  return (await response.json()) as StudentFees;
}

type Answer = { status: number; body: { message: string; errors?: Record<string, string>; claim?: { id: string }; receipt?: { id: string; number: string } } };

async function report(student: Student, body: Record<string, unknown>): Promise<Answer> {
  await sql('delete from rate_limits');
  const { response } = await fx.call('user-fees-claims', jsonPost('/api/user/fees/claims', body, { token: student.token }));
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

async function decide(claimId: string, body: Record<string, unknown>, cookie = accountant): Promise<Answer> {
  const { response, settled } = await fx.call('admin-fees-claim', jsonPost(`/api/admin/fees/claims/${claimId}`, body, { cookie }), { params: { id: claimId } });
  await settled();
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const claimsOf = (studentId: string) =>
  sql<{ id: string; status: string }>(`select id::text, status from fee_upi_claims where student_id = $1 order by id`, [studentId]);

describe('GET /api/user/fees', () => {
  it('answers only the student’s own dues, each open one with the UPI link for its balance and reference', async () => {
    const asha = await newStudent('Asha Verma');
    const ravi = await newStudent('Ravi Kumar');
    await sql(`update fee_dues set paid_paise = 50000 where id = $1`, [asha.dues[0]]);
    const fees = await feesOf(asha);
    expect(fees.dues.map((d) => d.id)).toEqual(asha.dues);
    expect(fees.dues.some((d) => ravi.dues.includes(d.id))).toBe(false);
    const [first] = fees.dues;
    expect(first).toMatchObject({ balancePaise: 250000, state: 'overdue', stateWord: 'Overdue', label: 'Instalment 1 of 2' });
    expect(first!.upi).toBe(
      `upi://pay?pa=pragatiinstitute@sbi&pn=Pragati%20Computer%20and%20Education%20Institute&am=2500.00&tn=Fees%20${first!.reference}%20Instalment%201%20of%202&tr=${first!.reference}&cu=INR`,
    );
    expect(fees.upiId).toBe('pragatiinstitute@sbi');
  });

  it('is refused without a sign-in', async () => {
    const { response } = await fx.call('user-fees', new Request(new URL('/api/user/fees', BASE)));
    expect(response.status).toBe(401);
  });
});

describe('POST /api/user/fees/claims', () => {
  it('records a report as waiting for the office', async () => {
    const asha = await newStudent();
    const answer = await report(asha, { dueId: asha.dues[0], amount: '2,000', utr: newUtr(), paidOn: today });
    expect(answer.status).toBe(201);
    const fees = await feesOf(asha);
    expect(fees.claims).toHaveLength(1);
    expect(fees.claims[0]).toMatchObject({ amountPaise: 200000, status: 'pending', statusWord: 'Waiting for the office to confirm', reason: null });
    expect(fees.dues[0]!.reportedPaise).toBe(200000);
  });

  it('refuses in words a UTR already on a receipt, and one already reported', async () => {
    const asha = await newStudent();
    const ravi = await newStudent('Ravi Kumar');
    const onReceipt = newUtr();
    await sql(
      `insert into fee_receipts (number, financial_year, student_id, amount_paise, mode, utr, paid_on, received_by_name) values ($1, '26-27', $2, 100000, 'upi', $3, $4, 'Kavita Joshi')`,
      [`PCI/26-27/9${uniqueTag().slice(-4)}`, ravi.studentId, onReceipt, today],
    );
    const first = await report(asha, { dueId: asha.dues[0], amount: '1000', utr: onReceipt, paidOn: today });
    expect(first.status).toBe(409);
    expect(first.body.errors?.['utr']).toBe(
      'This UTR has already been recorded for a payment. Please check the 12 digits in your UPI app; if they are right, call the office.',
    );

    const reported = newUtr();
    expect((await report(ravi, { dueId: ravi.dues[0], amount: '1000', utr: reported, paidOn: today })).status).toBe(201);
    const again = await report(asha, { dueId: asha.dues[0], amount: '1000', utr: reported, paidOn: today });
    expect(again.status).toBe(409);
    expect(again.body.errors?.['utr']).toMatch(/already been recorded/);
    const own = await report(ravi, { dueId: ravi.dues[1], amount: '1000', utr: reported, paidOn: today });
    expect(own.body.errors?.['utr']).toBe('You have already reported this UTR (waiting for the office to confirm).');
    expect(await claimsOf(asha.studentId)).toEqual([]);
  });

  it('refuses an amount above the balance, naming it', async () => {
    const asha = await newStudent();
    const answer = await report(asha, { dueId: asha.dues[0], amount: '3,000.01', utr: newUtr(), paidOn: today });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.['amount']).toBe('₹3,000.01 is more than the ₹3,000 left to pay on Instalment 1 of 2. Please enter the amount you paid.');
    expect(await claimsOf(asha.studentId)).toEqual([]);
  });

  it('answers 404 for another student’s due, and stores nothing', async () => {
    const asha = await newStudent();
    const ravi = await newStudent('Ravi Kumar');
    const answer = await report(asha, { dueId: ravi.dues[0], amount: '1000', utr: newUtr(), paidOn: today });
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('This due was not found in your account. Please reload the page.');
    expect(await claimsOf(ravi.studentId)).toEqual([]);
    expect(await claimsOf(asha.studentId)).toEqual([]);
  });
});

describe('the limit on reports', () => {
  it('refuses an account’s eleventh report in an hour, and leaves another account free to report', async () => {
    const asha = await newStudent();
    const ravi = await newStudent('Ravi Kumar');
    await sql('delete from rate_limits');
    const send = (student: Student) =>
      fx.call(
        'user-fees-claims',
        jsonPost('/api/user/fees/claims', { dueId: student.dues[0], amount: '1', utr: newUtr(), paidOn: today }, { token: student.token }),
      );
    for (let i = 0; i < 10; i += 1) expect((await send(asha)).response.status).toBe(201);
    const refused = (await send(asha)).response;
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'You have reported many payments in the last hour. Please wait a little, or call the office.',
    );
    expect((await send(ravi)).response.status).toBe(201);
    expect(await claimsOf(asha.studentId)).toHaveLength(10);
  });
});

describe('staff deciding a report', () => {
  it('lists pending reports oldest first', async () => {
    const asha = await newStudent();
    const utr = newUtr();
    await report(asha, { dueId: asha.dues[0], amount: '1500', utr, paidOn: today });
    const { response } = await fx.call('admin-fees-claims', new Request(new URL('/api/admin/fees/claims', BASE), { headers: { cookie: accountant } }));
    expect(response.status).toBe(200);
    const { claims } = (await response.json()) as { claims: { utr: string; student: string; amountPaise: number; dueLabel: string }[] };
    expect(claims.at(-1)).toMatchObject({ utr, student: 'Asha Verma', amountPaise: 150000, dueLabel: 'Instalment 1 of 2' });
  });

  it('confirm makes a UPI receipt allocated to that due and queues the mail; deciding again is 409 in words', async () => {
    const asha = await newStudent();
    const studentEmail = `receipt.${uniqueTag()}@example.in`;
    await sql(`update students set email = $2 where id = $1`, [asha.studentId, studentEmail]);
    const utr = newUtr();
    const claimId = (await report(asha, { dueId: asha.dues[1], amount: '1200', utr, paidOn: dayPlus(today, -1) })).body.claim!.id;
    const answer = await decide(claimId, { decision: 'confirm' });
    expect(answer.status).toBe(200);
    const [receipt] = await sql<{ id: string; mode: string; utr: string; amount: string; paid: string }>(
      `select id::text, mode, utr, amount_paise::text as amount, paid_on::text as paid from fee_receipts where student_id = $1`,
      [asha.studentId],
    );
    expect(receipt).toMatchObject({ mode: 'upi', utr, amount: '120000', paid: dayPlus(today, -1) });
    expect(await sql(`select due_id::text as due, amount_paise::int as amount from fee_allocations where receipt_id = $1`, [receipt!.id])).toEqual([
      { due: asha.dues[1], amount: 120000 },
    ]);
    expect(await sql(`select status, receipt_id::text as receipt from fee_upi_claims where id = $1`, [claimId])).toEqual([
      { status: 'confirmed', receipt: receipt!.id },
    ]);
    const [{ number }] = (await sql<{ number: string }>(`select number from fee_receipts where id = $1`, [receipt!.id])) as [{ number: string }];
    const mails = await sql<{ subject: string }>(`select subject from mail_outbox where kind = 'student' and recipient = $1`, [studentEmail]);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining(`receipt ${number}`)]);
    const fees = await feesOf(asha);
    expect(fees.receipts.map((r) => r.id)).toEqual([receipt!.id]);
    expect(fees.dues[1]!.paidPaise).toBe(120000);
    expect(fees.claims[0]).toMatchObject({ status: 'confirmed', statusWord: 'Confirmed' });

    const twice = await decide(claimId, { decision: 'reject', reason: 'Not in the statement.' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toMatch(/^This payment was already confirmed by .+ \(receipt PCI\/\d\d-\d\d\/\d{5}\)\. Nothing was changed\.$/);
  });

  it('reject keeps the reason, which the student reads in /api/user/fees, and tells them by e-mail without the reason or the amount', async () => {
    const asha = await newStudent();
    const studentEmail = `rejected.${uniqueTag()}@example.in`;
    await sql(`update students set email = $2 where id = $1`, [asha.studentId, studentEmail]);
    const claimId = (await report(asha, { dueId: asha.dues[0], amount: '500', utr: newUtr(), paidOn: today })).body.claim!.id;
    const answer = await decide(claimId, { decision: 'reject', reason: 'No such payment in the bank statement.' });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toContain('They are told by e-mail');
    const fees = await feesOf(asha);
    expect(fees.claims[0]).toMatchObject({ status: 'rejected', statusWord: 'Not confirmed', reason: 'No such payment in the bank statement.' });
    expect(fees.receipts).toEqual([]);
    expect((await decide(claimId, { decision: 'confirm' })).status).toBe(409);

    const mails = await sql<{ kind: string; subject: string; body: string }>(`select kind, subject, body from mail_outbox where recipient = $1`, [
      studentEmail,
    ]);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'student', subject: expect.stringMatching(/^Your UPI payment could not be confirmed \(/) });
    const reference = fees.dues[0]!.reference;
    expect(mails[0]!.body).toContain(`could not confirm a UPI payment you reported for due ${reference}, and has not recorded it.`);
    expect(mails[0]!.body).toContain('/account');
    for (const secret of ['Asha', '500', 'bank statement', 'UTR']) expect(mails[0]!.body).not.toContain(secret);
  });

  it('a cancelled receipt is told to the student by e-mail and shown on /account with the day, the reason and its figures as issued', async () => {
    const asha = await newStudent();
    const studentEmail = `cancelled.${uniqueTag()}@example.in`;
    await sql(`update students set email = $2 where id = $1`, [asha.studentId, studentEmail]);
    const claimId = (await report(asha, { dueId: asha.dues[0], amount: '1000', utr: newUtr(), paidOn: today })).body.claim!.id;
    const receipt = (await decide(claimId, { decision: 'confirm' })).body.receipt!;
    const { response, settled } = await fx.call(
      'admin-fees-receipt-cancel',
      jsonPost(`/api/admin/fees/receipts/${receipt.id}/cancel`, { reason: 'The bank reversed this payment.' }, { cookie: accountant }),
      { params: { id: receipt.id } },
    );
    await settled();
    expect(response.status).toBe(200);
    expect(((await response.json()) as { message: string }).message).toContain('the student is told by e-mail');

    const mails = await sql<{ subject: string; body: string }>(`select subject, body from mail_outbox where recipient = $1 order by id`, [studentEmail]);
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringContaining(`receipt ${receipt.number}`),
      expect.stringMatching(new RegExp(`^Receipt ${receipt.number.replace(/\//g, '\\/')} was cancelled \\(`)),
    ]);
    expect(mails[1]!.body).toContain(`has cancelled receipt ${receipt.number} of your fees.`);
    expect(mails[1]!.body).toContain('/account');
    for (const secret of ['Asha', '1,000', '1000', 'reversed']) expect(mails[1]!.body).not.toContain(secret);

    const fees = await feesOf(asha);
    expect(fees.receipts[0]).toMatchObject({
      number: receipt.number,
      cancelled: true,
      cancelledOn: today,
      cancelledReason: 'The bank reversed this payment.',
      balancePaise: 500000,
    });
    expect(fees.dues[0]!.paidPaise).toBe(0);
  });

  it('two confirms at once make one receipt', async () => {
    const asha = await newStudent();
    const other = await staffCookie(client, 'owner');
    const claimId = (await report(asha, { dueId: asha.dues[0], amount: '3000', utr: newUtr(), paidOn: today })).body.claim!.id;
    const answers = await Promise.all([decide(claimId, { decision: 'confirm' }), decide(claimId, { decision: 'confirm' }, other)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await sql(`select id from fee_receipts where student_id = $1`, [asha.studentId])).toHaveLength(1);
    expect((await feesOf(asha)).dues[0]!.paidPaise).toBe(300000);
  });

  it('a confirm and a reject at once: one decides, the other is told in words', async () => {
    const asha = await newStudent();
    const other = await staffCookie(client, 'owner');
    const claimId = (await report(asha, { dueId: asha.dues[0], amount: '700', utr: newUtr(), paidOn: today })).body.claim!.id;
    const answers = await Promise.all([
      decide(claimId, { decision: 'confirm' }),
      decide(claimId, { decision: 'reject', reason: 'Not in the statement.' }, other),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.message).toMatch(/^This payment was already (confirmed|rejected) by .+\. Nothing was changed\.$/);
    const [claim] = await sql<{ status: string; receipts: number }>(
      `select u.status, (select count(*)::int from fee_receipts r where r.student_id = u.student_id) as receipts from fee_upi_claims u where u.id = $1`,
      [claimId],
    );
    expect(claim!.receipts).toBe(claim!.status === 'confirmed' ? 1 : 0);
  });

  it('is refused to a Counsellor, changing nothing', async () => {
    const asha = await newStudent();
    const claimId = (await report(asha, { dueId: asha.dues[0], amount: '500', utr: newUtr(), paidOn: today })).body.claim!.id;
    const answer = await decide(claimId, { decision: 'confirm' }, await staffCookie(client, 'counsellor'));
    expect(answer.status).toBe(403);
    expect(await claimsOf(asha.studentId)).toEqual([{ id: claimId, status: 'pending' }]);
  });
});
