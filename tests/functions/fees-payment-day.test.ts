/**
 * The day a payment was made: Collect, a student's report of a UPI payment and its confirmation
 * take only a day from the month the institute was founded (content/site.json `foundingDate`) to
 * today in India, refused in words otherwise, and a receipt number (its financial year's series)
 * is never made from any other day. The same schema checks the browser's form and the function.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import site from '../../content/site.json';
import { hashPassword } from '../../functions/_shared/auth/password';
import { nextReceiptNumber } from '../../functions/_shared/fees/receipt-number';
import { CollectSchema, UpiClaimSchema } from '../../src/lib/schemas/fees';
import { FIRST_PAYMENT_DAY } from '../../src/lib/schemas/payment-day';
import { indiaToday } from '../../src/lib/schemas/real-day';
import { addCourse, addStudent, dayPlus, uniqueTag, type Sql } from '../support/class-records';
import { closeInProcess, jsonPost, openInProcess, sqlOn, type InProcess } from '../support/in-process';
import { staffCookie } from '../support/staff-session';

let fx: InProcess;
let client: pg.Client;
const sql = sqlOn(() => client) as Sql;
const today = indiaToday();
const tomorrow = dayPlus(today, 1);
const dayBeforeFounding = dayPlus(`${site.foundingDate}-01`, -1);
let accountant = '';
let courseId = '';

beforeAll(async () => {
  ({ fx, client } = await openInProcess({ functions: ['admin-fees-collect', 'user-fees-claims', 'admin-fees-claim', 'user-login'] }));
  accountant = await staffCookie(client, 'accountant');
  courseId = await addCourse(sql, 'Tally Prime');
}, 120_000);

afterAll(() => closeInProcess({ fx, client }));

let passwordHash: Promise<string> | undefined;
/** A student with a ₹3,000 due and (unless `signedIn` is false) a signed-in account. */
async function newStudent(signedIn = true): Promise<{ studentId: string; dueId: string; token: string }> {
  const email = `day.${uniqueTag()}@example.in`;
  const [user] = await sql<{ id: string }>(`insert into users (name, email, password_hash) values ('Asha Verma', $1, $2) returning id::text`, [
    email,
    await (passwordHash ??= hashPassword('a long passphrase of mine')),
  ]);
  const studentId = await addStudent(sql, { name: 'Asha Verma', email: `record.${uniqueTag()}@example.in`, userId: user!.id });
  const [due] = await sql<{ id: string }>(
    `insert into fee_dues (reference, student_id, course_id, seq, label, amount_paise, due_on)
     values ('D' || lpad(nextval('fee_due_reference_seq')::text, 6, '0'), $1, $2, 1, 'Course fee', 300000, $3) returning id::text`,
    [studentId, courseId, today],
  );
  if (!signedIn) return { studentId, dueId: due!.id, token: '' };
  const { response } = await fx.call('user-login', jsonPost('/api/user/login', { email, password: 'a long passphrase of mine' }));
  return { studentId, dueId: due!.id, token: ((await response.json()) as { token: string }).token };
}

type Answer = { status: number; body: { message: string; errors?: Record<string, string> } };
const answerOf = async (response: Response): Promise<Answer> => ({ status: response.status, body: (await response.json()) as Answer['body'] });

const BAD_DAYS = [
  ['0001-01-01', /cannot be before 1 April 2014, when Pragati Institute began taking fees\./],
  ['1899-06-01', /cannot be before 1 April 2014/],
  [dayBeforeFounding, /cannot be before 1 April 2014/],
  [tomorrow, /cannot be after today \(\d{1,2} [A-Z][a-z]+ \d{4}\)\./],
] as const;

describe('the shared schema (the browser’s form and the function)', () => {
  it('starts at the founding month of content/site.json', () => {
    expect(site.foundingDate).toBe('2014-04');
    expect(FIRST_PAYMENT_DAY).toBe('2014-04-01');
    expect(dayBeforeFounding).toBe('2014-03-31');
  });

  it.each(BAD_DAYS)('refuses %s in words, for Collect and for a UPI report', (day, words) => {
    const collect = CollectSchema.safeParse({ studentId: '1', amount: '100', mode: 'cash', paidOn: day });
    expect(collect.success).toBe(false);
    expect(collect.error!.issues).toEqual([expect.objectContaining({ path: ['paidOn'], message: expect.stringMatching(words) })]);
    expect(collect.error!.issues[0]!.message).toMatch(/^The date of payment /);
    const claim = UpiClaimSchema.safeParse({ dueId: '1', amount: '100', utr: '412345678901', paidOn: day });
    expect(claim.error!.issues[0]!.message).toMatch(/^The date you paid /);
  });

  it('takes today and the founding day', () => {
    for (const day of [today, FIRST_PAYMENT_DAY])
      expect(CollectSchema.safeParse({ studentId: '1', amount: '100', mode: 'cash', paidOn: day }).success).toBe(true);
  });
});

