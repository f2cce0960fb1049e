/**
 * The receipt as its printable page reads it (src/lib/fee-receipt.ts): the payment, the dues it
 * paid, and what it said of the ledger when it was issued (paid so far, the balance, the student,
 * course and batch: migration 015, written by collect()), never recomputed, and, when it was made
 * a tax invoice, its GST figures. Shared by the staff and student endpoints.
 */
import site from '../../../content/site.json';
import type { ReceiptTax, ReceiptView } from '../../../src/lib/fee-receipt';
import type { PaymentMode } from '../../../src/lib/fee-words';
import type { Queryable } from '../platform/db';

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
  paidSoFarPaise: number | null;
  balancePaise: number | null;
  course: string | null;
  batch: string | null;
}

interface PartRow {
  label: string;
  reference: string;
  amountPaise: number;
  course: string | null;
  batch: string | null;
}

const a = site.address;
const INSTITUTE = {
  name: site.name,
  address: [a.street.en, a.locality.en, a.district.en, `${a.state.en} ${a.postalCode}`].join(', '),
  phone: site.phone,
  email: site.email,
};

/** Distinct non-empty values, in order, joined for reading ('Tally Prime, Basic Computer'). */
const listed = (values: (string | null)[]): string | null => [...new Set(values.filter((v): v is string => Boolean(v)))].join(', ') || null;

/**
 * Receipt `receiptId` as it was issued; null when there is none, or when `studentIds` is given and
 * the receipt is not one of theirs (a student sees only their own).
 */
export async function receiptView(db: Queryable, receiptId: string, { studentIds }: { studentIds?: string[] } = {}): Promise<ReceiptView | null> {
  const { rows } = await db.query<ReceiptRow>(
    `select r.id::text, r.student_id::text as "studentId", r.number, r.paid_on::text as "paidOn", r.mode, r.utr, r.cheque_number as "chequeNumber",
            r.amount_paise::int as "amountPaise", r.advance_paise::int as "advancePaise", r.received_by_name as "receivedBy", r.tax,
            to_char(r.cancelled_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD') as "cancelledAt", r.cancelled_reason as "cancelledReason",
            coalesce(r.student_name, s.name) as name, case when r.student_name is null then s.phone else r.student_phone end as phone,
            r.paid_so_far_paise::float8 as "paidSoFarPaise", r.balance_paise::float8 as "balancePaise", r.course_title as course, r.batch_name as batch
       from fee_receipts r join students s on s.id = r.student_id
      where r.id = $1 and ($2::bigint[] is null or r.student_id = any ($2::bigint[]))`,
    [receiptId, studentIds ?? null],
  );
  const r = rows[0];
  if (!r) return null;

  const parts = await db.query<PartRow>(
    `select d.label, d.reference, a.amount_paise::int as "amountPaise", c.title as course, b.name as batch
       from fee_allocations a
       join fee_dues d on d.id = a.due_id
       left join courses c on c.id = d.course_id
       left join batches b on b.id = d.batch_id
      where a.receipt_id = $1
      order by d.due_on, d.id`,
    [r.id],
  );
  const issued = r.paidSoFarPaise !== null;
  return {
    number: r.number,
    paidOn: r.paidOn,
    mode: r.mode,
    utr: r.utr,
    chequeNumber: r.chequeNumber,
    amountPaise: r.amountPaise,
    advancePaise: r.advancePaise,
    student: { name: r.name, phone: r.phone },
    // A receipt written without its snapshot (never by collect()) names the dues' course and batch as they are now.
    course: issued ? r.course : listed(parts.rows.map((p) => p.course)),
    batch: issued ? r.batch : listed(parts.rows.map((p) => p.batch)),
    allocations: parts.rows.map((p) => ({ label: p.label, reference: p.reference, amountPaise: p.amountPaise })),
    paidSoFarPaise: r.paidSoFarPaise,
    balancePaise: r.balancePaise,
    receivedBy: r.receivedBy,
    cancelled: r.cancelledAt ? { at: r.cancelledAt, reason: r.cancelledReason ?? '' } : null,
    tax: r.tax,
    institute: INSTITUTE,
  };
}
