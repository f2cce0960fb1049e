/**
 * Money at the same moment, on each database: two staff collecting the same due never count it
 * twice; a Collect sent twice with the same Idempotency-Key records once; receipts made together
 * get numbers of their own; two staff confirming one reported UPI payment make one receipt.
 * Through the functions, the calls of one process share one connection (as one Netlify instance
 * does), so they take turns; on PostgreSQL, the ledger is also run on two connections of its own at
 * once, as two instances would, to show its locks at work.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { PoolClient } from '@neondatabase/serverless';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { collect as collectOn, type Collection } from '../../functions/_shared/fees/collect';
import { db, targets, uniqueEmail } from './helpers';
import { signedInAdmin, staffFetch } from './staff';

type Staff = Awaited<ReturnType<typeof signedInAdmin>>;

/** India's day today (YYYY-MM-DD). */
const indiaDay = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
/** A UTR no other run has used. */
const newUtr = () => `7${String(Date.now()).slice(-8)}${String(randomBytes(2).readUInt16BE(0) % 1000).padStart(3, '0')}`;

describe.each(targets)('fees at the same moment on $name', (target) => {
  let owner: Staff;
  let accountant: Staff;

  beforeAll(async () => {
    [owner, accountant] = await Promise.all([signedInAdmin(target, 'feesowner'), signedInAdmin(target, 'feesaccountant', 'accountant')]);
  });

  /** A student of their own owing one due of `paise`; the student's and the due's ids. */
  const owing = async (paise: number) => {
    const [student] = await db<{ id: string }>(
      target,
      `insert into students (name, email, phone, course) values ('Asha Verma', $1, '9829012345', 'Tally Prime') returning id::text`,
      [uniqueEmail('fees-race')],
    );
    const [due] = await db<{ id: string }>(
      target,
      `insert into fee_dues (reference, student_id, seq, label, amount_paise, due_on)
       values ('D' || lpad(nextval('fee_due_reference_seq')::text, 6, '0'), $1, 1, 'Course fee', $2, $3) returning id::text`,
      [student!.id, paise, indiaDay()],
    );
    return { studentId: student!.id, dueId: due!.id };
  };
  const collect = (who: Staff, body: Record<string, unknown>, key = randomUUID()) =>
    staffFetch(target, '/api/admin/fees/collect', who.cookie, { body: { mode: 'cash', paidOn: indiaDay(), ...body }, headers: { 'idempotency-key': key } });
  const paidOf = async (dueId: string) =>
    Number((await db<{ paid: string }>(target, 'select paid_paise::text as paid from fee_dues where id = $1', [dueId]))[0]!.paid);
  const receiptsOf = (studentId: string) => db<{ number: string }>(target, 'select number from fee_receipts where student_id = $1 order by id', [studentId]);

  it('two staff collecting the whole of one due at once: one receipt, the other refused in words, the due paid once', async () => {
    const { studentId, dueId } = await owing(300000);
    const answers = await Promise.all([collect(owner, { studentId, amount: '3000' }), collect(accountant, { studentId, amount: '3000' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    const refused = await answers.find((a) => a.status === 400)!.json();
    expect(refused.errors.amount).toBe('Nothing is owed. To take ₹3,000 as an advance, tick "Keep the rest as an advance".');
    expect(await paidOf(dueId)).toBe(300000);
    expect(await receiptsOf(studentId)).toHaveLength(1);
  });

  it('a Collect sent twice at once with the same Idempotency-Key records once and answers the same receipt', async () => {
    const { studentId, dueId } = await owing(300000);
    const key = randomUUID();
    const answers = await Promise.all([collect(accountant, { studentId, amount: '1000' }, key), collect(accountant, { studentId, amount: '1000' }, key)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    const [a, b] = (await Promise.all(answers.map((r) => r.json()))) as { receipt: { number: string } }[];
    expect(a!.receipt.number).toBe(b!.receipt.number);
    expect(await paidOf(dueId)).toBe(100000);
  });

  it('eight receipts made at once for eight students get eight numbers of their own, in the financial year’s sequence', async () => {
    const students = await Promise.all(Array.from({ length: 8 }, () => owing(50000)));
    const answers = await Promise.all(students.map(({ studentId }, i) => collect(i % 2 ? owner : accountant, { studentId, amount: '500' })));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    const numbers = ((await Promise.all(answers.map((r) => r.json()))) as { receipt: { number: string } }[]).map((a) => a.receipt.number);
    expect(new Set(numbers).size).toBe(8);
    for (const number of numbers) expect(number).toMatch(/^PCI\/\d{2}-\d{2}\/\d{5}$/);
  });

  it('two staff confirming one reported UPI payment at once: one receipt, the other told it was already decided', async () => {
    const { studentId, dueId } = await owing(250000);
    const [claim] = await db<{ id: string }>(
      target,
      `insert into fee_upi_claims (student_id, due_id, amount_paise, utr, paid_on) values ($1, $2, 250000, $3, $4) returning id::text`,
      [studentId, dueId, newUtr(), indiaDay()],
    );
    const confirm = (who: Staff) => staffFetch(target, `/api/admin/fees/claims/${claim!.id}`, who.cookie, { body: { decision: 'confirm' } });
    const answers = await Promise.all([confirm(owner), confirm(accountant)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await paidOf(dueId)).toBe(250000);
    expect(await receiptsOf(studentId)).toHaveLength(1);
  });

  it.skipIf(target.name !== 'postgresql')('on two connections at once, the ledger pays one due once and numbers the receipts apart', async () => {
    const { studentId, dueId } = await owing(300000);
    const [staff] = await db<{ id: string }>(target, `select id::text from staff where email = $1`, [accountant.staff.email]);
    const connections = [new pg.Client({ connectionString: target.databaseUrl }), new pg.Client({ connectionString: target.databaseUrl })];
    await Promise.all(connections.map((c) => c.connect()));
    try {
      /** collect() in a transaction of `client`, holding it open a moment so that the other overlaps. */
      const attempt = async (client: pg.Client, c: Collection) => {
        await client.query('begin');
        try {
          const done = await collectOn(client as unknown as PoolClient, c, { id: staff!.id, name: 'Kavita Joshi' }, indiaDay());
          await new Promise((resolve) => setTimeout(resolve, 50));
          await client.query('commit');
          return done.number;
        } catch (error) {
          await client.query('rollback');
          return error instanceof Error ? error.message : String(error);
        }
      };
      const whole = { studentId, amountPaise: 300000, mode: 'cash' as const, paidOn: indiaDay() };
      const outcomes = await Promise.all(connections.map((c) => attempt(c, whole)));
      expect(outcomes.filter((o) => /^PCI\//.test(o))).toHaveLength(1);
      expect(outcomes).toContain('Nothing is owed. To take ₹3,000 as an advance, tick "Keep the rest as an advance".');
      expect(await paidOf(dueId)).toBe(300000);

      const others = await Promise.all([owing(10000), owing(10000)]);
      const numbers = await Promise.all(connections.map((c, i) => attempt(c, { ...whole, studentId: others[i]!.studentId, amountPaise: 10000 })));
      expect(numbers.every((n) => /^PCI\/\d{2}-\d{2}\/\d{5}$/.test(n))).toBe(true);
      expect(new Set(numbers).size).toBe(2);
    } finally {
      await Promise.all(connections.map((c) => c.end()));
    }
  });
});
