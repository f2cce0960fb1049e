/**
 * The fee reports: what was collected in a period (India's days: a receipt's paid_on), grouped by
 * day, month, payment mode or course; what is outstanding by batch; and the receipts of a period as
 * an accountant imports them. Totals leave out cancelled receipts (the export lists them, marked
 * Cancelled). Refunds paid count against the day they were paid (decision 045): each report line
 * and the period carry what was refunded and the net. Sums are made in SQL as bigint (sent as text) and read with Number: paise stay exact.
 */
import type { Queryable } from '../platform/db';
import { day, money, type SheetCell } from '../platform/sheet-cells';
import { formatIndiaDay } from '../../../src/lib/india-time';
import { monthInWords } from '../../../src/lib/attendance-words';
import { PAYMENT_MODE_LABELS, receiptStateWord, type PaymentMode } from '../../../src/lib/fee-words';
import type { CollectionReport, CollectionRow, OutstandingReport, OutstandingRow, ReportGroup, ReportRefund } from '../../../src/lib/schemas/fee-dues';
import { balanceSql, owedSql } from './dues';

const PERIOD = `r.paid_on between $1::date and $2::date`;

/** The grouping's key and the SQL of one group's receipts and amount. */
const GROUPS: Record<Exclude<ReportGroup, 'course'>, string> = {
  day: `r.paid_on::text`,
  month: `to_char(r.paid_on, 'YYYY-MM')`,
  mode: `r.mode`,
};

/** A group's key in words. */
function labelOf(by: ReportGroup, key: string, course: string | null): string {
  if (by === 'day') return formatIndiaDay(key);
  if (by === 'month') return monthInWords(key);
  if (by === 'mode') return PAYMENT_MODE_LABELS[key as PaymentMode] ?? key;
  return course ?? 'Course removed';
}

/** What was collected from `from` to `to` (YYYY-MM-DD, both included), grouped `by`. */
export async function collectionReport(db: Queryable, from: string, to: string, by: ReportGroup): Promise<CollectionReport> {
  let rows: { key: string; course: string | null; receipts: number; amount: string }[];
  if (by === 'course') {
    // A receipt may pay dues of more than one course: each course counts what was allocated to it,
    // and the part kept as an advance is its own line, so the lines add up to the receipts.
    ({ rows } = await db.query(
      `select key, max(course) as course, count(distinct receipt_id)::int as receipts, sum(amount)::bigint::text as amount from (
         select coalesce(d.course_id::text, 'none') as key, c.title as course, a.receipt_id, a.amount_paise as amount
           from fee_receipts r join fee_allocations a on a.receipt_id = r.id join fee_dues d on d.id = a.due_id
           left join courses c on c.id = d.course_id
          where ${PERIOD} and r.cancelled_at is null
         union all
         select 'advance', 'Advance (not yet due)', r.id, r.advance_paise from fee_receipts r
          where ${PERIOD} and r.cancelled_at is null and r.advance_paise > 0
       ) p group by key order by sum(amount) desc, key`,
      [from, to],
    ));
  } else {
    ({ rows } = await db.query(
      `select ${GROUPS[by]} as key, null as course, count(*)::int as receipts, sum(r.amount_paise)::bigint::text as amount
         from fee_receipts r where ${PERIOD} and r.cancelled_at is null group by 1 order by 1`,
      [from, to],
    ));
  }
  const { rows: totals } = await db.query<{ receipts: number; cancelled: number; amount: string }>(
    `select count(*) filter (where r.cancelled_at is null)::int as receipts, count(*) filter (where r.cancelled_at is not null)::int as cancelled,
            coalesce(sum(r.amount_paise) filter (where r.cancelled_at is null), 0)::bigint::text as amount
       from fee_receipts r where ${PERIOD}`,
    [from, to],
  );
  const refunds = await refundsOfPeriod(db, from, to, by);
  const list: CollectionRow[] = rows.map((r) => {
    const back = refunds.byKey.get(r.key);
    refunds.byKey.delete(r.key);
    const amountPaise = Number(r.amount);
    return { key: r.key, label: labelOf(by, r.key, r.course), receipts: r.receipts, amountPaise, ...refundFigures(amountPaise, back) };
  });
  // A day (mode, course) with refunds and no receipts is a line of its own, in its place.
  for (const [key, back] of refunds.byKey) list.push({ key, label: labelOf(by, key, back.course), receipts: 0, amountPaise: 0, ...refundFigures(0, back) });
  if (by !== 'course') list.sort((a, b) => a.key.localeCompare(b.key));
  const totalPaise = Number(totals[0]!.amount);
  const refundPaise = refunds.list.reduce((sum, r) => sum + r.amountPaise, 0);
  return {
    view: 'collection',
    from,
    to,
    by,
    rows: list,
    totalPaise,
    receipts: totals[0]!.receipts,
    cancelled: totals[0]!.cancelled,
    refunds: refunds.list.length,
    refundPaise,
    netPaise: totalPaise - refundPaise,
    refundList: refunds.list,
  };
}

