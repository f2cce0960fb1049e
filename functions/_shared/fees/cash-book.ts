/**
 * The cash book: for each India day and each member of staff, what they received by mode (the valid
 * receipts they made that day), the receipts they made and those of theirs cancelled that day, the
 * refunds they paid, and the cash they hand over (cash received − cash refunds paid), with the
 * Owner's record of the hand-over. A receipt belongs to the day it was made (created_at in India),
 * not its paid_on: the cash book is the money in a person's hands, and a receipt typed today for
 * yesterday's payment is cash handed over today (decision 046). A refund belongs to the day it was
 * paid (paid_on). Sums are made in SQL as bigint (sent as text) and read with Number.
 */
import type { Queryable } from '../platform/db';
import { PAYMENT_MODES, type PaymentMode } from '../../../src/lib/fee-words';
import type {
  CashBookDay,
  CashBookFigures,
  CashBookMonth,
  CashBookMonthDay,
  CashBookReceipt,
  CashBookRefund,
  CashBookStaffDay,
  CashBookTotals,
  CashHandover,
  ModeFigures,
} from '../../../src/lib/schemas/cash-book';

/** The moments an India day's range runs from and to ($1 the first day, $2 the last, both included). */
const BOUNDS = `select ($1::date)::timestamp at time zone 'Asia/Kolkata' as t0, ($2::date + 1)::timestamp at time zone 'Asia/Kolkata' as t1`;
/** A member of staff as the key of a card: their id, or their name once the account is gone. */
const holder = (id: string, name: string) => `coalesce(${id}::text, 'name:' || ${name})`;
const INDIA_DAY = (column: string) => `(${column} at time zone 'Asia/Kolkata')::date::text`;

const zero = (): ModeFigures => ({ cash: 0, upi: 0, bank: 0, cheque: 0 });
const modes = (row: Record<string, unknown>): ModeFigures => Object.fromEntries(PAYMENT_MODES.map((m) => [m, Number(row[m] ?? 0)])) as ModeFigures;
const total = (figures: ModeFigures) => PAYMENT_MODES.reduce((sum, m) => sum + figures[m], 0);

interface HandoverRow {
  id: string;
  day: string;
  staffId: string | null;
  staffName: string;
  expected: string;
  counted: string;
  reason: string | null;
  receivedByName: string;
  handedAt: string;
}

const HANDOVER_COLUMNS = `h.id::text, h.day::text, h.staff_id::text as "staffId", h.staff_name as "staffName", h.expected_paise::text as expected,
  h.counted_paise::text as counted, h.reason, h.received_by_name as "receivedByName", h.handed_at as "handedAt"`;

/** A hand-over row as the answers carry it. */
export function handoverOf(row: HandoverRow): CashHandover {
  const expectedPaise = Number(row.expected);
  const countedPaise = Number(row.counted);
  return {
    id: row.id,
    day: row.day,
    staffName: row.staffName,
    expectedPaise,
    countedPaise,
    differencePaise: countedPaise - expectedPaise,
    reason: row.reason,
    receivedByName: row.receivedByName,
    handedAt: new Date(row.handedAt).toISOString(),
  };
}

