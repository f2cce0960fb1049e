/**
 * The receipt as its printable page reads it (src/lib/fee-receipt.ts): the payment, the dues it
 * paid, what the student has paid for the course up to it and what the course's dues owe today,
 * and, when it was made a tax invoice, its GST figures. Shared by the staff and student endpoints.
 */
import site from '../../../content/site.json';
import type { ReceiptTax, ReceiptView } from '../../../src/lib/fee-receipt';
import type { PaymentMode } from '../../../src/lib/fee-words';
import { indiaToday } from '../../../src/lib/schemas/real-day';
import type { Queryable } from '../platform/db';
import { balanceSql } from './dues';

interface ReceiptRow {
  id: string;
  studentId: string;
  number: string;
  paidOn: string;
  mode: PaymentMode;
  utr: string | null;
  chequeNumber: string | null;
  amountPaise: number;
  advancePaise: number;
  receivedBy: string;
  tax: ReceiptTax | null;
  cancelledAt: string | null;
  cancelledReason: string | null;
  name: string;
  phone: string | null;
}

interface PartRow {
  label: string;
  reference: string;
  amountPaise: number;
  courseId: string | null;
  course: string | null;
  batch: string | null;
}

const a = site.address;
const INSTITUTE = {
  name: site.name,
  address: [a.street, a.locality, a.district, `${a.state} ${a.postalCode}`].join(', '),
  phone: site.phone,
  email: site.email,
};

/** Distinct non-empty values, in order, joined for reading ('Tally Prime, Basic Computer'). */
const listed = (values: (string | null)[]): string | null => [...new Set(values.filter((v): v is string => Boolean(v)))].join(', ') || null;

/**
 * Receipt `receiptId` as its page shows it on India's day `today`; null when there is none, or
 * when `studentIds` is given and the receipt is not one of theirs (a student sees only their own).
 */
export async function receiptView(
  db: Queryable,
  receiptId: string,
  { studentIds, today = indiaToday() }: { studentIds?: string[]; today?: string } = {},
): Promise<ReceiptView | null> {
  const { rows } = await db.query<ReceiptRow>(
    `select r.id::text, r.student_id::text as "studentId", r.number, r.paid_on::text as "paidOn", r.mode, r.utr, r.cheque_number as "chequeNumber",
            r.amount_paise::int as "amountPaise", r.advance_paise::int as "advancePaise", r.received_by_name as "receivedBy", r.tax,
            to_char(r.cancelled_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD') as "cancelledAt", r.cancelled_reason as "cancelledReason",
            s.name, s.phone
       from fee_receipts r join students s on s.id = r.student_id
      where r.id = $1 and ($2::bigint[] is null or r.student_id = any ($2::bigint[]))`,
    [receiptId, studentIds ?? null],
  );
  const r = rows[0];
  if (!r) return null;

  const parts = await db.query<PartRow>(
    `select d.label, d.reference, a.amount_paise::int as "amountPaise", d.course_id::text as "courseId", c.title as course, b.name as batch
       from fee_allocations a
       join fee_dues d on d.id = a.due_id
       left join courses c on c.id = d.course_id
       left join batches b on b.id = d.batch_id
      where a.receipt_id = $1
      order by d.due_on, d.id`,
    [r.id],
  );
  // The course(s) the receipt paid for; an advance alone names none, and then every due counts.
  const courseIds = [...new Set(parts.rows.map((p) => p.courseId).filter((id): id is string => Boolean(id)))];
  const scope = courseIds.length ? courseIds : null;
  const [paid, owed] = await Promise.all([
    // Up to this receipt in the order they were recorded; a cancelled receipt paid nothing.
    db.query<{ paise: number }>(
      `select coalesce(sum(a.amount_paise), 0)::bigint::float8 as paise
         from fee_allocations a
         join fee_receipts r on r.id = a.receipt_id
         join fee_dues d on d.id = a.due_id
        where d.student_id = $1 and r.cancelled_at is null and r.id <= $2 and ($3::bigint[] is null or d.course_id = any ($3::bigint[]))`,
      [r.studentId, r.id, scope],
    ),
    db.query<{ paise: number }>(
      `select coalesce(sum(${balanceSql('$3')}), 0)::bigint::float8 as paise
         from fee_dues d
        where d.student_id = $1 and ($2::bigint[] is null or d.course_id = any ($2::bigint[]))`,
      [r.studentId, scope, today],
    ),
  ]);

  return {
    number: r.number,
    paidOn: r.paidOn,
    mode: r.mode,
    utr: r.utr,
    chequeNumber: r.chequeNumber,
    amountPaise: r.amountPaise,
    advancePaise: r.advancePaise,
    student: { name: r.name, phone: r.phone },
    course: listed(parts.rows.map((p) => p.course)),
    batch: listed(parts.rows.map((p) => p.batch)),
    allocations: parts.rows.map((p) => ({ label: p.label, reference: p.reference, amountPaise: p.amountPaise })),
    paidSoFarPaise: Number(paid.rows[0]?.paise ?? 0),
    balancePaise: Number(owed.rows[0]?.paise ?? 0),
    receivedBy: r.receivedBy,
    cancelled: r.cancelledAt ? { at: r.cancelledAt, reason: r.cancelledReason ?? '' } : null,
    tax: r.tax,
    institute: INSTITUTE,
  };
}
