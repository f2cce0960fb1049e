/**
 * The fees counter (GET /api/admin/fees/students?q=, GET …/students/{id}, POST …/collect, POST
 * …/receipts/{id}/cancel): finding a student, collecting in cash and by UPI, a UTR used twice,
 * two staff collecting the same due at once, a retried Collect, more than owed, cancelling, what
 * a Counsellor or Teacher may do, and the student's receipt e-mail. What staff read and what the
 * data must be after each.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, closeInProcess, jsonPost, openInProcess, sqlOn, type InProcess } from '../support/in-process';
import { staffCookie } from '../support/staff-session';
import { addFeeCourse } from '../support/fee-records';
import { auditSentence } from '../../src/lib/audit-words';

let fx: InProcess;
let client: pg.Client;
let owner: string;
let accountant: string;
let counsellor: string;
let teacher: string;
let batchId: string;
let today: string;
const sql = sqlOn(() => client);

const FUNCTIONS = ['admin-batch-students', 'admin-fees-search', 'admin-fees-student', 'admin-fees-collect', 'admin-fees-receipt-cancel'];

beforeAll(async () => {
  ({ fx, client } = await openInProcess({ functions: FUNCTIONS }));
  owner = await staffCookie(client, 'owner');
  accountant = await staffCookie(client, 'accountant');
  counsellor = await staffCookie(client, 'counsellor');
  teacher = await staffCookie(client, 'teacher');
  today = (await sql<{ d: string }>(`select ((now() at time zone 'Asia/Kolkata')::date)::text as d`))[0]!.d;
  // ₹9,000 in three: on joining, a month and two months later.
  ({ batchId } = await addFeeCourse(sql, { startsOn: '2026-01-01', endsOn: '2030-03-31', seats: 60 }));
}, 120_000);

afterAll(() => closeInProcess({ fx, client }));

let n = 0;
/** A student in the batch (so with three dues); `phone` and `name` given or made up. */
async function newStudent(name?: string, phone = `98290${String(10000 + (n += 1)).slice(-5)}`): Promise<string> {
  const [row] = await sql<{ id: string }>(`insert into students (name, email, phone, course) values ($1, $2, $3, 'Tally Prime') returning id::text`, [
    name ?? `Student ${n}`,
    `student${n}@example.in`,
    phone,
  ]);
  const { response } = await fx.call('admin-batch-students', jsonPost(`/api/admin/batches/${batchId}/students`, { studentId: row!.id }, { cookie: owner }));
  expect(response.status).toBe(201);
  return row!.id;
}

const get = (route: string, cookie: string) => new Request(new URL(route, BASE), { headers: { cookie } });
const search = async (q: string, cookie = accountant) => {
  const { response } = await fx.call('admin-fees-search', get(`/api/admin/fees/students?q=${encodeURIComponent(q)}`, cookie));
  return {
    status: response.status,
    body: (await response.json()) as { message?: string; students: { id: string; name: string; owedPaise: number; overduePaise: number }[] },
  };
};
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes, read field by field
type Body = Record<string, any>;

const feesOf = async (studentId: string, cookie = accountant) => {
  const { response } = await fx.call('admin-fees-student', get(`/api/admin/fees/students/${studentId}`, cookie));
  return { status: response.status, body: (await response.json()) as Body };
};
/** POST /api/admin/fees/collect with a fresh Idempotency-Key unless one is given. */
const collect = async (body: Record<string, unknown>, { cookie = accountant, key = randomUUID() } = {}) => {
  const { response, settled } = await fx.call(
    'admin-fees-collect',
    jsonPost('/api/admin/fees/collect', { paidOn: today, ...body }, { cookie, 'idempotency-key': key }),
  );
  await settled();
  return { status: response.status, body: (await response.json()) as Body };
};
const cancel = async (receiptId: string, body: unknown, cookie = accountant) => {
  const { response } = await fx.call('admin-fees-receipt-cancel', jsonPost(`/api/admin/fees/receipts/${receiptId}/cancel`, body, { cookie }));
  return { status: response.status, body: (await response.json()) as Body };
};
const paidOnDues = async (studentId: string) =>
  (await sql<{ paid: string }>(`select paid_paise::text as paid from fee_dues where student_id = $1 order by seq`, [studentId])).map((r) => Number(r.paid));