/** Each member of staff's figures of each day from `from` to `to` (YYYY-MM-DD, both included), by day then name. */
export async function cashFigures(db: Queryable, from: string, to: string, staffId?: string): Promise<(CashBookFigures & { day: string })[]> {
  const only = staffId ? ` and received_by = $3::uuid` : '';
  const onlyRefund = staffId ? ` and paid_by = $3::uuid` : '';
  const onlyHandover = staffId ? ` and staff_id = $3::uuid` : '';
  const params = staffId ? [from, to, staffId] : [from, to];
  const modeSums = (filter: string) => PAYMENT_MODES.map((m) => `coalesce(sum(amount_paise) filter (where ${filter}mode = '${m}'), 0) as "${m}"`).join(', ');
  const [figures, handovers] = await Promise.all([
    // One query for the three kinds of figure. Receipts are grouped by the India day as a day
    // number (the cheapest per row: the month's 20,000 receipts; India keeps no summer time) and
    // the receiver as stored, then named and keyed once per group.
    db.query<Record<string, string>>(
      `select g.kind, (date '1970-01-01' + g.day::int)::text as day, ${holder('g.who', 'g.name')} as key, g.who::text as "staffId", g.name,
              g.n::text as n, g.amount::text as amount, ${PAYMENT_MODES.map((m) => `g."${m}"::text as "${m}"`).join(', ')}
         from (select 'made' as kind, (extract(epoch from r.created_at)::bigint + 19800) / 86400 as day, r.received_by as who, r.received_by_name as name,
                      count(*) filter (where r.cancelled_at is null) as n, 0::bigint as amount, ${modeSums('r.cancelled_at is null and ')}
                 from fee_receipts r, (${BOUNDS}) b
                where r.created_at >= b.t0 and r.created_at < b.t1${only}
                group by 2, 3, 4
               union all
               select 'cancelled', (extract(epoch from r.cancelled_at)::bigint + 19800) / 86400, r.received_by, r.received_by_name,
                      count(*), sum(r.amount_paise), 0, 0, 0, 0
                 from fee_receipts r, (${BOUNDS}) b
                where r.cancelled_at >= b.t0 and r.cancelled_at < b.t1${only}
                group by 2, 3, 4
               union all
               select 'refund', f.paid_on - date '1970-01-01', f.paid_by, coalesce(f.paid_by_name, ''), count(*), 0, ${modeSums('')}
                 from fee_refunds f
                where f.status = 'paid' and f.paid_on between $1::date and $2::date${onlyRefund}
                group by 2, 3, 4) g`,
      params,
    ),
    db.query<HandoverRow & { key: string }>(
      `select ${HANDOVER_COLUMNS}, ${holder('h.staff_id', 'h.staff_name')} as key
         from cash_handovers h where h.day between $1::date and $2::date${onlyHandover}`,
      params,
    ),
  ]);

  const cards = new Map<string, CashBookFigures & { day: string }>();
  const card = (row: { day: string; key: string; staffId: string | null; name?: string | null }) => {
    const id = `${row.day}|${row.key}`;
    let found = cards.get(id);
    if (!found) {
      found = {
        day: row.day,
        staffId: row.staffId,
        name: row.name || 'A former member of staff',
        received: zero(),
        receivedPaise: 0,
        receiptsMade: 0,
        cancelledCount: 0,
        cancelledPaise: 0,
        refunds: zero(),
        refundsPaise: 0,
        refundCount: 0,
        cashToHandOverPaise: 0,
        handover: null,
        changedSinceHandover: false,
      };
      cards.set(id, found);
    }
    return found;
  };
  // A renamed member of staff has two groups with the same key: their figures add up.
  for (const row of figures.rows) {
    const c = card(row as never);
    const amounts = modes(row);
    if (row['kind'] === 'made') {
      for (const m of PAYMENT_MODES) c.received[m] += amounts[m];
      c.receivedPaise = total(c.received);
      c.receiptsMade += Number(row['n']);
    } else if (row['kind'] === 'cancelled') {
      c.cancelledCount += Number(row['n']);
      c.cancelledPaise += Number(row['amount']);
    } else {
      for (const m of PAYMENT_MODES) c.refunds[m] += amounts[m];
      c.refundsPaise = total(c.refunds);
      c.refundCount += Number(row['n']);
    }
  }
  for (const row of handovers.rows) card({ ...row, name: row.staffName }).handover = handoverOf(row);
  const list = [...cards.values()];
  for (const c of list) {
    c.cashToHandOverPaise = c.received.cash - c.refunds.cash;
    c.changedSinceHandover = c.handover !== null && c.handover.expectedPaise !== c.cashToHandOverPaise;
  }
  return list.sort((a, b) => a.day.localeCompare(b.day) || a.name.localeCompare(b.name));
}

/** The totals of some members' figures. */
function totalsOf(list: CashBookFigures[]): CashBookTotals {
  const received = zero();
  for (const c of list) for (const m of PAYMENT_MODES) received[m] += c.received[m];
  const sum = (pick: (c: CashBookFigures) => number) => list.reduce((s, c) => s + pick(c), 0);
  return {
    received,
    receivedPaise: total(received),
    receiptsMade: sum((c) => c.receiptsMade),
    cancelledCount: sum((c) => c.cancelledCount),
    refundsPaise: sum((c) => c.refundsPaise),
    cashToHandOverPaise: sum((c) => c.cashToHandOverPaise),
    handedOverPaise: sum((c) => c.handover?.countedPaise ?? 0),
  };
}

interface ReceiptRow {
  id: string;
  number: string;
  student: string;
  mode: PaymentMode;
  amount: string;
  madeAt: string;
  madeOn: string;
  cancelledAt: string | null;
  cancelledReason: string | null;
  cancelledBy: string | null;
  key: string;
  madeToday: boolean;
  cancelledToday: boolean;
}

