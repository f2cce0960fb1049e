/**
 * Refunds (decision 045), through the functions on a database of this file's own: a refund never
 * changes its receipt (row and printable view); the collection reports of the day it was paid add
 * up with it (collected − refunded = net, per day and in the export) and the student's totals stay
 * consistent; voucher numbers run per financial year and restart in April; more than is
 * refundable is refused in words with nothing changed, also for two requests at once; only an
 * Owner approves; a cancelled receipt cannot be refunded, nor a refunded receipt cancelled.
 */
import { randomUUID } from 'node:crypto';
import type { PoolClient } from '@neondatabase/serverless';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { payRefund, requestRefund } from '../../functions/_shared/fees/refunds';
import { indiaToday } from '../../src/lib/schemas/real-day';
import { db, outboxMessages, eventually, targets, uniqueEmail, uniqueName } from './helpers';
import { signedInAdmin, staffFetch } from './staff';

type Staff = Awaited<ReturnType<typeof signedInAdmin>>;

/** India's day `offset` days from today (YYYY-MM-DD). */
const indiaDay = (offset = 0) => indiaToday(new Date(Date.now() + offset * 86_400_000));

describe.each(targets)('refunds on $name', (target) => {
  let owner: Staff;
  let accountant: Staff;

  beforeAll(async () => {
    [owner, accountant] = await Promise.all([signedInAdmin(target, 'refundowner'), signedInAdmin(target, 'refundaccountant', 'accountant')]);
  }, 120_000);

  /** A student of their own owing two dues of ₹3,000 (ids), in `language`. */
  const student = async (language: 'en' | 'hi' = 'en', email: string | null = uniqueEmail('refund')) => {
    const [row] = await db<{ id: string }>(
      target,
      `insert into students (name, email, phone, course, language) values ($1, $2, '9829012345', 'Tally Prime', $3) returning id::text`,
      [uniqueName('Refund Student'), email, language],
    );
    const dues = await db<{ id: string }>(
      target,
      `insert into fee_dues (reference, student_id, seq, label, amount_paise, due_on)
       select 'D' || lpad(nextval('fee_due_reference_seq')::text, 6, '0'), $1, n, 'Instalment ' || n || ' of 2', 300000, $2::date + (n - 1) * 30
         from generate_series(1, 2) n returning id::text`,
      [row!.id, indiaDay(-200)],
    );
    return { studentId: row!.id, dueIds: dues.map((d) => d.id) };
  };
  const collect = async (who: Staff, body: Record<string, unknown>) => {
    const res = await staffFetch(target, '/api/admin/fees/collect', who.cookie, {
      body: { mode: 'cash', paidOn: indiaDay(), ...body },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { receipt: { id: string; number: string } }).receipt;
  };
  const ask = (who: Staff, body: Record<string, unknown>, key = randomUUID()) =>
    staffFetch(target, '/api/admin/fees/refunds', who.cookie, {
      body: { returns: 'receipt', reason: 'The course did not start.', ...body },
      headers: { 'idempotency-key': key },
    });
  const decide = (who: Staff, id: string, body: Record<string, unknown>) => staffFetch(target, `/api/admin/fees/refunds/${id}/decision`, who.cookie, { body });
  const pay = (who: Staff, id: string, body: Record<string, unknown> = {}) =>
    staffFetch(target, `/api/admin/fees/refunds/${id}/pay`, who.cookie, { body: { mode: 'cash', paidOn: indiaDay(), ...body } });
  /** Asks for, approves (as the Owner, in one step) and pays a refund; the refund as answered. */
  const refundPaid = async (body: Record<string, unknown>, paid: Record<string, unknown> = {}) => {
    const asked = await ask(owner, { ...body, approve: true });
    expect(asked.status).toBe(201);
    const { refund } = (await asked.json()) as { refund: { id: string; status: string } };
    expect(refund.status).toBe('approved');
    const res = await pay(accountant, refund.id, paid);
    expect(res.status).toBe(200);
    return (await res.json()) as {
      message: string;
      refund: {
        id: string;
        number: string;
        status: string;
        voucher: { dues: { amountPaise: number }[]; student: { language: string } };
        whatsapp: { language: string; text: string; link: string };
      };
    };
  };
  const receiptRow = async (id: string) => (await db(target, 'select * from fee_receipts where id = $1', [id]))[0];
  const receiptView = async (id: string) => (await staffFetch(target, `/api/admin/fees/receipts/${id}`, owner.cookie)).json();
  const paidOf = async (dueIds: string[]) =>
    (await db<{ paid: string }>(target, 'select paid_paise::text as paid from fee_dues where id = any($1::bigint[]) order by id', [dueIds])).map((d) =>
      Number(d.paid),
    );
  const feesOf = async (studentId: string) =>
    (await (await staffFetch(target, `/api/admin/fees/students/${studentId}`, owner.cookie)).json()) as { totals: Record<string, number> };
  const refundsOf = (receiptId: string) =>
    db<{ status: string; amount: string }>(target, 'select status, amount_paise::text as amount from fee_refunds where receipt_id = $1', [receiptId]);

  it('a refund never changes its receipt: the row and its printable view are the same before and after; its dues open again', async () => {
    const { studentId, dueIds } = await student();
    const receipt = await collect(accountant, { studentId, amount: '4500' });
    const [row, view] = [await receiptRow(receipt.id), await receiptView(receipt.id)];
    expect(await paidOf(dueIds)).toEqual([300000, 150000]);

    const done = await refundPaid({ receiptId: receipt.id, amount: '2000' });
    expect(done.refund.status).toBe('paid');
    expect(done.refund.number).toMatch(/^PCI\/RF\/\d\d-\d\d\/\d{4}$/);
    expect(done.message).toContain('The dues it had paid are open again by ₹2,000');

    expect(await receiptRow(receipt.id)).toEqual(row);
    expect(await receiptView(receipt.id)).toEqual(view);
    // Latest due first: the ₹1,500 of the second instalment, then ₹500 of the first.
    expect(done.refund.voucher.dues.map((d) => d.amountPaise)).toEqual([150000, 50000]);
    expect(await paidOf(dueIds)).toEqual([250000, 0]);
    // The due's screen names the voucher that opened it again, beside the receipt that paid it.
    const due = (await (await staffFetch(target, `/api/admin/fees/dues/${dueIds[1]}`, owner.cookie)).json()) as {
      payments: { number: string; amountPaise: number }[];
      refunds: { number: string; amountPaise: number }[];
    };
    expect(due.payments).toMatchObject([{ number: receipt.number, amountPaise: 150000 }]);
    expect(due.refunds).toEqual([expect.objectContaining({ number: done.refund.number, amountPaise: 150000 })]);
    const { totals } = await feesOf(studentId);
    expect(totals['paidPaise']).toBe(250000);
    expect(totals['balancePaise']).toBe(350000);
  });

  it('the collection report of the day a refund is paid counts it: collected − refunded = net, per day, per mode and in the export', async () => {
    const [receiptDay, refundDay] = [indiaDay(-30), indiaDay(-29)];
    const a = await student();
    const b = await student();
    const first = await collect(accountant, { studentId: a.studentId, amount: '3000', paidOn: receiptDay });
    await collect(owner, { studentId: b.studentId, amount: '1000', paidOn: receiptDay, mode: 'upi', utr: '512345678901' });
    await refundPaid({ receiptId: first.id, amount: '1200' }, { paidOn: refundDay, mode: 'upi', utr: '612345678901' });

    const report = async (by: string) =>
      (await (await staffFetch(target, `/api/admin/fees/reports?from=${receiptDay}&to=${refundDay}&by=${by}`, owner.cookie)).json()) as {
        rows: { key: string; amountPaise: number; refundPaise: number; netPaise: number }[];
        totalPaise: number;
        refundPaise: number;
        netPaise: number;
        refundList: { number: string; amountPaise: number; paidOn: string }[];
      };
    const byDay = await report('day');
    expect(byDay.rows.map((r) => [r.key, r.amountPaise, r.refundPaise, r.netPaise])).toEqual([
      [receiptDay, 400000, 0, 400000],
      [refundDay, 0, 120000, -120000],
    ]);
    expect([byDay.totalPaise, byDay.refundPaise, byDay.netPaise]).toEqual([400000, 120000, 280000]);
    expect(byDay.refundList).toHaveLength(1);
    expect(byDay.refundList[0]).toMatchObject({ amountPaise: 120000, paidOn: refundDay });
    for (const by of ['mode', 'month', 'course']) {
      const r = await report(by);
      expect(r.rows.reduce((sum, row) => sum + row.netPaise, 0)).toBe(r.netPaise);
      expect(r.rows.reduce((sum, row) => sum + row.refundPaise, 0)).toBe(120000);
    }
    expect((await report('mode')).rows.find((r) => r.key === 'upi')).toMatchObject({ amountPaise: 100000, refundPaise: 120000, netPaise: -20000 });

    const csv = await (await staffFetch(target, `/api/admin/fees/reports?from=${receiptDay}&to=${refundDay}&format=csv`, owner.cookie)).text();
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
      .slice(1);
    const amounts = lines.map((l) => Number(l.split(',')[6]!.replace(/"/g, '')));
    expect(amounts.reduce((s, x) => s + x, 0)).toBeCloseTo(2800, 2);
    expect(lines.at(-1)).toContain(`Refund of ${first.number}`);
    expect(lines.at(-1)).toContain('-1200.00');
  });

  it('the outstanding report and the student’s totals agree with the ledger after a refund', async () => {
    const { studentId, dueIds } = await student();
    const receipt = await collect(accountant, { studentId, amount: '6000' });
    await refundPaid({ receiptId: receipt.id, amount: '6000' });
    expect(await paidOf(dueIds)).toEqual([0, 0]);
    const { totals } = await feesOf(studentId);
    expect([totals['paidPaise'], totals['balancePaise']]).toEqual([0, 600000]);
    const [sums] = await db<{ receipts: string; refunds: string; paid: string }>(
      target,
      `select (select coalesce(sum(a.amount_paise), 0) from fee_allocations a join fee_receipts r on r.id = a.receipt_id where r.cancelled_at is null)::text as receipts,
              (select coalesce(sum(amount_paise), 0) from fee_refunds where status = 'paid' and returns = 'receipt')::text as refunds,
              (select coalesce(sum(paid_paise), 0) from fee_dues)::text as paid`,
    );
    expect(Number(sums!.receipts) - Number(sums!.refunds)).toBe(Number(sums!.paid));
  });

  it('money refunded from a due paid on time is owed again without its late fee', async () => {
    const { studentId } = await student();
    const [due] = await db<{ id: string }>(
      target,
      `insert into fee_dues (reference, student_id, seq, label, amount_paise, late_fee_paise, due_on)
       values ('D' || lpad(nextval('fee_due_reference_seq')::text, 6, '0'), $1, 3, 'Exam fee', 200000, 20000, $2) returning id::text`,
      [studentId, indiaDay(-100)],
    );
    const receipt = await collect(accountant, { studentId, amount: '2000', paidOn: indiaDay(-120), dueIds: [due!.id] });
    await refundPaid({ receiptId: receipt.id, amount: '1000' });
    const [after] = await db<{ balance: number; settled: string | null }>(
      target,
      `select settled_on::text as settled, (amount_paise - paid_paise)::int as balance from fee_dues where id = $1`,
      [due!.id],
    );
    expect(after!.settled).toBe(indiaDay(-120));
    const fees = (await (await staffFetch(target, `/api/admin/fees/students/${studentId}`, owner.cookie)).json()) as {
      dues: { id: string; balancePaise: number; lateFeePaise: number }[];
    };
    expect(fees.dues.find((d) => d.id === due!.id)).toMatchObject({ balancePaise: 100000, lateFeePaise: 0 });
  });

  it('an advance refund takes back the advance and touches no due', async () => {
    const { studentId, dueIds } = await student();
    const receipt = await collect(accountant, { studentId, amount: '7000', advance: true });
    const refused = await ask(owner, { receiptId: receipt.id, returns: 'advance', amount: '1500', approve: true });
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors.amount).toBe(
      `₹1,500 is more than can be refunded from its advance on receipt ${receipt.number}: at most ₹1,000 (₹1,000). Nothing was changed.`,
    );
    await refundPaid({ receiptId: receipt.id, returns: 'advance', amount: '1000' });
    expect(await paidOf(dueIds)).toEqual([300000, 300000]);
    const { totals } = await feesOf(studentId);
    expect([totals['paidPaise'], totals['advancePaise']]).toEqual([600000, 0]);
  });

  it('voucher numbers run 0001, 0002 in a financial year and start again at 0001 in April', async () => {
    const { studentId } = await student();
    const receipt = await collect(accountant, { studentId, amount: '6000', paidOn: '2025-03-01' });
    const numbers = [];
    for (const paidOn of ['2025-03-30', '2025-03-31', '2025-04-01'])
      numbers.push((await refundPaid({ receiptId: receipt.id, amount: '100' }, { paidOn })).refund.number);
    expect(numbers).toEqual(['PCI/RF/24-25/0001', 'PCI/RF/24-25/0002', 'PCI/RF/25-26/0001']);
  });

  it('more than is refundable is refused in words and nothing changes', async () => {
    const { studentId, dueIds } = await student();
    const receipt = await collect(accountant, { studentId, amount: '3000' });
    const row = await receiptRow(receipt.id);
    const tooMuch = await ask(accountant, { receiptId: receipt.id, amount: '3000.01' });
    expect(tooMuch.status).toBe(400);
    expect((await tooMuch.json()).errors.amount).toBe(
      `₹3,000.01 is more than can be refunded from what it paid to the dues on receipt ${receipt.number}: at most ₹3,000 (₹3,000). Nothing was changed.`,
    );
    expect(await refundsOf(receipt.id)).toEqual([]);
    expect((await ask(accountant, { receiptId: receipt.id, amount: '2000' })).status).toBe(201);
    const rest = await ask(accountant, { receiptId: receipt.id, amount: '1500' });
    expect(rest.status).toBe(400);
    expect((await rest.json()).errors.amount).toBe(
      `₹1,500 is more than can be refunded from what it paid to the dues on receipt ${receipt.number}: at most ₹1,000 (₹3,000, ₹2,000 of it already refunded or asked for). Nothing was changed.`,
    );
    expect(await refundsOf(receipt.id)).toHaveLength(1);
    expect(await paidOf(dueIds)).toEqual([300000, 0]);
    expect(await receiptRow(receipt.id)).toEqual(row);
    // A declined refund gives its amount back to what can be refunded.
    const [open] = await db<{ id: string }>(target, 'select id::text from fee_refunds where receipt_id = $1', [receipt.id]);
    expect((await decide(owner, open!.id, { decision: 'decline', reason: 'Fees are not refundable.' })).status).toBe(200);
    expect((await ask(accountant, { receiptId: receipt.id, amount: '3000' })).status).toBe(201);
  });

  it('two requests at once cannot together exceed the receipt', async () => {
    const { studentId } = await student();
    const receipt = await collect(accountant, { studentId, amount: '3000' });
    const answers = await Promise.all([
      ask(accountant, { receiptId: receipt.id, amount: '2000' }),
      ask(owner, { receiptId: receipt.id, amount: '2000', approve: true }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    const rows = await refundsOf(receipt.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.amount).toBe('200000');
  });

  it('on two connections at once, two requests cannot exceed the receipt and two payments are numbered apart', async () => {
    const { studentId } = await student();
    const receipt = await collect(accountant, { studentId, amount: '3000' });
    const [staff] = await db<{ id: string }>(target, `select id::text from staff where email = $1`, [owner.staff.email]);
    const who = { id: staff!.id, name: 'Ravi Owner' };
    const connections = [new pg.Client({ connectionString: target.databaseUrl }), new pg.Client({ connectionString: target.databaseUrl })];
    await Promise.all(connections.map((c) => c.connect()));
    try {
      /** `work` in a transaction of `client`, held open a moment so that the other overlaps. */
      const attempt = async (client: pg.Client, work: (tx: PoolClient) => Promise<string>) => {
        await client.query('begin');
        try {
          const done = await work(client as unknown as PoolClient);
          await new Promise((resolve) => setTimeout(resolve, 50));
          await client.query('commit');
          return done;
        } catch (error) {
          await client.query('rollback');
          return error instanceof Error ? error.message : String(error);
        }
      };
      const ask2000 = (tx: PoolClient) =>
        requestRefund(
          tx,
          { receiptId: receipt.id, returns: 'receipt', amountPaise: 200000, reason: 'Two at once.', approve: true, idempotencyKey: null },
          who,
        ).then((r) => `asked ${r.id}`);
      const asked = await Promise.all(connections.map((c) => attempt(c, ask2000)));
      expect(asked.filter((o) => o.startsWith('asked '))).toHaveLength(1);
      expect(asked.find((o) => !o.startsWith('asked '))).toMatch(/at most ₹1,000/);

      const second = await attempt(connections[0]!, (tx) =>
        requestRefund(
          tx,
          { receiptId: receipt.id, returns: 'receipt', amountPaise: 100000, reason: 'The rest.', approve: true, idempotencyKey: null },
          who,
        ).then((r) => r.id),
      );
      const ids = [asked.find((o) => o.startsWith('asked '))!.slice(6), second];
      const numbers = await Promise.all(
        connections.map((c, i) => attempt(c, (tx) => payRefund(tx, ids[i]!, { mode: 'cash', paidOn: indiaDay() }, who, indiaDay()).then((p) => p.number))),
      );
      expect(numbers.every((n) => /^PCI\/RF\/\d{2}-\d{2}\/\d{4}$/.test(n))).toBe(true);
      expect(new Set(numbers).size).toBe(2);
    } finally {
      await Promise.all(connections.map((c) => c.end()));
    }
  });

  it('the same request sent twice with one Idempotency-Key asks once', async () => {
    const { studentId } = await student();
    const receipt = await collect(accountant, { studentId, amount: '3000' });
    const key = randomUUID();
    expect((await ask(accountant, { receiptId: receipt.id, amount: '500' }, key)).status).toBe(201);
    const again = await ask(accountant, { receiptId: receipt.id, amount: '500' }, key);
    expect(again.status).toBe(200);
    expect((await again.json()).message).toContain('Already asked for');
    expect(await refundsOf(receipt.id)).toHaveLength(1);
  });

  it('only an Owner approves or declines; an Accountant asks and pays once approved', async () => {
    const { studentId } = await student('hi');
    const receipt = await collect(accountant, { studentId, amount: '3000' });
    const selfApproved = await ask(accountant, { receiptId: receipt.id, amount: '1000', approve: true });
    expect(selfApproved.status).toBe(403);
    expect((await selfApproved.json()).message).toBe('Your role (Accountant) does not allow this.');
    expect(await refundsOf(receipt.id)).toEqual([]);

    const asked = await ask(accountant, { receiptId: receipt.id, amount: '1000' });
    expect(asked.status).toBe(201);
    const { refund } = (await asked.json()) as { refund: { id: string; status: string } };
    expect(refund.status).toBe('requested');
    const early = await pay(accountant, refund.id);
    expect(early.status).toBe(409);
    expect((await early.json()).message).toBe('This refund is waiting for the Owner’s decision.');

    const refused = await decide(accountant, refund.id, { decision: 'approve' });
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe('Your role (Accountant) does not allow this.');
    expect((await refundsOf(receipt.id))[0]!.status).toBe('requested');

    const waiting = (await (await staffFetch(target, '/api/admin/fees/refunds', accountant.cookie)).json()) as { refunds: { id: string }[] };
    expect(waiting.refunds.map((r) => r.id)).toContain(refund.id);

    expect((await decide(owner, refund.id, { decision: 'approve' })).status).toBe(200);
    const paid = await pay(accountant, refund.id, { mode: 'cheque', chequeNumber: '004512' });
    expect(paid.status).toBe(200);
    const body = (await paid.json()) as { refund: { number: string; whatsapp: { language: string; text: string; link: string } } };
    // The student reads Hindi: the WhatsApp message is in Hindi, and an e-mail goes to their address.
    expect(body.refund.whatsapp.language).toBe('hi');
    expect(body.refund.whatsapp.text).toContain('₹1,000 की राशि चेक से वापस कर दी है');
    expect(body.refund.whatsapp.link).toMatch(/^https:\/\/wa\.me\/919829012345\?text=/);
    await eventually(async () => expect(await outboxMessages(target, body.refund.number)).toHaveLength(1));
    const twice = await pay(accountant, refund.id);
    expect(twice.status).toBe(409);
    expect((await twice.json()).message).toBe(`This refund was already paid: voucher ${body.refund.number}.`);
    const audit = await db<{ action: string }>(target, `select action from audit_log where entity = 'refund' and entity_id = $1 order by id`, [refund.id]);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'update']);
  });

  it('a cancelled receipt cannot be refunded, and a receipt with a refund cannot be cancelled', async () => {
    const { studentId } = await student();
    const cancelled = await collect(accountant, { studentId, amount: '1000' });
    expect((await staffFetch(target, `/api/admin/fees/receipts/${cancelled.id}/cancel`, owner.cookie, { body: { reason: 'Entered twice.' } })).status).toBe(
      200,
    );
    const refused = await ask(owner, { receiptId: cancelled.id, amount: '500', approve: true });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(`Receipt ${cancelled.number} is cancelled: nothing on it can be refunded.`);
    expect(await refundsOf(cancelled.id)).toEqual([]);

    const refunded = await collect(accountant, { studentId, amount: '1000' });
    const done = await refundPaid({ receiptId: refunded.id, amount: '500' });
    const cancel = await staffFetch(target, `/api/admin/fees/receipts/${refunded.id}/cancel`, owner.cookie, { body: { reason: 'Entered twice.' } });
    expect(cancel.status).toBe(409);
    expect((await cancel.json()).message).toBe(`Receipt ${refunded.number} cannot be cancelled: money from it was refunded on voucher ${done.refund.number}.`);
  });

  it('bad input is a 400 in words with nothing asked for', async () => {
    const { studentId } = await student();
    const receipt = await collect(accountant, { studentId, amount: '1000' });
    const noReason = await ask(accountant, { receiptId: receipt.id, amount: '100', reason: '' });
    expect(noReason.status).toBe(400);
    const badPay = await pay(owner, '1', { mode: 'upi' });
    expect(badPay.status).toBe(400);
    expect((await badPay.json()).errors.utr).toBe('Please enter the 12-digit UTR of the transfer.');
    expect(await refundsOf(receipt.id)).toEqual([]);
  });
});
