/**
 * What the counter reads: students found by name, mobile, due reference or receipt number with
 * what they owe, and one student's fees (dues, receipts with what each paid, UPI reports, totals).
 * Balances come from dues.ts (balanceSql), the one way they are computed.
 */
import { inStudentScopeSql } from '../classes/batch-access';
import type { Queryable } from '../platform/db';
import { HttpError } from '../platform/http';
import { CLAIM_STATE_LABELS, DUE_STATE_LABELS, PAYMENT_MODE_LABELS, receiptStateWord, type ClaimState, type PaymentMode } from '../../../src/lib/fee-words';
import { nameMatches } from '../records/name-keys';
import { balanceSql, duesOf, type Due } from './dues';

/** One student of a search, with what they owe on the day (paise). */
export interface FeeStudentHit {
  id: string;
  name: string;
  phone: string | null;
  course: string;
  owedPaise: number;
  overduePaise: number;
}

/** How a search is read: a receipt number, a due reference, digits of a mobile, or a name. */
export type SearchKind = 'receipt' | 'due' | 'mobile' | 'name';

/** Which kind of search `q` is, or a message in words when it cannot be one. */
export function searchKindOf(q: string): SearchKind {
  if (q.length < 2) throw new HttpError(400, 'Please type at least 2 letters of a name, 4 digits of a mobile, a due reference (D000123) or a receipt number.');
  if (q.length > 60) throw new HttpError(400, 'Please type at most 60 characters to search.');
  if (q.includes('/')) return 'receipt';
  if (/^d\d{3,}$/i.test(q)) return 'due';
  const digits = q.replace(/[\s+-]/g, '');
  if (/^\d+$/.test(digits)) {
    if (digits.length < 4) throw new HttpError(400, 'Please type at least 4 digits of the mobile number.');
    return 'mobile';
  }
  return 'name';
}

/** Up to 20 students matching `q` (within `scope`: studentScopeOf), with their owed and overdue totals on `day`. */
export async function searchFeeStudents(
  db: Queryable,
  q: string,
  day: string,
  scope: string | null = null,
): Promise<{ kind: SearchKind; students: FeeStudentHit[] }> {
  const kind = searchKindOf(q);
  const params: unknown[] = [day, scope];
  const param = (value: unknown) => (params.push(value), `$${params.length}`);
  const match = {
    receipt: () => `s.id in (select student_id from fee_receipts where upper(number) = upper(${param(q)}))`,
    due: () => `s.id in (select student_id from fee_dues where upper(reference) = upper(${param(q)}))`,
    // The digits anywhere in the number, however it was stored (+91, spaces).
    mobile: () => `regexp_replace(coalesce(s.phone, ''), '\\D', '', 'g') like '%' || ${param(q.replace(/[\s+-]/g, ''))} || '%'`,
    // By its letters, or in the other script ("sharma" finds शर्मा), as the student list searches.
    name: () => nameMatches('s', q, param),
  }[kind]();
  const { rows } = await db.query<FeeStudentHit>(
    `select s.id::text, s.name, s.phone, s.course,
            coalesce(sum(${balanceSql('$1')}), 0)::int as "owedPaise",
            coalesce(sum(${balanceSql('$1')}) filter (where d.due_on < $1::date), 0)::int as "overduePaise"
       from students s left join fee_dues d on d.student_id = s.id
      where ${match} and ${inStudentScopeSql('s.id', '$2')}
      group by s.id order by lower(s.name), s.id limit 20`,
    params,
  );
  return { kind, students: rows };
}

/** One receipt as the counter lists it. */
export interface CounterReceipt {
  id: string;
  number: string;
  paidOn: string;
  amountPaise: number;
  advancePaise: number;
  mode: PaymentMode;
  modeLabel: string;
  utr: string | null;
  chequeNumber: string | null;
  receivedBy: string;
  state: string;
  cancelled: { at: string; reason: string } | null;
  allocations: { dueId: string; label: string; reference: string; amountPaise: number }[];
}

/** A UPI payment the student reported that is waiting or was rejected. */
export interface CounterClaim {
  id: string;
  dueId: string;
  label: string;
  reference: string;
  amountPaise: number;
  utr: string;
  paidOn: string;
  status: ClaimState;
  statusLabel: string;
  reason: string | null;
}

