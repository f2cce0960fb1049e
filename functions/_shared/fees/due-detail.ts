/**
 * One due as its screen reads it (/fees/dues/{id}): the due with its balance today, its student,
 * the receipts that paid it, the refunds that opened it again, and its history of changes in words
 * from the audit log.
 */
import { query, type Queryable } from '../platform/db';
import { HttpError } from '../platform/http';
import { CONFLICT_MESSAGE } from '../../../src/lib/schemas/records';
import { auditSentence } from '../../../src/lib/audit-words';
import { DUES_FROM, dueColumns, type Due } from './dues';

/** A receipt's part in paying a due. */
export interface DuePayment {
  receiptId: string;
  number: string;
  paidOn: string;
  mode: string;
  amountPaise: number;
  cancelled: boolean;
}

/** A refund paid that opened the due again by `amountPaise` (decision 045). */
export interface DueRefund {
  refundId: string;
  number: string;
  paidOn: string;
  amountPaise: number;
}

/** A line of the due's history. */
export interface DueHistoryLine {
  at: string;
  summary: string;
}

/** The due's screen. */
export interface DueDetail {
  due: Due;
  student: { id: string; name: string; phone: string | null };
  payments: DuePayment[];
  refunds: DueRefund[];
  history: DueHistoryLine[];
}

export const dueNotFound = () => new HttpError(404, 'This due was not found.');

/** The due `id` on `day`, or null. */
export async function findDue(db: Queryable, id: string, day: string): Promise<Due | null> {
  const { rows } = await db.query<Due>(`select ${dueColumns('$2')} from ${DUES_FROM} where d.id = $1`, [id, day]);
  return rows[0] ?? null;
}

/** The 409 of a stale version, with the due as it is now. */
export async function dueMissedOrChanged(db: Queryable, id: string, day: string): Promise<HttpError> {
  const current = await findDue(db, id, day);
  return current ? new HttpError(409, CONFLICT_MESSAGE, { current }) : dueNotFound();
}

/** The due's screen on `day`, or null. */
export async function dueDetail(id: string, day: string): Promise<DueDetail | null> {
  const [due] = await query<Due>(`select ${dueColumns('$2')} from ${DUES_FROM} where d.id = $1`, [id, day]);
  if (!due) return null;
  const [student] = await query<DueDetail['student']>(`select id::text, name, phone from students where id = $1`, [due.studentId]);
  const payments = await query<DuePayment>(
    `select r.id::text as "receiptId", r.number, r.paid_on::text as "paidOn", r.mode, a.amount_paise::int as "amountPaise", r.cancelled_at is not null as cancelled
       from fee_allocations a join fee_receipts r on r.id = a.receipt_id where a.due_id = $1 order by r.paid_on, r.id`,
    [id],
  );
  // The voucher keeps the dues its money had paid (and by how much): those naming this one.
  const refunds = await query<DueRefund>(
    `select f.id::text as "refundId", f.number, f.paid_on::text as "paidOn", sum((e->>'amountPaise')::bigint)::int as "amountPaise"
       from fee_refunds f cross join lateral jsonb_array_elements(f.snapshot->'dues') e
      where f.student_id = $1 and f.status = 'paid' and e->>'reference' = $2
      group by f.id order by f.paid_on, f.id`,
    [due.studentId, due.reference],
  );
  const lines = await query<{ at: string; actor: string | null; action: string; detail: Record<string, unknown> | null }>(
    `select a.at::text as at, s.name as actor, a.action, a.detail from audit_log a left join staff s on s.id = a.staff_id
      where a.entity = 'fee-due' and a.entity_id = $1 and a.action <> 'view' order by a.at desc, a.id desc limit 50`,
    [id],
  );
  const history = lines.map((l) => ({
    at: l.at,
    summary: auditSentence({ actor: l.actor, action: l.action, entity: 'fee-due', entityId: id, detail: l.detail }),
  }));
  return { due, student: student!, payments, refunds, history };
}