describe('finding a student at the counter', () => {
  it('finds a student by name, by 4 or more digits of the mobile, by a due reference and by a receipt number, with what they owe', async () => {
    const id = await newStudent('Sunita Raghuvanshi', '+91 98765 43210');
    // The first instalment fell due 10 days ago: overdue.
    await sql(`update fee_dues set due_on = $2::date - 10 where student_id = $1 and seq = 1`, [id, today]);

    const byName = await search('raghuvan');
    expect(byName.status).toBe(200);
    expect(byName.body.students).toEqual([expect.objectContaining({ id, name: 'Sunita Raghuvanshi', owedPaise: 900000, overduePaise: 300000 })]);
    expect((await search('3210')).body.students.map((s) => s.id)).toEqual([id]);

    const [due] = await sql<{ reference: string }>(`select reference from fee_dues where student_id = $1 and seq = 2`, [id]);
    expect((await search(due!.reference.toLowerCase())).body.students.map((s) => s.id)).toEqual([id]);

    const paid = await collect({ studentId: id, amount: '500', mode: 'cash' });
    expect(paid.status).toBe(201);
    expect((await search(paid.body.receipt.number)).body.students).toEqual([expect.objectContaining({ id, owedPaise: 850000, overduePaise: 250000 })]);
  });

  it('asks for more than 3 digits of a mobile, in words, and finds nobody for a number nobody has', async () => {
    const short = await search('321');
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Please type at least 4 digits of the mobile number.');
    expect((await search('0000000')).body.students).toEqual([]);
    expect((await search('')).status).toBe(400);
  });
});

