/**
 * The cash book: a day adds up to its receipts and refunds (per member of staff and per mode; a
 * cancelled receipt not counted but listed; a receipt of another day left out; India's day, not
 * UTC's), the cash to hand over is cash received − cash refunds paid, the Owner alone records a
 * hand-over (a difference needs a reason, a second is refused, the same request answers the
 * first), a late cancellation shows plainly, the month adds up to its days, and the fee receipts
 * export names who received each one, the batch and the mobile.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CashBookDay, CashBookMonth, HandoverAnswer } from '../../src/lib/schemas/cash-book';
import { indiaToday } from '../../src/lib/schemas/real-day';
import { db, targets, uniqueEmail } from './helpers';
import { signedInAdmin, staffFetch } from './staff';

type Staff = Awaited<ReturnType<typeof signedInAdmin>>;

/** The day of the book the tests build by hand (a past day, so nothing else lands on it). */
const DAY = '2026-10-15';
/** A moment of India's time as an ISO time: `day` at `time` (HH:MM) in Asia/Kolkata. */
const ist = (day: string, time: string) => new Date(`${day}T${time}:00+05:30`).toISOString();

describe.each(targets)('the cash book on $name', (target) => {
  let owner: Staff;
  let accountant: Staff;
  let counsellor: Staff;
  let teacher: Staff;
  let studentId = '';
  let serial = 0;
  const ids: Record<string, string> = {};

  /** A receipt made by `who` at `madeAt` (paid on `paidOn`, the made day by default); its id. */
  const receipt = async (who: Staff, paise: number, mode: string, madeAt: string, extra: { paidOn?: string; cancelledAt?: string } = {}) => {
    serial += 1;
    const utr = mode === 'upi' || mode === 'bank' ? `5${String(Date.now()).slice(-7)}${String(serial).padStart(4, '0')}` : null;
    const [row] = await db<{ id: string }>(
      target,
      `insert into fee_receipts (number, financial_year, student_id, amount_paise, mode, utr, cheque_number, paid_on, received_by, received_by_name,
                                 created_at, cancelled_at, cancelled_reason, cancelled_by)
       values ($1, '26-27', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning id::text`,
      [
        `CB/${String(serial).padStart(5, '0')}`,
        studentId,
        paise,
        mode,
        utr,
        mode === 'cheque' ? '004512' : null,
        extra.paidOn ?? new Date(Date.parse(madeAt) + 330 * 60_000).toISOString().slice(0, 10),
        who.staff.id,
        who.staff.name,
        madeAt,
        extra.cancelledAt ?? null,
        extra.cancelledAt ? 'Entered twice by mistake' : null,
        extra.cancelledAt ? owner.staff.id : null,
      ],
    );
    return row!.id;
  };
  /** A refund voucher of `paise` returned from `receiptId`, paid by `who` on `paidOn` (status 'paid' unless given). */
  const refund = async (who: Staff, receiptId: string, paise: number, mode: string, paidOn: string, status = 'paid') => {
    serial += 1;
    const paid = status === 'paid';
    await db(
      target,
      `insert into fee_refunds (student_id, receipt_id, returns, amount_paise, reason, status, requested_by, requested_by_name, decided_by, decided_by_name,
                                decided_at, number, financial_year, mode, utr, paid_on, paid_by, paid_by_name)
       values ($1, $2, 'receipt', $3, 'The course did not start', $4, $5, $6, $7, 'Owner', now(), $8, $9, $10, $11, $12, $13, $14)`,
      [
        studentId,
        receiptId,
        paise,
        status,
        who.staff.id,
        who.staff.name,
        owner.staff.id,
        paid ? `RF/26-27/${String(serial).padStart(5, '0')}` : null,
        paid ? '26-27' : null,
        paid ? mode : null,
        paid && mode === 'upi' ? `6${String(Date.now()).slice(-7)}${String(serial).padStart(4, '0')}` : null,
        paid ? paidOn : null,
        paid ? who.staff.id : null,
        paid ? who.staff.name : null,
      ],
    );
  };
  const book = async <T = CashBookDay>(query: string, who: Staff = accountant) => {
    const res = await staffFetch(target, `/api/admin/fees/cash-book${query}`, who.cookie);
    return { status: res.status, body: (await res.json()) as T & { message?: string; errors?: Record<string, string> } };
  };
  const card = (day: CashBookDay, who: Staff) => day.staff.find((s) => s.staffId === who.staff.id)!;
  const handOver = (who: Staff, body: Record<string, unknown>, key: string = randomUUID()) =>
    staffFetch(target, '/api/admin/fees/cash-book/handovers', who.cookie, { body, headers: { 'idempotency-key': key } });

  beforeAll(async () => {
    [owner, accountant, counsellor, teacher] = await Promise.all([
      signedInAdmin(target, 'cashowner'),
      signedInAdmin(target, 'cashaccountant', 'accountant'),
      signedInAdmin(target, 'cashcounsellor', 'counsellor'),
      signedInAdmin(target, 'cashteacher', 'teacher'),
    ]);
    [{ id: studentId }] = (await db<{ id: string }>(
      target,
      `insert into students (name, email, phone, course) values ('Asha Verma', $1, '+919829012345', 'Tally Prime') returning id::text`,
      [uniqueEmail('cash-book')],
    )) as [{ id: string }];
    // The Accountant's day: one receipt of each mode, a cash one cancelled that afternoon, one made
    // at 23:50 in India (18:20 UTC, the same day in both) and one typed that day for a payment of
    // three days before.
    ids['cash'] = await receipt(accountant, 200000, 'cash', ist(DAY, '10:00'));
    await receipt(accountant, 150050, 'upi', ist(DAY, '11:00'));
    await receipt(accountant, 100000, 'bank', ist(DAY, '12:00'));
    await receipt(accountant, 50000, 'cheque', ist(DAY, '13:00'));
    ids['cancelled'] = await receipt(accountant, 99900, 'cash', ist(DAY, '14:00'), { cancelledAt: ist(DAY, '15:00') });
    ids['late'] = await receipt(accountant, 70000, 'cash', ist(DAY, '23:50'));
    await receipt(accountant, 25000, 'cash', ist(DAY, '18:30'), { paidOn: '2026-10-12' });
    // Another day's: 00:10 the next morning in India is still DAY in UTC (18:40Z), and a receipt of
    // the day before cancelled on DAY (listed as cancelled, not counted as received).
    ids['nextMorning'] = await receipt(accountant, 40000, 'cash', ist('2026-10-16', '00:10'));
    ids['dayBefore'] = await receipt(accountant, 30000, 'cash', ist('2026-10-14', '17:00'), { cancelledAt: ist(DAY, '16:00') });
    // The Owner took cash too.
    await receipt(owner, 500000, 'cash', ist(DAY, '09:30'));
    // Refunds: a cash and a UPI one paid by the Accountant that day; one still approved; one paid the day before.
    await refund(accountant, ids['cash'], 60000, 'cash', DAY);
    await refund(accountant, ids['cash'], 20000, 'upi', DAY);
    await refund(accountant, ids['cash'], 10000, 'cash', DAY, 'approved');
    await refund(accountant, ids['cash'], 5000, 'cash', '2026-10-14');
  });

  it('a day adds up to its receipts and refunds, per member of staff and per mode', async () => {
    const { status, body } = await book(`?day=${DAY}`);
    expect(status).toBe(200);
    expect(body.view).toBe('day');
    const mine = card(body, accountant);
    // Cash: ₹2,000 + ₹700 (23:50) + ₹250 (typed that day); the cancelled ₹999 and the next morning's ₹400 are not counted.
    expect(mine.received).toEqual({ cash: 295000, upi: 150050, bank: 100000, cheque: 50000 });
    expect(mine.receivedPaise).toBe(295000 + 150050 + 100000 + 50000);
    expect(mine.receiptsMade).toBe(6);
    expect(mine.receipts).toHaveLength(7);
    expect(mine.receipts.find((r) => r.id === ids['cancelled'])).toMatchObject({ amountPaise: 99900, cancelledReason: 'Entered twice by mistake' });
    // Cancelled that day: the one made that day and the one made the day before, with numbers and amounts.
    expect(mine.cancelled.map((r) => [r.id, r.amountPaise, r.madeOn])).toEqual([
      [ids['cancelled'], 99900, DAY],
      [ids['dayBefore'], 30000, '2026-10-14'],
    ]);
    expect(mine.cancelled.every((r) => /^CB\/\d{5}$/.test(r.number) && r.cancelledBy === owner.staff.name)).toBe(true);
    expect([mine.cancelledCount, mine.cancelledPaise]).toEqual([2, 129900]);
    // Refunds paid that day only (not the approved one, not the day before's).
    expect(mine.refunds).toEqual({ cash: 60000, upi: 20000, bank: 0, cheque: 0 });
    expect(mine.refundList.map((f) => [f.mode, f.amountPaise, f.student])).toEqual([
      ['cash', 60000, 'Asha Verma'],
      ['upi', 20000, 'Asha Verma'],
    ]);
    // The cash to hand over: cash received − cash refunds paid.
    expect(mine.cashToHandOverPaise).toBe(295000 - 60000);
    expect(card(body, owner)).toMatchObject({ received: { cash: 500000, upi: 0, bank: 0, cheque: 0 }, cashToHandOverPaise: 500000, handover: null });
    // The day's totals are the cards' sums, and the valid receipts' sum in the database.
    const [sums] = await db<{ total: string }>(
      target,
      `select sum(amount_paise)::text as total from fee_receipts where cancelled_at is null
          and (created_at at time zone 'Asia/Kolkata')::date = $1::date`,
      [DAY],
    );
    expect(body.totals.receivedPaise).toBe(Number(sums!.total));
    expect(body.totals).toMatchObject({ receiptsMade: 7, cancelledCount: 2, refundsPaise: 80000, cashToHandOverPaise: 235000 + 500000 });
  });

  it('counts a receipt made at 23:50 in India on that India day and one at 00:10 on the next, not by the UTC day', async () => {
    const day = (await book(`?day=${DAY}`)).body;
    expect(card(day, accountant).receipts.map((r) => r.id)).toContain(ids['late']);
    expect(card(day, accountant).receipts.map((r) => r.id)).not.toContain(ids['nextMorning']);
    const next = (await book('?day=2026-10-16')).body;
    expect(card(next, accountant).receipts.map((r) => [r.id, r.madeOn])).toEqual([[ids['nextMorning'], '2026-10-16']]);
    expect(card(next, accountant).received.cash).toBe(40000);
  });

  it('the Owner alone records a hand-over; a difference needs a reason; a second is refused; the same request answers the first', async () => {
    const count = async () => Number((await db<{ n: string }>(target, 'select count(*)::text as n from cash_handovers where day = $1', [DAY]))[0]!.n);
    // An Accountant reads the book but may not record a hand-over.
    const refused = await handOver(accountant, { staffId: accountant.staff.id, day: DAY, counted: '2350', expectedPaise: 235000 });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: 'Your role (Accountant) does not allow this.' });
    // ₹2,300 counted against ₹2,350 expected, without a reason.
    const noReason = await handOver(owner, { staffId: accountant.staff.id, day: DAY, counted: '2,300', expectedPaise: 235000 });
    expect(noReason.status).toBe(400);
    expect((await noReason.json()).errors).toEqual({ reason: 'The cash counted differs from the cash expected: please give the reason.' });
    // The book changed since the dialog opened (it showed ₹2,000): counted again.
    const stale = await handOver(owner, { staffId: accountant.staff.id, day: DAY, counted: '2000', expectedPaise: 200000 });
    expect(stale.status).toBe(409);
    expect((await stale.json()).message).toContain('is now ₹2,350');
    expect(await count()).toBe(0);

    const key = randomUUID();
    const body = { staffId: accountant.staff.id, day: DAY, counted: '2,300', expectedPaise: 235000, reason: 'A ₹50 note given as change twice' };
    const first = await handOver(owner, body, key);
    expect(first.status).toBe(201);
    const made = (await first.json()) as HandoverAnswer;
    expect(made.handover).toMatchObject({ expectedPaise: 235000, countedPaise: 230000, differencePaise: -5000, receivedByName: owner.staff.name });
    expect(made.message).toBe(`${accountant.staff.name}’s cash of 15 Oct 2026 is recorded as handed over: ₹2,300, ₹50 short.`);
    // The same request again (a double tap, a retry): the first hand-over, nothing new.
    const again = await handOver(owner, body, key);
    expect(again.status).toBe(200);
    expect(((await again.json()) as HandoverAnswer).handover.id).toBe(made.handover.id);
    // Another hand-over of the same person and day: refused, naming the first.
    const twice = await handOver(owner, { ...body, counted: '2350', reason: undefined });
    expect(twice.status).toBe(409);
    expect((await twice.json()).message).toContain(`was already handed over to ${owner.staff.name}`);
    expect(await count()).toBe(1);
    // The Owner's own cash, exactly as expected: no reason needed.
    expect((await handOver(owner, { staffId: owner.staff.id, day: DAY, counted: '5000', expectedPaise: 500000 })).status).toBe(201);

    const day = (await book(`?day=${DAY}`)).body;
    expect(card(day, accountant).handover).toMatchObject({ countedPaise: 230000, reason: 'A ₹50 note given as change twice' });
    expect(card(day, accountant).changedSinceHandover).toBe(false);
    expect(day.totals.handedOverPaise).toBe(730000);
    const lines = await db<{ detail: Record<string, unknown> }>(
      target,
      `select detail from audit_log where staff_id = $1 and action = 'create' and entity = 'cash-handover' order by id`,
      [owner.staff.id],
    );
    expect(lines[0]!.detail).toMatchObject({ subject: accountant.staff.name, day: DAY, expectedPaise: 235000, countedPaise: 230000 });
  });

  it('a receipt of the day cancelled after its hand-over shows plainly: the cash expected now against the cash handed over', async () => {
    await db(target, `update fee_receipts set cancelled_at = now(), cancelled_reason = 'Cheque of another student', cancelled_by = $2 where id = $1`, [
      ids['late'],
      owner.staff.id,
    ]);
    const day = (await book(`?day=${DAY}`)).body;
    const mine = card(day, accountant);
    expect(mine.cashToHandOverPaise).toBe(235000 - 70000);
    expect(mine.handover!.expectedPaise).toBe(235000);
    expect(mine.changedSinceHandover).toBe(true);
    expect(mine.receipts.find((r) => r.id === ids['late'])!.cancelledReason).toBe('Cheque of another student');
    // Today's book lists the cancellation as today's.
    const today = (await book('')).body;
    expect(today.day).toBe(indiaToday());
    expect(card(today, accountant).cancelled.map((r) => [r.id, r.madeOn])).toEqual([[ids['late'], DAY]]);
  });

  it('the month lists each day per member of staff and adds up to its days', async () => {
    const { status, body } = await book<CashBookMonth>('?month=2026-10', owner);
    expect(status).toBe(200);
    expect(body.days.map((d) => d.day)).toEqual(['2026-10-14', '2026-10-15', '2026-10-16']);
    const day = (await book(`?day=${DAY}`)).body;
    const inMonth = body.days.find((d) => d.day === DAY)!;
    expect(inMonth.totals).toEqual(day.totals);
    expect(inMonth.staff.find((s) => s.staffId === accountant.staff.id)).toMatchObject({ cashToHandOverPaise: 165000, changedSinceHandover: true });
    expect(body.totals.receivedPaise).toBe(body.days.reduce((s, d) => s + d.totals.receivedPaise, 0));
    const lines = await db(target, `select id from audit_log where staff_id = $1 and action = 'view' and entity = 'cash-book'`, [owner.staff.id]);
    expect(lines).toHaveLength(1);
  });

  it('refuses the book to a Counsellor and a Teacher, and bad days and bodies with 400 in words', async () => {
    for (const [who, role] of [
      [counsellor, 'Counsellor'],
      [teacher, 'Teacher'],
    ] as const) {
      const refused = await book(`?day=${DAY}`, who);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(`Your role (${role}) does not allow this.`);
    }
    expect((await book('?day=2026-02-30')).body.errors).toEqual({ day: 'Please enter a real date.' });
    expect((await book('?month=2026-13')).status).toBe(400);
    expect((await book(`?day=${DAY}&month=2026-10`)).body.errors).toEqual({ month: 'Please choose a day or a month, not both.' });
    const future = await handOver(owner, { staffId: accountant.staff.id, day: '2099-01-01', counted: '0', expectedPaise: 0 });
    expect(future.status).toBe(400);
    expect((await future.json()).errors).toEqual({ day: 'Cash cannot be handed over for a day still to come.' });
    const nobody = await handOver(owner, { staffId: randomUUID(), day: DAY, counted: '0', expectedPaise: 0 });
    expect(nobody.status).toBe(404);
    const garbage = await handOver(owner, { staffId: 'x', day: 'yesterday', counted: 'lots', expectedPaise: 'none' });
    expect(garbage.status).toBe(400);
    expect(Object.keys((await garbage.json()).errors).sort()).toEqual(['counted', 'day', 'expectedPaise', 'staffId']);
  });

  it('the fee receipts export names who received each receipt, its batch and the mobile', async () => {
    const [course] = await db<{ id: string }>(
      target,
      `insert into courses (title, category, price, duration, description, image) values ('Tally Prime', 'Accounts', 9000, '3 months', 'Tally.', '/logo.svg') returning id::text`,
    );
    const [batch] = await db<{ id: string }>(
      target,
      `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, seats, status)
       values ($1, 'Tally Morning', '2026-04-01', '2027-03-31', '{1,3,5}', '09:00', '10:30', 'Room 1', 30, 'running') returning id::text`,
      [course!.id],
    );
    await db(
      target,
      `insert into fee_dues (reference, student_id, batch_id, course_id, seq, label, amount_paise, due_on)
       values ('D' || lpad(nextval('fee_due_reference_seq')::text, 6, '0'), $1, $2, $3, 1, 'Instalment 1 of 3', 300000, $4)`,
      [studentId, batch!.id, course!.id, indiaToday()],
    );
    const collected = await staffFetch(target, '/api/admin/fees/collect', accountant.cookie, {
      body: { studentId, amount: '1000', mode: 'cash', paidOn: indiaToday() },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(collected.status).toBe(201);
    const { receipt } = (await collected.json()) as { receipt: { number: string } };
    const res = await staffFetch(target, `/api/admin/fees/reports?from=${indiaToday()}&to=${indiaToday()}&format=csv`, accountant.cookie);
    expect(res.status).toBe(200);
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Date,Receipt no.,Student,Course,Mode,UTR,Amount,Taxable value,CGST,SGST,Status,Received by,Batch,Mobile');
    expect(lines.find((l) => l.includes(receipt.number))).toBe(
      `${indiaToday()},${receipt.number},Asha Verma,Tally Prime,Cash,,1000.00,1000.00,0.00,0.00,Valid,${accountant.staff.name},Tally Morning,9829012345`,
    );
    // The receipt collected at the counter is in today's cash book too.
    const today = (await book('')).body;
    expect(card(today, accountant).receipts.map((r) => r.number)).toContain(receipt.number);
  });
});
