/**
 * A receipt as its printable page reads it (GET /api/admin/fees/receipts/{id} for staff, GET
 * /api/user/fees/receipts/{id} for the signed-in student): what it paid, paid so far and the
 * balance after part payments, a cancelled receipt with its reason, the tax invoice's figures, and
 * a student seeing only their own. Receipts are made with collect() as the counter makes them.
 */
import { readFileSync } from 'node:fs';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import site from '../../content/site.json';
import { cancelReceipt, collect, taxOf, type Collection } from '../../functions/_shared/fees/collect';
import { RECEIPT_NOT_YOURS, type ReceiptView } from '../../src/lib/fee-receipt';
import { indiaToday } from '../../src/lib/schemas/real-day';
import { BASE, closeInProcess, jsonPost, openInProcess, sqlOn, type InProcess } from '../support/in-process';
import { staffCookie } from '../support/staff-session';
import { addFeeCourse, inTransaction } from '../support/fee-records';
import { quickPasswordHash } from '../support/quick-password';

let fx: InProcess;
let client: pg.Client;
let owner: string;
let batchId: string;
const staff = { id: '', name: 'Kavita Joshi' };
const sql = sqlOn(() => client);
const today = indiaToday();
const PASSWORD = 'a long passphrase of mine';

beforeAll(async () => {
  ({ fx, client } = await openInProcess({ functions: ['admin-batch-students', 'admin-fees-receipt', 'user-fees-receipt', 'user-login'] }));
  owner = await staffCookie(client, 'owner');
  const [member] = await sql<{ id: string }>(
    `insert into staff (name, email, password_hash, password_changed_at, role) values ('Kavita Joshi', 'kavita@example.in', 'x', now(), 'accountant') returning id::text`,
  );
  staff.id = member!.id;
  // ₹9,000 in three: on joining, a month and two months later.
  ({ batchId } = await addFeeCourse(sql));
}, 120_000);

afterAll(() => closeInProcess({ fx, client }));

let n = 0;
/** A student in the batch (so with the plan's three dues); linked to `userId`'s account when given. */
async function newStudent(name: string, userId: string | null = null): Promise<string> {
  const [student] = await sql<{ id: string }>(
    `insert into students (name, email, phone, course, user_id) values ($1, $2, '9829012345', 'Tally Prime', $3) returning id::text`,
    [name, `r${(n += 1)}@example.in`, userId],
  );
  const { response } = await fx.call('admin-batch-students', jsonPost(`/api/admin/batches/${batchId}/students`, { studentId: student!.id }, { cookie: owner }));
  expect(response.status).toBe(201);
  return student!.id;
}

/** Collects as the counter does; the receipt's id. */
const pay = async (c: Partial<Collection> & { studentId: string }) =>
  (await inTransaction(client, (tx) => collect(tx, { amountPaise: 100000, mode: 'cash', paidOn: today, ...c }, staff, today))).id;

/** GET of a receipt as staff (the Owner), or as the student with `token`, or as nobody. */
async function receipt(id: string, as: { staff: true } | { token: string } | null): Promise<{ status: number; body: ReceiptView & { message?: string } }> {
  const headers: Record<string, string> = as && 'token' in as ? { token: as.token } : as ? { cookie: owner } : {};
  const route = as && 'staff' in as ? `/api/admin/fees/receipts/${id}` : `/api/user/fees/receipts/${id}`;
  const { response } = await fx.call(as && 'staff' in as ? 'admin-fees-receipt' : 'user-fees-receipt', new Request(new URL(route, BASE), { headers }));
  return { status: response.status, body: (await response.json()) as ReceiptView & { message?: string } };
}