/** A group's refunds as a report line carries them. */
const refundFigures = (amountPaise: number, back: { count: number; paise: number } | undefined) => ({
  refunds: back?.count ?? 0,
  refundPaise: back?.paise ?? 0,
  netPaise: amountPaise - (back?.paise ?? 0),
});

/**
 * The refunds paid from `from` to `to` (by the day they were paid, not the receipt's), each
 * listed, and their sums by the report's grouping: a refund of what a receipt paid to the dues
 * counts against the courses of the dues it reopened, an advance refund against the advance line.
 */
async function refundsOfPeriod(db: Queryable, from: string, to: string, by: ReportGroup) {
  const { rows } = await db.query<{ id: string; number: string; paidOn: string; student: string; receipt: string; mode: PaymentMode; amount: string }>(
    `select r.id::text, r.number, r.paid_on::text as "paidOn", s.name as student, x.number as receipt, r.mode, r.amount_paise::text as amount
       from fee_refunds r join students s on s.id = r.student_id join fee_receipts x on x.id = r.receipt_id
      where r.status = 'paid' and ${PERIOD} order by r.paid_on, r.id`,
    [from, to],
  );
  const list: ReportRefund[] = rows.map((r) => ({
    id: r.id,
    number: r.number,
    paidOn: r.paidOn,
    student: r.student,
    receipt: r.receipt,
    modeLabel: PAYMENT_MODE_LABELS[r.mode],
    amountPaise: Number(r.amount),
  }));
  const grouped =
    by === 'course'
      ? await db.query<{ key: string; course: string | null; count: number; paise: string }>(
          `select p.key, max(c.title) as course, count(distinct p.refund_id)::int as count, sum(p.paise)::bigint::text as paise from (
             select r.id as refund_id, coalesce(e->>'courseId', 'none') as key, (e->>'amountPaise')::bigint as paise
               from fee_refunds r cross join lateral jsonb_array_elements(r.snapshot->'dues') e
              where r.status = 'paid' and r.returns = 'receipt' and ${PERIOD}
             union all
             select r.id, 'advance', r.amount_paise from fee_refunds r where r.status = 'paid' and r.returns = 'advance' and ${PERIOD}
           ) p left join courses c on c.id::text = p.key group by p.key`,
          [from, to],
        )
      : await db.query<{ key: string; course: null; count: number; paise: string }>(
          `select ${GROUPS[by]} as key, null as course, count(*)::int as count, sum(r.amount_paise)::bigint::text as paise
             from fee_refunds r where r.status = 'paid' and ${PERIOD} group by 1`,
          [from, to],
        );
  const byKey = new Map(
    grouped.rows.map((g) => [g.key, { count: g.count, paise: Number(g.paise), course: g.key === 'advance' ? 'Advance (not yet due)' : g.course }]),
  );
  return { list, byKey };
}

/** What each batch's students owe, have paid and have left to pay on `today`, and how much of it is overdue. */
export async function outstandingReport(db: Queryable, today: string): Promise<OutstandingReport> {
  const { rows } = await db.query<
    { batchId: string | null; batch: string | null; course: string | null; students: number } & Record<'owed' | 'paid' | 'balance' | 'overdue', string>
  >(
    `select d.batch_id::text as "batchId", max(b.name) as batch, max(c.title) as course, count(distinct d.student_id)::int as students,
            sum(${owedSql('$1')})::bigint::text as owed, sum(d.paid_paise)::bigint::text as paid,
            sum(${balanceSql('$1')})::bigint::text as balance,
            coalesce(sum(${balanceSql('$1')}) filter (where d.due_on < $1::date), 0)::bigint::text as overdue
       from fee_dues d left join batches b on b.id = d.batch_id left join courses c on c.id = coalesce(b.course_id, d.course_id)
      group by d.batch_id order by sum(${balanceSql('$1')}) desc, max(b.name)`,
    [today],
  );
  const list: OutstandingRow[] = rows.map((r) => ({
    batchId: r.batchId,
    batch: r.batch ?? 'Not in a batch',
    course: r.course,
    students: r.students,
    owedPaise: Number(r.owed),
    paidPaise: Number(r.paid),
    balancePaise: Number(r.balance),
    overduePaise: Number(r.overdue),
  }));
  const sum = (field: 'owedPaise' | 'paidPaise' | 'balancePaise' | 'overduePaise') => list.reduce((total, r) => total + r[field], 0);
  return {
    view: 'outstanding',
    today,
    rows: list,
    totals: { owedPaise: sum('owedPaise'), paidPaise: sum('paidPaise'), balancePaise: sum('balancePaise'), overduePaise: sum('overduePaise') },
  };
}

/**
 * The columns of the export, as an accountant's software imports them; who received the money, the
 * batch and the student's mobile come last (as the receipt named them when issued), so a file
 * mapped to the first eleven columns imports as before.
 */