describe('collecting', () => {
  it('collects a part payment in cash: a receipt numbered for the year, the first due partly paid, the balance down', async () => {
    const id = await newStudent();
    const { status, body } = await collect({ studentId: id, amount: '1,200', mode: 'cash' });
    expect(status).toBe(201);
    expect(body.receipt.number).toMatch(/^PCI\/\d{2}-\d{2}\/\d{5}$/);
    expect(body.message).toBe(`Receipt ${body.receipt.number}: ₹1,200 in cash received from Student ${n}.`);
    expect(await paidOnDues(id)).toEqual([120000, 0, 0]);
    const fees = (await feesOf(id)).body;
    expect(fees.totals).toMatchObject({ planPaise: 900000, paidPaise: 120000, balancePaise: 780000 });
    expect(fees.dues[0]).toMatchObject({ balancePaise: 180000, stateLabel: 'Due this week' });
    expect(fees.receipts).toEqual([
      expect.objectContaining({ number: body.receipt.number, modeLabel: 'Cash', state: 'Valid', receivedBy: 'Test Staff', amountPaise: 120000 }),
    ]);
    expect(fees.receipts[0].allocations).toEqual([expect.objectContaining({ label: 'Instalment 1 of 3', amountPaise: 120000 })]);
  });

  it('collects by UPI with its UTR; without one it asks for it; a UTR already used is refused naming the receipt', async () => {
    const id = await newStudent();
    const missing = await collect({ studentId: id, amount: '3000', mode: 'upi' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.utr).toBe('Please enter the 12-digit UTR of the payment.');

    const upi = await collect({ studentId: id, amount: '3000', mode: 'upi', utr: '4123 4567 8901' });
    expect(upi.status).toBe(201);
    expect(upi.body.message).toContain('by UPI');
    const [row] = await sql<{ utr: string; mode: string }>(`select utr, mode from fee_receipts where id = $1`, [upi.body.receipt.id]);
    expect(row).toEqual({ utr: '412345678901', mode: 'upi' });

    const other = await newStudent();
    const again = await collect({ studentId: other, amount: '100', mode: 'bank', utr: '412345678901' });
    expect(again.status).toBe(409);
    expect(again.body.errors.utr).toBe(`This UTR is already on receipt ${upi.body.receipt.number}.`);
    expect(await paidOnDues(other)).toEqual([0, 0, 0]);
  });

  it('two staff collecting the same due at the same moment never count it twice', async () => {
    const id = await newStudent();
    const [due] = await sql<{ id: string }>(`select id::text from fee_dues where student_id = $1 and seq = 1`, [id]);
    const both = await Promise.all([
      collect({ studentId: id, amount: '3000', mode: 'cash', dueIds: [due!.id] }, { cookie: accountant }),
      collect({ studentId: id, amount: '3000', mode: 'cash', dueIds: [due!.id] }, { cookie: owner }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(both.find((r) => r.status === 400)!.body.errors.amount).toContain('Nothing is owed on the chosen dues');
    expect(await paidOnDues(id)).toEqual([300000, 0, 0]);
    expect((await sql(`select id from fee_receipts where student_id = $1`, [id])).length).toBe(1);
  });

  it('a retried Collect with the same Idempotency-Key records once and answers the same receipt', async () => {
    const id = await newStudent();
    const key = randomUUID();
    const first = await collect({ studentId: id, amount: '700', mode: 'cash' }, { key });
    const retry = await collect({ studentId: id, amount: '700', mode: 'cash' }, { key });
    expect([first.status, retry.status]).toEqual([201, 200]);
    expect(retry.body.receipt.number).toBe(first.body.receipt.number);
    expect(retry.body.message).toContain('Already recorded');
    expect(await paidOnDues(id)).toEqual([70000, 0, 0]);
    expect((await sql(`select id from fee_receipts where student_id = $1`, [id])).length).toBe(1);
    expect((await sql(`select id from mail_outbox where recipient = $1`, [`student${n}@example.in`])).length).toBe(1);
  });

  it('refuses the same payment by the same staff moments later under a new key, naming the receipt, unless it is confirmed as another', async () => {
    const id = await newStudent('Ravi Kumar');
    const first = await collect({ studentId: id, amount: '4,000', mode: 'cash' });
    expect(first.status).toBe(201);
    const again = await collect({ studentId: id, amount: '4000', mode: 'cash' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(
      new RegExp(
        `^Receipt ${first.body.receipt.number.replace(/\//g, '\\/')} for ₹4,000 in cash from Ravi Kumar was made \\d+ seconds? ago\\. Nothing more was recorded\\. If this is another payment, confirm it as another payment\\.$`,
      ),
    );
    expect(again.body.repeatOf).toEqual({ id: first.body.receipt.id, number: first.body.receipt.number });
    expect((await sql(`select id from fee_receipts where student_id = $1`, [id])).length).toBe(1);
    expect((await sql(`select id from mail_outbox where recipient = $1`, [`student${n}@example.in`])).length).toBe(1);
    expect(await paidOnDues(id)).toEqual([300000, 100000, 0]);

    // Another amount, another member of staff, or staff saying it is another payment: recorded.
    const confirmed = await collect({ studentId: id, amount: '4000', mode: 'cash', another: true });
    expect(confirmed.status).toBe(201);
    expect((await sql(`select id from fee_receipts where student_id = $1`, [id])).length).toBe(2);
    expect((await collect({ studentId: id, amount: '500', mode: 'cash' })).status).toBe(201);
    expect((await collect({ studentId: id, amount: '500', mode: 'cash' }, { cookie: owner })).status).toBe(201);
  });

  it('refuses more than is owed unless it is taken as an advance', async () => {
    const id = await newStudent();
    const over = await collect({ studentId: id, amount: '9,500', mode: 'cash' });
    expect(over.status).toBe(400);
    expect(over.body.errors.amount).toBe('₹9,500 is more than the ₹9,000 owed. Enter ₹9,000 or less, or tick "Keep the rest as an advance".');
    expect(await paidOnDues(id)).toEqual([0, 0, 0]);
    const advance = await collect({ studentId: id, amount: '9,500', mode: 'cash', advance: true });
    expect(advance.status).toBe(201);
    expect(advance.body.message).toContain('(₹500 kept as an advance)');
    expect((await feesOf(id)).body.totals).toMatchObject({ balancePaise: 0, advancePaise: 50000 });
  });

  it('queues the receipt e-mail to the student record’s address with only the number and the link to /account', async () => {
    const id = await newStudent('Meena Kumari');
    const { body } = await collect({ studentId: id, amount: '2500', mode: 'cash' });
    const mails = await sql<{ kind: string; subject: string; body: string }>(`select kind, subject, body from mail_outbox where recipient = $1`, [
      `student${n}@example.in`,
    ]);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.kind).toBe('student');
    expect(mails[0]!.subject).toContain(body.receipt.number);
    expect(mails[0]!.body).toContain(body.receipt.number);
    expect(mails[0]!.body).toContain('/account');
    for (const secret of ['Meena', '2,500', '2500', 'Tally']) expect(mails[0]!.body).not.toContain(secret);
  });
});

describe('cancelling a receipt', () => {
  it('needs a reason, keeps the number, shows Cancelled and gives the money back to the dues', async () => {
    const id = await newStudent();
    const { body } = await collect({ studentId: id, amount: '3000', mode: 'upi', utr: '555566667777' });
    const noReason = await cancel(body.receipt.id, { reason: '' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors.reason).toBeTruthy();
    expect(await paidOnDues(id)).toEqual([300000, 0, 0]);

    const done = await cancel(body.receipt.id, { reason: 'Entered against the wrong student.' });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe(
      `Receipt ${body.receipt.number} is cancelled. It keeps its number and shows “Cancelled” with the reason; the student is told by e-mail.`,
    );
    const fees = (await feesOf(id)).body;
    expect(fees.receipts[0]).toMatchObject({ number: body.receipt.number, state: 'Cancelled', cancelled: { reason: 'Entered against the wrong student.' } });
    expect(fees.totals).toMatchObject({ paidPaise: 0, balancePaise: 900000 });
    expect(await paidOnDues(id)).toEqual([0, 0, 0]);
    expect((await cancel(body.receipt.id, { reason: 'Again, by mistake.' })).status).toBe(409);

    const [line] = await sql<{ action: string; entity: string; entity_id: string; detail: Record<string, unknown> }>(
      `select action, entity, entity_id, detail from audit_log where entity = 'receipt' and action = 'revoke' and entity_id = $1`,
      [body.receipt.id],
    );
    expect(auditSentence({ actor: 'Test Staff', action: line!.action, entity: line!.entity, entityId: line!.entity_id, detail: line!.detail })).toBe(
      `Test Staff cancelled receipt ${body.receipt.number} of Student ${n}: “Entered against the wrong student.”.`,
    );
  });
});

describe('roles', () => {
  it('a Counsellor or the batch’s Teacher sees a student’s fees but may not Collect or Cancel (403 in words), and nothing changes', async () => {
    const id = await newStudent();
    // A Teacher reads only the students of the batches they teach (decision 032): this one teaches the student's batch.
    await sql(
      `update batches set teacher_id = (select s.staff_id from staff_sessions s where s.token_hash = encode(sha256(convert_to($1, 'utf8')), 'hex')) where id = $2`,
      [teacher.slice(teacher.indexOf('=') + 1), batchId],
    );
    const { body } = await collect({ studentId: id, amount: '1000', mode: 'cash' });
    for (const [cookie, role] of [
      [counsellor, 'Counsellor'],
      [teacher, 'Teacher'],
    ] as const) {
      const seen = await feesOf(id, cookie);
      expect(seen.status).toBe(200);
      expect(seen.body.totals.paidPaise).toBe(100000);
      expect((await search(`Student ${n}`, cookie)).status).toBe(200);
      const refused = await collect({ studentId: id, amount: '1000', mode: 'cash' }, { cookie });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(`Your role (${role}) does not allow this.`);
      const notCancelled = await cancel(body.receipt.id, { reason: 'Not allowed to do this.' }, cookie);
      expect(notCancelled.status).toBe(403);
    }
    expect(await paidOnDues(id)).toEqual([100000, 0, 0]);
    expect((await sql(`select id from fee_receipts where student_id = $1 and cancelled_at is null`, [id])).length).toBe(1);
  });

  it('a look at a student’s fees is an audit line naming them', async () => {
    const id = await newStudent('Ravi Shankar');
    await feesOf(id);
    const [line] = await sql<{ action: string; entity: string; entity_id: string; detail: Record<string, unknown> }>(
      `select action, entity, entity_id, detail from audit_log where entity = 'fees' and entity_id = $1`,
      [id],
    );
    expect(auditSentence({ actor: 'Test Staff', action: line!.action, entity: line!.entity, entityId: line!.entity_id, detail: line!.detail })).toBe(
      'Test Staff opened the fees of Ravi Shankar.',
    );
  });
});