describe('the receipt as staff see it', () => {
  let student: string;
  let first: string;
  let second: string;

  beforeAll(async () => {
    student = await newStudent('Ravi Kumar');
    first = await pay({ studentId: student, amountPaise: 100000 });
    second = await pay({ studentId: student, amountPaise: 250050, mode: 'upi', utr: '412345678901' });
  });

  it('shows what each part payment paid, paid so far after it, and the course balance it left', async () => {
    const one = await receipt(first, { staff: true });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      mode: 'cash',
      utr: null,
      amountPaise: 100000,
      paidOn: today,
      student: { name: 'Ravi Kumar', phone: '9829012345' },
      course: 'Tally Prime',
      batch: 'Tally Morning',
      allocations: [{ label: 'Instalment 1 of 3', amountPaise: 100000 }],
      paidSoFarPaise: 100000,
      balancePaise: 900000 - 100000,
      receivedBy: 'Kavita Joshi',
      cancelled: null,
      tax: null,
      institute: { name: site.name, phone: site.phone },
    });
    expect(one.body.number).toMatch(/^PCI\/\d\d-\d\d\/\d{5}$/);

    const two = await receipt(second, { staff: true });
    expect(two.body).toMatchObject({
      mode: 'upi',
      utr: '412345678901',
      amountPaise: 250050,
      allocations: [
        { label: 'Instalment 1 of 3', amountPaise: 200000 },
        { label: 'Instalment 2 of 3', amountPaise: 50050 },
      ],
      paidSoFarPaise: 350050,
      balancePaise: 549950,
    });
    expect(two.body.allocations[0]!.reference).toMatch(/^D\d{6}$/);
    expect(Object.keys(two.body)).not.toContain('studentId');
  });

  it('writes the view to the audit log, naming the receipt', async () => {
    const lines = await sql<{ detail: { subject: string; student: string } }>(
      `select detail from audit_log where action = 'view' and entity = 'receipt' and entity_id = $1`,
      [first],
    );
    expect(lines.length).toBeGreaterThan(0);
    expect(lines[0]!.detail).toMatchObject({ student: 'Ravi Kumar' });
    expect(lines[0]!.detail.subject).toMatch(/^PCI\//);
  });

  it('shows a cancelled receipt as cancelled with its reason, its figures and the later receipt’s as they were issued', async () => {
    await inTransaction(client, (tx) => cancelReceipt(tx, first, 'Entered twice by mistake.', staff.id));
    const one = await receipt(first, { staff: true });
    expect(one.body.cancelled).toEqual({ at: today, reason: 'Entered twice by mistake.' });
    expect(one.body).toMatchObject({ paidSoFarPaise: 100000, balancePaise: 800000 });
    const two = await receipt(second, { staff: true });
    expect(two.body).toMatchObject({ cancelled: null, paidSoFarPaise: 350050, balancePaise: 549950 });
    // The dues themselves owe again what the cancelled receipt paid.
    const [owed] = await sql<{ paid: string }>(`select sum(paid_paise)::text as paid from fee_dues where student_id = $1`, [student]);
    expect(Number(owed!.paid)).toBe(250050);
  });

  it('answers a receipt that does not exist, or an id that is not one, with 404 in words', async () => {
    for (const id of ['999999', 'abc', '0']) {
      const { status, body } = await receipt(id, { staff: true });
      expect(status).toBe(404);
      expect(body.message).toBe('This receipt was not found. The list may be out of date: please reload it.');
    }
  });

  it('needs a member of staff', async () => {
    const { response } = await fx.call('admin-fees-receipt', new Request(new URL(`/api/admin/fees/receipts/${second}`, BASE)));
    expect(response.status).toBe(401);
  });
});

describe('a receipt once issued', () => {
  it('keeps every figure when the student pays again, when a later receipt is cancelled, and when the course or the student is renamed', async () => {
    const student = await newStudent('Pooja Saini');
    const first = await pay({ studentId: student, amountPaise: 400000 });
    const issued = (await receipt(first, { staff: true })).body;
    expect(issued).toMatchObject({ paidSoFarPaise: 400000, balancePaise: 500000, student: { name: 'Pooja Saini' }, course: 'Tally Prime' });

    const later = await pay({ studentId: student, amountPaise: 400000 });
    expect((await receipt(later, { staff: true })).body).toMatchObject({ paidSoFarPaise: 800000, balancePaise: 100000 });
    expect((await receipt(first, { staff: true })).body).toEqual(issued);

    await inTransaction(client, (tx) => cancelReceipt(tx, later, 'Counted twice at the counter.', staff.id));
    expect((await receipt(first, { staff: true })).body).toEqual(issued);
    expect((await receipt(later, { staff: true })).body).toMatchObject({
      paidSoFarPaise: 800000,
      balancePaise: 100000,
      cancelled: { reason: 'Counted twice at the counter.' },
    });

    await sql(`update students set name = 'Pooja Saini Sharma', phone = '9414000000' where id = $1`, [student]);
    await sql(`update batches set name = 'Tally Evening' where id = $1`, [batchId]);
    expect((await receipt(first, { staff: true })).body).toEqual(issued);
    await sql(`update batches set name = 'Tally Morning' where id = $1`, [batchId]);
  });

  it('was back-filled by migration 015 for receipts made before it, as they stood when each was made', async () => {
    const student = await newStudent('Old Ledger');
    const [due] = await sql<{ id: string }>(`select id::text from fee_dues where student_id = $1 order by due_on, id limit 1`, [student]);
    // Two receipts written as before the snapshot existed: ₹1,000 then ₹500, the first cancelled after the second was made.
    const made: string[] = [];
    for (const paise of [100000, 50000]) {
      const [r] = await sql<{ id: string }>(
        `insert into fee_receipts (number, financial_year, student_id, amount_paise, mode, paid_on, received_by_name)
         values ($1, '26-27', $2, $3, 'cash', $4, 'Kavita Joshi') returning id::text`,
        [`OLD/${student}/${made.length}`, student, paise, today],
      );
      await sql(`insert into fee_allocations (receipt_id, due_id, amount_paise) values ($1, $2, $3)`, [r!.id, due!.id, paise]);
      await sql(`update fee_dues set paid_paise = paid_paise + $2 where id = $1`, [due!.id, paise]);
      made.push(r!.id);
    }
    await sql(`update fee_receipts set cancelled_at = now(), cancelled_reason = 'Wrong student.' where id = $1`, [made[0]]);
    await sql(`update fee_dues set paid_paise = paid_paise - 100000 where id = $1`, [due!.id]);
    const migration = readFileSync(new URL('../../migrations/015_receipt_snapshot.sql', import.meta.url), 'utf8');
    const backFill = migration.slice(migration.indexOf('with issued as'), migration.indexOf(';', migration.indexOf('with issued as')));
    await sql(`${backFill} and r.paid_so_far_paise is null`);
    expect((await receipt(made[0]!, { staff: true })).body).toMatchObject({ paidSoFarPaise: 100000, balancePaise: 800000, course: 'Tally Prime' });
    expect((await receipt(made[1]!, { staff: true })).body).toMatchObject({ paidSoFarPaise: 150000, balancePaise: 750000, student: { name: 'Old Ledger' } });
  });

  it('is refused by the database if anything tries to rewrite its figures', async () => {
    const student = await newStudent('Kiran Bai');
    const id = await pay({ studentId: student, amountPaise: 100000 });
    await expect(sql(`update fee_receipts set balance_paise = 0 where id = $1`, [id])).rejects.toThrow(/cannot change/);
    await expect(sql(`update fee_receipts set amount_paise = 1 where id = $1`, [id])).rejects.toThrow(/cannot change/);
  });
});

