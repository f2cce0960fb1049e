/**
 * The fees' ledger (functions/_shared/fees): dues made from a plan when a student joins a batch,
 * a collection's allocation to the dues, the late fee, a retried collection, a UTR used twice and
 * a cancelled receipt. What the data must be after each.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeInProcess, jsonPost, openInProcess, sqlOn, type InProcess } from '../support/in-process';
import { staffCookie } from '../support/staff-session';
import { addFeeCourse, inTransaction } from '../support/fee-records';
import { cancelReceipt, collect, taxOf, type Collection } from '../../functions/_shared/fees/collect';
import { addMonths, duesOf } from '../../functions/_shared/fees/dues';
import { financialYearOf, receiptNumber } from '../../functions/_shared/fees/receipt-number';
import { CollectSchema, FeePlanSchema, RupeesSchema, monthlyInstalments } from '../../src/lib/schemas/fees';
import { HttpError } from '../../functions/_shared/platform/http';

let fx: InProcess;
let client: pg.Client;
let owner: string;
let batchId: string;
const staff = { id: '', name: 'Kavita Joshi' };
const sql = sqlOn(() => client);

beforeAll(async () => {
  ({ fx, client } = await openInProcess({ functions: ['admin-batch-students', 'student-item'] }));
  owner = await staffCookie(client, 'owner');
  const [member] = await sql<{ id: string }>(
    `insert into staff (name, email, password_hash, password_changed_at, role) values ('Kavita Joshi', 'kavita@example.in', 'x', now(), 'accountant') returning id::text`,
  );
  staff.id = member!.id;
  // ₹9,000 in three: ₹3,000 on joining, then a month and two months later; ₹200 late after 5 days.
  ({ batchId } = await addFeeCourse(sql, { lateFeePaise: 20000, graceDays: 5 }));
}, 120_000);

afterAll(() => closeInProcess({ fx, client }));

let n = 0;
const newStudent = async () =>
  (
    await sql<{ id: string }>(`insert into students (name, email, phone, course) values ($1, $2, '9829012345', 'Tally Prime') returning id::text`, [
      `Student ${(n += 1)}`,
      `s${n}@example.in`,
    ])
  )[0]!.id;

const join = async (studentId: string) => {
  const { response } = await fx.call('admin-batch-students', jsonPost(`/api/admin/batches/${batchId}/students`, { studentId }, { cookie: owner }));
  expect(response.status).toBe(201);
};

const pay = (c: Partial<Collection> & { studentId: string }, today = '2026-11-25') =>
  inTransaction(client, (tx) => collect(tx, { amountPaise: 100000, mode: 'cash', paidOn: today, ...c }, staff, today));

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
};

describe('dues from the plan', () => {
  it('joining a batch makes one due per instalment, a month apart from the later of the batch’s start and today', async () => {
    const student = await newStudent();
    await join(student);
    const dues = await sql<{ label: string; amount: string; due: string; reference: string }>(
      `select label, amount_paise::text as amount, due_on::text as due, reference from fee_dues where student_id = $1 order by seq`,
      [student],
    );
    const today = (await sql<{ d: string }>(`select ((now() at time zone 'Asia/Kolkata')::date)::text as d`))[0]!.d;
    expect(dues.map((d) => [d.label, d.amount, d.due])).toEqual([
      ['Instalment 1 of 3', '300000', today],
      ['Instalment 2 of 3', '300000', addMonths(today, 1)],
      ['Instalment 3 of 3', '300000', addMonths(today, 2)],
    ]);
    expect(new Set(dues.map((d) => d.reference)).size).toBe(3);
    expect(dues[0]!.reference).toMatch(/^D\d{6}$/);
  });

  it('rejoining keeps the dues already made (no second set)', async () => {
    const student = await newStudent();
    await join(student);
    await sql(`update batch_students set status = 'left' where student_id = $1`, [student]);
    await join(student);
    expect((await sql(`select id from fee_dues where student_id = $1`, [student])).length).toBe(3);
  });

  it('adds months keeping to the month’s last day', () => {
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2026-11-25', 2)).toBe('2027-01-25');
  });
});

describe('collecting', () => {
  it('a part payment goes to the oldest due; the next pays the rest and moves on', async () => {
    const student = await newStudent();
    await join(student);
    const first = await pay({ studentId: student, amountPaise: 100000 });
    expect(first.number).toMatch(/^PCI\/\d\d-\d\d\/\d{5}$/);
    const second = await pay({ studentId: student, amountPaise: 250000 });
    const dues = await duesOf(client, student, '2026-11-25');
    expect(dues.map((d) => d.paidPaise)).toEqual([300000, 50000, 0]);
    expect(dues[0]!.state).toBe('paid');
    expect(second.allocations.map((a) => a.amountPaise)).toEqual([200000, 50000]);
  });

  it('refuses more than is owed unless it is an advance, and keeps the advance on the receipt', async () => {
    const student = await newStudent();
    await join(student);
    const refused = await refusal(pay({ studentId: student, amountPaise: 1000000 }));
    expect(refused.status).toBe(400);
    expect(refused.message).toBe('₹10,000 is more than the ₹9,000 owed. Enter ₹9,000 or less, or tick "Keep the rest as an advance".');
    expect((await sql(`select id from fee_receipts where student_id = $1`, [student])).length).toBe(0);
    const done = await pay({ studentId: student, amountPaise: 1000000, advance: true });
    expect(done.advancePaise).toBe(100000);
  });

  it('a retry with the same key answers the same receipt and pays once', async () => {
    const student = await newStudent();
    await join(student);
    const key = crypto.randomUUID();
    const first = await pay({ studentId: student, idempotencyKey: key });
    const again = await pay({ studentId: student, idempotencyKey: key });
    expect(again).toMatchObject({ id: first.id, number: first.number, repeated: true });
    expect((await duesOf(client, student, '2026-11-25'))[0]!.paidPaise).toBe(100000);
  });

  it('a UTR already on a receipt is refused naming it; cancelling the receipt frees it and reopens the due', async () => {
    const student = await newStudent();
    await join(student);
    const utr = String(400000000000 + n);
    const first = await pay({ studentId: student, mode: 'upi', utr, amountPaise: 300000 });
    const other = await newStudent();
    await join(other);
    const refused = await refusal(pay({ studentId: other, mode: 'upi', utr }));
    expect(refused.status).toBe(409);
    expect(refused.message).toBe(`This UTR is already on receipt ${first.number}.`);
    await inTransaction(client, (tx) => cancelReceipt(tx, first.id, 'Entered against the wrong student', staff.id));
    const [receipt] = await sql<{ number: string; reason: string }>(`select number, cancelled_reason as reason from fee_receipts where id = $1`, [first.id]);
    expect(receipt).toEqual({ number: first.number, reason: 'Entered against the wrong student' });
    const dues = await duesOf(client, student, '2026-11-25');
    expect(dues[0]).toMatchObject({ paidPaise: 0, settledOn: null });
    await pay({ studentId: other, mode: 'upi', utr });
  });

  it('adds the late fee to a due not settled by its day plus the grace days', async () => {
    const student = await newStudent();
    await join(student);
    const [first] = await duesOf(client, student, '2026-11-25');
    const graceEnd = new Date(Date.parse(`${first!.dueOn}T00:00:00Z`) + 5 * 86400_000).toISOString().slice(0, 10);
    const dayAfter = new Date(Date.parse(`${first!.dueOn}T00:00:00Z`) + 6 * 86400_000).toISOString().slice(0, 10);
    expect((await duesOf(client, student, graceEnd))[0]).toMatchObject({ lateFeePaise: 0, balancePaise: 300000 });
    expect((await duesOf(client, student, dayAfter))[0]).toMatchObject({ lateFeePaise: 20000, balancePaise: 320000, state: 'overdue' });
  });

  it('refuses a payment day in the future', async () => {
    const student = await newStudent();
    const refused = await refusal(
      inTransaction(client, (tx) => collect(tx, { studentId: student, amountPaise: 100, mode: 'cash', paidOn: '2026-11-26' }, staff, '2026-11-25')),
    );
    expect(refused.extra['errors']).toEqual({ paidOn: 'The date of payment cannot be after today (25 November 2026).' });
  });
});

describe('deleting a student record', () => {
  const remove = async (id: string) => {
    const { response } = await fx.call(
      'student-item',
      new Request(`http://127.0.0.1:8888/api/students/${id}?version=1`, { method: 'DELETE', headers: { cookie: owner } }),
    );
    return { status: response.status, body: (await response.json()) as { message: string } };
  };

  it('keeps a student who paid (409 in words, nothing deleted); one who only owes goes with their dues', async () => {
    const payer = await newStudent();
    await join(payer);
    await pay({ studentId: payer, amountPaise: 50000 });
    const kept = await remove(payer);
    expect(kept.status).toBe(409);
    expect(kept.body.message).toMatch(/^Student \d+ cannot be deleted: their fee payments are kept in the accounts\. Mark them Left in their batch instead\.$/);
    expect((await sql(`select id from fee_dues where student_id = $1`, [payer])).length).toBe(3);

    const owes = await newStudent();
    await join(owes);
    expect((await remove(owes)).status).toBe(200);
    expect(await sql(`select id from fee_dues where student_id = $1`, [owes])).toEqual([]);
    expect(await sql(`select id from students where id = $1`, [owes])).toEqual([]);
  });
});

describe('numbers, tax and the shared schemas', () => {
  it('numbers receipts by India’s financial year, within 16 characters', () => {
    expect(financialYearOf('2026-11-25')).toBe('26-27');
    expect(financialYearOf('2027-03-31')).toBe('26-27');
    expect(financialYearOf('2027-04-01')).toBe('27-28');
    expect(receiptNumber('26-27', 42)).toBe('PCI/26-27/00042');
    expect(receiptNumber('26-27', 99_999, 'ABCD').length).toBe(16);
  });

  it('splits an amount that includes 18% GST into taxable value, CGST and SGST that add up', () => {
    const fees = {
      upiId: 'x@sbi',
      payeeName: 'X',
      receiptPrefix: 'PCI',
      gstin: '08ABCDE1234F1Z5',
      sac: '999293',
      cgstPercent: 9,
      sgstPercent: 9,
      placeOfSupply: 'Rajasthan (08)',
    };
    const tax = taxOf(1180000, fees)!;
    expect(tax).toMatchObject({ taxablePaise: 1000000, cgstPaise: 90000, sgstPaise: 90000 });
    expect(taxOf(1180000, { ...fees, gstin: null })).toBeNull();
  });

  it('reads rupees as typed into whole paise, never through fractions', () => {
    const rupees = RupeesSchema('the amount');
    expect(rupees.parse('1,23,456.50')).toBe(12345650);
    expect(rupees.parse('0.29')).toBe(29);
    expect(rupees.parse(2500)).toBe(250000);
    expect(rupees.safeParse('-5').success).toBe(false);
    expect(rupees.safeParse('0').error?.issues[0]?.message).toBe('Please enter the amount above ₹0.');
    expect(rupees.safeParse('12.345').success).toBe(false);
  });

  it('needs a UTR for UPI and bank payments, and a plan’s instalments to add up to its total', () => {
    const base = { studentId: '1', amount: '500', paidOn: '2026-11-25' };
    expect(CollectSchema.safeParse({ ...base, mode: 'upi' }).error?.issues[0]).toMatchObject({ path: ['utr'] });
    expect(CollectSchema.safeParse({ ...base, mode: 'upi', utr: '1234 5678 9012' }).data?.utr).toBe('123456789012');
    const plan = {
      courseId: '1',
      total: '9000',
      instalments: monthlyInstalments(900000, 3).map((i) => ({ amount: String(i.amount / 100), dueMonths: i.dueMonths })),
    };
    expect(FeePlanSchema.safeParse(plan).success).toBe(true);
    expect(FeePlanSchema.safeParse({ ...plan, total: '9001' }).error?.issues[0]?.message).toBe('The instalments must add up to the total fee.');
    expect(monthlyInstalments(1000, 3)).toEqual([
      { amount: 334, dueMonths: 0 },
      { amount: 333, dueMonths: 1 },
      { amount: 333, dueMonths: 2 },
    ]);
  });
});