describe('Collect', () => {
  it.each(BAD_DAYS)('refuses %s with 400 naming the field, and records nothing', async (day, words) => {
    const { studentId } = await newStudent(false);
    const { response } = await fx.call(
      'admin-fees-collect',
      jsonPost('/api/admin/fees/collect', { studentId, amount: '1000', mode: 'cash', paidOn: day }, { cookie: accountant, 'idempotency-key': randomUUID() }),
    );
    const { status, body } = await answerOf(response);
    expect(status).toBe(400);
    expect(body.errors?.['paidOn']).toMatch(words);
    expect(await sql(`select id from fee_receipts where student_id = $1`, [studentId])).toEqual([]);
  });

  it('takes today', async () => {
    const { studentId } = await newStudent(false);
    const { response } = await fx.call(
      'admin-fees-collect',
      jsonPost('/api/admin/fees/collect', { studentId, amount: '1000', mode: 'cash', paidOn: today }, { cookie: accountant, 'idempotency-key': randomUUID() }),
    );
    expect(response.status).toBe(201);
  });
});

describe('a student’s UPI report and its confirmation', () => {
  it.each(BAD_DAYS)('a report dated %s is refused in words, and none is stored', async (day, words) => {
    const asha = await newStudent();
    await sql('delete from rate_limits');
    const { response } = await fx.call(
      'user-fees-claims',
      jsonPost(
        '/api/user/fees/claims',
        { dueId: asha.dueId, amount: '1000', utr: `4${Date.now() % 1e11}`.padEnd(12, '7'), paidOn: day },
        { token: asha.token },
      ),
    );
    const { status, body } = await answerOf(response);
    expect(status).toBe(400);
    expect(body.errors?.['paidOn']).toMatch(words);
    expect(await sql(`select id from fee_upi_claims where student_id = $1`, [asha.studentId])).toEqual([]);
  });

  it('a report stored with an impossible day (before these checks) cannot be confirmed into a receipt: 409 in words, no number taken', async () => {
    const asha = await newStudent(false);
    const counters = await sql(`select financial_year, last_number from fee_receipt_counters order by financial_year`);
    for (const day of ['0001-01-01', '1899-06-01', dayBeforeFounding, tomorrow]) {
      const [claim] = await sql<{ id: string }>(
        `insert into fee_upi_claims (student_id, due_id, amount_paise, utr, paid_on) values ($1, $2, 100000, $3, $4) returning id::text`,
        [asha.studentId, asha.dueId, `5${String(Date.now() % 1e9).padStart(9, '0')}${day.slice(2, 4)}`, day],
      );
      const { response } = await fx.call('admin-fees-claim', jsonPost(`/api/admin/fees/claims/${claim!.id}`, { decision: 'confirm' }, { cookie: accountant }), {
        params: { id: claim!.id },
      });
      const { status, body } = await answerOf(response);
      expect(status).toBe(409);
      expect(body.message).toMatch(
        /^The day Asha Verma says they paid cannot be (before 1 April 2014|after today).* Reject this report with that reason; nothing was recorded\.$/,
      );
      await sql(`update fee_upi_claims set status = 'rejected', reason = 'Impossible day.' where id = $1`, [claim!.id]);
    }
    expect(await sql(`select id from fee_receipts where student_id = $1`, [asha.studentId])).toEqual([]);
    expect(await sql(`select financial_year, last_number from fee_receipt_counters order by financial_year`)).toEqual(counters);
  });
});

describe('receipt numbers', () => {
  it('are never taken for a day before the founding: no PCI/00-01 or 99-00 series', async () => {
    for (const day of ['0001-01-01', '1899-06-01', dayBeforeFounding]) {
      await expect(nextReceiptNumber(client as never, day)).rejects.toThrow(/must be on or after 2014-04-01/);
    }
    expect(await sql(`select financial_year from fee_receipt_counters where financial_year in ('00-01', '99-00', '13-14')`)).toEqual([]);
  });
});