/** A student's fees as the counter shows them. */
export interface StudentFees {
  student: { id: string; name: string; phone: string | null; email: string; course: string };
  today: string;
  dues: (Due & { stateLabel: string })[];
  receipts: CounterReceipt[];
  claims: CounterClaim[];
  totals: { planPaise: number; paidPaise: number; balancePaise: number; overduePaise: number; dueNowPaise: number; advancePaise: number };
}

/** Everything about student `studentId`'s fees on `day`; null when there is no such student. */
export async function studentFees(db: Queryable, studentId: string, day: string): Promise<StudentFees | null> {
  const found = await db.query<StudentFees['student']>(`select id::text, name, phone, email, course from students where id = $1`, [studentId]);
  const student = found.rows[0];
  if (!student) return null;
  const dues = (await duesOf(db, studentId, day)).map((d) => ({ ...d, stateLabel: DUE_STATE_LABELS[d.state] }));

  const receiptRows = await db.query<
    Omit<CounterReceipt, 'modeLabel' | 'state' | 'cancelled' | 'allocations'> & { cancelledAt: string | null; cancelledReason: string | null }
  >(
    `select id::text, number, paid_on::text as "paidOn", amount_paise::int as "amountPaise", advance_paise::int as "advancePaise", mode, utr,
            cheque_number as "chequeNumber", received_by_name as "receivedBy", cancelled_at as "cancelledAt", cancelled_reason as "cancelledReason"
       from fee_receipts where student_id = $1 order by paid_on desc, id desc`,
    [studentId],
  );
  const allocationRows = await db.query<{ receiptId: string; dueId: string; label: string; reference: string; amountPaise: number }>(
    `select a.receipt_id::text as "receiptId", a.due_id::text as "dueId", d.label, d.reference, a.amount_paise::int as "amountPaise"
       from fee_allocations a join fee_dues d on d.id = a.due_id join fee_receipts r on r.id = a.receipt_id
      where r.student_id = $1 order by d.due_on, d.id`,
    [studentId],
  );
  const receipts: CounterReceipt[] = receiptRows.rows.map(({ cancelledAt, cancelledReason, ...r }) => ({
    ...r,
    modeLabel: PAYMENT_MODE_LABELS[r.mode],
    state: receiptStateWord(cancelledAt),
    cancelled: cancelledAt ? { at: new Date(cancelledAt).toISOString(), reason: cancelledReason ?? '' } : null,
    allocations: allocationRows.rows.filter((a) => a.receiptId === r.id).map(({ receiptId: _, ...a }) => a),
  }));

  const claimRows = await db.query<Omit<CounterClaim, 'statusLabel'>>(
    `select u.id::text, u.due_id::text as "dueId", d.label, d.reference, u.amount_paise::int as "amountPaise", u.utr, u.paid_on::text as "paidOn",
            u.status, u.reason
       from fee_upi_claims u join fee_dues d on d.id = u.due_id
      where u.student_id = $1 and u.status <> 'confirmed' order by u.created_at desc, u.id desc`,
    [studentId],
  );
  const claims = claimRows.rows.map((c) => ({ ...c, statusLabel: CLAIM_STATE_LABELS[c.status] }));

  // Refunds paid take money back: what was paid so far and the advance held are net of them (decision 045).
  const refunded = await db.query<{ receipt: number; advance: number }>(
    `select coalesce(sum(amount_paise) filter (where returns = 'receipt'), 0)::float8 as receipt,
            coalesce(sum(amount_paise) filter (where returns = 'advance'), 0)::float8 as advance
       from fee_refunds where student_id = $1 and status = 'paid'`,
    [studentId],
  );
  const refundedPaise = { receipt: refunded.rows[0]?.receipt ?? 0, advance: refunded.rows[0]?.advance ?? 0 };
  const valid = receipts.filter((r) => !r.cancelled);
  const open = dues.filter((d) => !d.waived);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const totals = {
    planPaise: sum(open.map((d) => d.amountPaise - d.discountPaise + d.lateFeePaise)),
    paidPaise: sum(valid.map((r) => r.amountPaise)) - refundedPaise.receipt - refundedPaise.advance,
    balancePaise: sum(open.map((d) => d.balancePaise)),
    overduePaise: sum(open.filter((d) => d.state === 'overdue').map((d) => d.balancePaise)),
    dueNowPaise: sum(open.filter((d) => d.state === 'overdue' || d.state === 'due').map((d) => d.balancePaise)),
    advancePaise: sum(valid.map((r) => r.advancePaise)) - refundedPaise.advance,
  };
  return { student, today: day, dues, receipts, claims, totals };
}