describe('a tax invoice', () => {
  it('carries the GST figures kept on the receipt when the institute gave a GSTIN', async () => {
    const student = await newStudent('Meena Sharma');
    const id = await pay({ studentId: student, amountPaise: 118000 });
    // As collect() keeps it when content/site.json gives a GSTIN.
    const settings = { ...site.fees, gstin: '08ABCDE1234F1Z5' };
    await sql(`update fee_receipts set tax = $2 where id = $1`, [id, JSON.stringify(taxOf(118000, settings))]);
    const { body } = await receipt(id, { staff: true });
    expect(body.tax).toEqual({
      gstin: '08ABCDE1234F1Z5',
      sac: site.fees.sac,
      placeOfSupply: site.fees.placeOfSupply,
      taxablePaise: 100000,
      cgstPercent: 9,
      cgstPaise: 9000,
      sgstPercent: 9,
      sgstPaise: 9000,
    });
    expect(body.tax!.taxablePaise + body.tax!.cgstPaise + body.tax!.sgstPaise).toBe(body.amountPaise);
  });
});

describe('the receipt as the student sees it', () => {
  /** A verified student account and its signed-in token. */
  async function account(name: string): Promise<{ id: string; token: string }> {
    const email = `account${(n += 1)}@example.in`;
    const [user] = await sql<{ id: string }>(`insert into users (name, email, password_hash) values ($1, $2, $3) returning id::text`, [
      name,
      email,
      await quickPasswordHash(PASSWORD),
    ]);
    const { response } = await fx.call('user-login', jsonPost('/api/user/login', { email, password: PASSWORD }));
    expect(response.status).toBe(200);
    return { id: user!.id, token: ((await response.json()) as { token: string }).token };
  }

  it('gives a student their own receipt, and nobody else’s', async () => {
    const asha = await account('Asha Verma');
    const mine = await pay({ studentId: await newStudent('Asha Verma', asha.id), amountPaise: 300000 });
    const theirs = await pay({ studentId: await newStudent('Someone Else'), amountPaise: 50000 });

    const own = await receipt(mine, { token: asha.token });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ amountPaise: 300000, student: { name: 'Asha Verma' }, paidSoFarPaise: 300000, balancePaise: 600000 });

    for (const id of [theirs, '999999', 'x']) {
      const other = await receipt(id, { token: asha.token });
      expect(other.status).toBe(404);
      expect(other.body.message).toBe(RECEIPT_NOT_YOURS);
      expect(Object.keys(other.body).sort()).toEqual(['error', 'message']);
    }

    // An account without any student record sees no receipt at all.
    const stranger = await account('No Record');
    expect((await receipt(mine, { token: stranger.token })).status).toBe(404);
  });

  it('needs the student signed in', async () => {
    const { status, body } = await receipt('1', null);
    expect(status).toBe(401);
    expect(body.message).toBeTruthy();
  });
});