/** The cash book of one India day: each member of staff's card with its receipts, cancellations and refunds. */
export async function cashBookDay(db: Queryable, day: string, today: string): Promise<CashBookDay> {
  const [figures, receipts, refunds] = await Promise.all([
    cashFigures(db, day, day),
    db.query<ReceiptRow>(
      `select r.id::text, r.number, coalesce(r.student_name, s.name) as student, r.mode, r.amount_paise::text as amount,
              r.created_at as "madeAt", ${INDIA_DAY('r.created_at')} as "madeOn", r.cancelled_at as "cancelledAt",
              r.cancelled_reason as "cancelledReason", c.name as "cancelledBy", ${holder('r.received_by', 'r.received_by_name')} as key,
              r.created_at >= b.t0 and r.created_at < b.t1 as "madeToday",
              coalesce(r.cancelled_at >= b.t0 and r.cancelled_at < b.t1, false) as "cancelledToday"
         from fee_receipts r join students s on s.id = r.student_id left join staff c on c.id = r.cancelled_by, (${BOUNDS}) b
        where (r.created_at >= b.t0 and r.created_at < b.t1) or (r.cancelled_at >= b.t0 and r.cancelled_at < b.t1)
        order by r.created_at, r.id`,
      [day, day],
    ),
    db.query<{ id: string; number: string; student: string; mode: PaymentMode; amount: string; key: string }>(
      `select f.id::text, f.number, s.name as student, f.mode, f.amount_paise::text as amount, ${holder('f.paid_by', 'f.paid_by_name')} as key
         from fee_refunds f join students s on s.id = f.student_id
        where f.status = 'paid' and f.paid_on = $1::date order by f.id`,
      [day],
    ),
  ]);
  const keyOf = (c: CashBookFigures) => (c.staffId ? c.staffId : `name:${c.name}`);
  const receiptOf = (r: ReceiptRow): CashBookReceipt => ({
    id: r.id,
    number: r.number,
    student: r.student,
    mode: r.mode,
    amountPaise: Number(r.amount),
    madeAt: new Date(r.madeAt).toISOString(),
    madeOn: r.madeOn,
    cancelledAt: r.cancelledAt ? new Date(r.cancelledAt).toISOString() : null,
    cancelledReason: r.cancelledReason,
    cancelledBy: r.cancelledBy,
  });
  const staff: CashBookStaffDay[] = figures.map(({ day: _day, ...c }) => {
    const key = keyOf(c);
    const mine = receipts.rows.filter((r) => r.key === key);
    return {
      ...c,
      receipts: mine.filter((r) => r.madeToday).map(receiptOf),
      // In the order they were cancelled that day.
      cancelled: mine
        .filter((r) => r.cancelledToday)
        .map(receiptOf)
        .sort((a, b) => a.cancelledAt!.localeCompare(b.cancelledAt!)),
      refundList: refunds.rows
        .filter((f) => f.key === key)
        .map((f): CashBookRefund => ({ id: f.id, number: f.number, student: f.student, mode: f.mode, amountPaise: Number(f.amount) })),
    };
  });
  return { view: 'day', day, today, staff, totals: totalsOf(staff) };
}

/** The last day of a month (YYYY-MM) as YYYY-MM-DD. */
const lastDayOf = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

/** The cash book of a month: each day with a figure, each member of staff's totals of it, and the month's. */
export async function cashBookMonth(db: Queryable, month: string, today: string): Promise<CashBookMonth> {
  const figures = await cashFigures(db, `${month}-01`, lastDayOf(month));
  const days = new Map<string, CashBookFigures[]>();
  for (const { day, ...c } of figures) days.set(day, [...(days.get(day) ?? []), c]);
  const list: CashBookMonthDay[] = [...days.entries()].map(([day, staff]) => ({ day, staff, totals: totalsOf(staff) }));
  return { view: 'month', month, today, days: list, totals: totalsOf(figures) };
}

/** The hand-over of one member of staff's day, or null. */
export async function handoverFor(db: Queryable, staffId: string, day: string): Promise<(CashHandover & { key: string | null }) | null> {
  const { rows } = await db.query<HandoverRow & { key: string | null }>(
    `select ${HANDOVER_COLUMNS}, h.idempotency_key as key from cash_handovers h where h.staff_id = $1::uuid and h.day = $2::date`,
    [staffId, day],
  );
  return rows[0] ? { ...handoverOf(rows[0]), key: rows[0].key } : null;
}

/** Records the hand-over (null when one exists for the day already: the unique index decides). */
export async function insertHandover(
  db: Queryable,
  h: {
    staffId: string;
    staffName: string;
    day: string;
    expected: number;
    counted: number;
    reason: string | null;
    by: { id: string; name: string };
    key: string | null;
  },
): Promise<CashHandover | null> {
  const { rows } = await db.query<HandoverRow>(
    `insert into cash_handovers as h (staff_id, staff_name, day, expected_paise, counted_paise, reason, received_by, received_by_name, idempotency_key)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     on conflict do nothing
     returning ${HANDOVER_COLUMNS}`,
    [h.staffId, h.staffName, h.day, h.expected, h.counted, h.reason, h.by.id, h.by.name, h.key],
  );
  return rows[0] ? handoverOf(rows[0]) : null;
}