export const EXPORT_HEADINGS = [
  'Date',
  'Receipt no.',
  'Student',
  'Course',
  'Mode',
  'UTR',
  'Amount',
  'Taxable value',
  'CGST',
  'SGST',
  'Status',
  'Received by',
  'Batch',
  'Mobile',
];

/** An Indian mobile number as its ten digits (as the leads export writes it); anything else as it was. */
function tenDigits(phone: string | null): string {
  if (!phone) return '';
  const digits = phone.replace(/[\s().-]/g, '').replace(/^(\+91|91(?=\d{10}$)|0(?=\d{10}$))/, '');
  return /^[6-9]\d{9}$/.test(digits) ? digits : phone.trim();
}

/** Every receipt of the period, cancelled ones included (marked), oldest first: days as dates, amounts as rupees that add up. */
export async function exportRows(db: Queryable, from: string, to: string): Promise<SheetCell[][]> {
  const { rows } = await db.query<{
    paidOn: string;
    number: string;
    student: string;
    courses: string | null;
    mode: PaymentMode;
    utr: string | null;
    amount: string;
    tax: { taxablePaise?: number; cgstPaise?: number; sgstPaise?: number } | null;
    cancelledAt: string | null;
    receivedBy: string;
    batch: string | null;
    phone: string | null;
  }>(
    `select r.paid_on::text as "paidOn", r.number, s.name as student, r.received_by_name as "receivedBy",
            coalesce(r.batch_name, (select string_agg(distinct b.name, '; ') from fee_allocations a join fee_dues d on d.id = a.due_id
              join batches b on b.id = d.batch_id where a.receipt_id = r.id)) as batch,
            coalesce(r.student_phone, s.phone) as phone, r.mode, r.utr, r.amount_paise::text as amount, r.tax,
            r.cancelled_at::text as "cancelledAt",
            (select string_agg(distinct c.title, '; ') from fee_allocations a join fee_dues d on d.id = a.due_id join courses c on c.id = d.course_id
              where a.receipt_id = r.id) as courses
       from fee_receipts r join students s on s.id = r.student_id
      where ${PERIOD} order by r.paid_on, r.id`,
    [from, to],
  );
  return rows.map((r) => {
    const amount = Number(r.amount);
    // Without a GSTIN the receipt carries no tax: its whole amount is the value, with no CGST or SGST.
    const taxable = r.tax?.taxablePaise ?? amount;
    return [
      day(r.paidOn),
      r.number,
      r.student,
      r.courses ?? '',
      PAYMENT_MODE_LABELS[r.mode],
      r.utr ?? '',
      money(amount),
      money(taxable),
      money(r.tax?.cgstPaise ?? 0),
      money(r.tax?.sgstPaise ?? 0),
      receiptStateWord(r.cancelledAt),
      r.receivedBy,
      r.batch ?? '',
      tenDigits(r.phone),
    ];
  });
}

/**
 * The refunds paid in the period as rows of the export, after the receipts: the voucher's number,
 * a negative amount (money paid back) and "Refund of <receipt>" as the status, so the amounts of
 * the sheet add up to the net collected. Filled by the headings' names, so the export's columns
 * may grow without these rows going astray.
 */
export async function refundExportRows(db: Queryable, from: string, to: string, headings: readonly string[] = EXPORT_HEADINGS): Promise<SheetCell[][]> {
  const { rows } = await db.query<{
    paidOn: string;
    number: string;
    student: string;
    mode: PaymentMode;
    utr: string | null;
    amount: string;
    receipt: string;
    courses: string | null;
    tax: { taxablePaise?: number; cgstPaise?: number; sgstPaise?: number } | null;
    receiptAmount: string;
  }>(
    `select r.paid_on::text as "paidOn", r.number, s.name as student, r.mode, r.utr, r.amount_paise::text as amount, x.number as receipt,
            x.course_title as courses, x.tax, x.amount_paise::text as "receiptAmount"
       from fee_refunds r join students s on s.id = r.student_id join fee_receipts x on x.id = r.receipt_id
      where r.status = 'paid' and ${PERIOD} order by r.paid_on, r.id`,
    [from, to],
  );
  return rows.map((r) => {
    const amount = Number(r.amount);
    // A refund of a tax invoice takes its tax back in the invoice's proportion.
    const share = (paise: number | undefined) => (paise === undefined ? 0 : Math.round((paise * amount) / Number(r.receiptAmount)));
    const taxable = r.tax?.taxablePaise === undefined ? amount : share(r.tax.taxablePaise);
    const cells: Record<string, SheetCell> = {
      Date: day(r.paidOn),
      'Receipt no.': r.number,
      Student: r.student,
      Course: r.courses ?? '',
      Mode: PAYMENT_MODE_LABELS[r.mode],
      UTR: r.utr ?? '',
      Amount: money(-amount),
      'Taxable value': money(-taxable),
      CGST: money(-share(r.tax?.cgstPaise)),
      SGST: money(-share(r.tax?.sgstPaise)),
      Status: `Refund of ${r.receipt}`,
    };
    return headings.map((h) => cells[h] ?? '');
  });
}
