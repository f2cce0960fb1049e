/**
 * Refunds (migration 020, decision 045): money the office returns to a student from a receipt,
 * either part of what the receipt paid to the dues or the advance it held. Fees are not refundable
 * by default; an Owner approves each exception. requested → approved → paid (the voucher is
 * numbered and its words and figures kept), or declined.
 *
 * - A refund never edits its receipt: the receipt's row, number, figures and printed page stay as
 *   they were. The ledger moves instead: when the money goes back, the dues the refunded part had
 *   paid are open again by that amount (latest due first), as a cancellation would reopen them.
 * - Never more than is refundable: what the receipt paid to the dues (or held as an advance)
 *   minus the refunds of that kind not declined. The receipt's row is locked while this is
 *   judged, so two requests at once are judged in turn and cannot together exceed it.
 */
import type { PoolClient } from '@neondatabase/serverless';
import { formatRupees } from '../../../src/lib/money';
import { paymentDayProblem } from '../../../src/lib/schemas/payment-day';
import { REFUND_STATE_LABELS, type RefundReturns, type RefundState } from '../../../src/lib/schemas/refunds';
import type { PaymentMode } from '../../../src/lib/fee-words';
import type { RefundItem, RefundVoucher } from '../../../src/lib/refund-voucher';
import { messagingColumns, withMessaging, type MessagingRecord } from '../consent/messaging';
import type { Queryable } from '../platform/db';
import { HttpError } from '../platform/http';
import { nextRefundNumber } from './refund-number';
import { refundMessage } from './refund-text';

/** Who does something to a refund. */
export interface RefundStaff {
  id: string;
  name: string;
}

const fieldError = (field: string, message: string, status = 400) => new HttpError(status, message, { errors: { [field]: message } });
const NOT_FOUND = 'This refund was not found. The list may be out of date: please reload it.';

interface LockedReceipt {
  id: string;
  number: string;
  studentId: string;
  paidOn: string;
  amountPaise: number;
  advancePaise: number;
  cancelled: boolean;
}

/** Receipt `receiptId`, locked for the rest of the transaction (404 when there is none). */
async function lockReceipt(client: Queryable, receiptId: string): Promise<LockedReceipt> {
  const { rows } = await client.query<LockedReceipt>(
    `select id::text, number, student_id::text as "studentId", paid_on::text as "paidOn", amount_paise::float8 as "amountPaise",
            advance_paise::float8 as "advancePaise", cancelled_at is not null as cancelled
       from fee_receipts where id = $1 for update`,
    [receiptId],
  );
  if (!rows[0]) throw fieldError('receiptId', 'This receipt was not found. The list may be out of date: please reload it.', 404);
  return rows[0];
}

/** What can still be refunded from a receipt: of what it paid to the dues and of its advance (paise). */
export interface Refundable {
  /** What the receipt paid to the dues (its amount less its advance) and its advance. */
  duesPaise: number;
  advancePaise: number;
  /** Refunds not declined, of each kind. */
  takenReceiptPaise: number;
  takenAdvancePaise: number;
  leftReceiptPaise: number;
  leftAdvancePaise: number;
}

/** What receipt `receipt` can still refund (its refunds not declined taken off). */
export async function refundableOf(db: Queryable, receipt: Pick<LockedReceipt, 'id' | 'amountPaise' | 'advancePaise'>): Promise<Refundable> {
  const { rows } = await db.query<{ receipt: number; advance: number }>(
    `select coalesce(sum(amount_paise) filter (where returns = 'receipt'), 0)::float8 as receipt,
            coalesce(sum(amount_paise) filter (where returns = 'advance'), 0)::float8 as advance
       from fee_refunds where receipt_id = $1 and status <> 'declined'`,
    [receipt.id],
  );
  const duesPaise = receipt.amountPaise - receipt.advancePaise;
  const taken = rows[0]!;
  return {
    duesPaise,
    advancePaise: receipt.advancePaise,
    takenReceiptPaise: taken.receipt,
    takenAdvancePaise: taken.advance,
    leftReceiptPaise: Math.max(0, duesPaise - taken.receipt),
    leftAdvancePaise: Math.max(0, receipt.advancePaise - taken.advance),
  };
}

/** A refund asked for. */
export interface RefundAsked {
  receiptId: string;
  returns: RefundReturns;
  amountPaise: number;
  reason: string;
  /** Approved in the same step (the caller has checked the Owner's permission). */
  approve: boolean;
  idempotencyKey: string | null;
}

/**
 * Records a request for a refund inside the caller's transaction (and, when `approve`, the
 * Owner's approval with it). A retry with the same Idempotency-Key answers the refund already
 * asked for (`repeated`).
 */
export async function requestRefund(
  client: PoolClient,
  ask: RefundAsked,
  staff: RefundStaff,
): Promise<{ id: string; repeated: boolean; receipt: LockedReceipt }> {
  if (ask.idempotencyKey) {
    const earlier = await client.query<{ id: string; receiptId: string }>(
      `select id::text, receipt_id::text as "receiptId" from fee_refunds where idempotency_key = $1`,
      [ask.idempotencyKey],
    );
    if (earlier.rows[0]) return { id: earlier.rows[0].id, repeated: true, receipt: await lockReceipt(client, earlier.rows[0].receiptId) };
  }
  const receipt = await lockReceipt(client, ask.receiptId);
  if (receipt.cancelled) throw fieldError('receiptId', `Receipt ${receipt.number} is cancelled: nothing on it can be refunded.`, 409);
  const left = await refundableOf(client, receipt);
  const [whole, taken, can] =
    ask.returns === 'advance'
      ? [left.advancePaise, left.takenAdvancePaise, left.leftAdvancePaise]
      : [left.duesPaise, left.takenReceiptPaise, left.leftReceiptPaise];
  const what = ask.returns === 'advance' ? 'its advance' : 'what it paid to the dues';
  if (whole === 0) throw fieldError('returns', `Receipt ${receipt.number} held no ${ask.returns === 'advance' ? 'advance' : 'payment to the dues'} to refund.`);
  if (ask.amountPaise > can) {
    const already = taken > 0 ? `, ${formatRupees(taken)} of it already refunded or asked for` : '';
    throw fieldError(
      'amount',
      can === 0
        ? `Nothing more can be refunded from ${what} on receipt ${receipt.number} (${formatRupees(whole)}${already}). Nothing was changed.`
        : `${formatRupees(ask.amountPaise)} is more than can be refunded from ${what} on receipt ${receipt.number}: at most ${formatRupees(can)} (${formatRupees(whole)}${already}). Nothing was changed.`,
    );
  }
  try {
    const { rows } = await client.query<{ id: string }>(
      `insert into fee_refunds (student_id, receipt_id, returns, amount_paise, reason, status, requested_by, requested_by_name,
                                decided_by, decided_by_name, decided_at, idempotency_key)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning id::text`,
      [
        receipt.studentId,
        receipt.id,
        ask.returns,
        ask.amountPaise,
        ask.reason,
        ask.approve ? 'approved' : 'requested',
        staff.id,
        staff.name,
        ask.approve ? staff.id : null,
        ask.approve ? staff.name : null,
        ask.approve ? new Date() : null,
        ask.idempotencyKey,
      ],
    );
    return { id: rows[0]!.id, repeated: false, receipt };
  } catch (error) {
    // The same key sent twice at once: the unique index decides, and the first one stands.
    if ((error as { code?: string }).code === '23505') throw new HttpError(409, 'This refund was just asked for. Please reload the list.');
    throw error;
  }
}

interface LockedRefund {
  id: string;
  receiptId: string;
  studentId: string;
  returns: RefundReturns;
  amountPaise: number;
  reason: string;
  status: RefundState;
  number: string | null;
  requestedBy: string;
  decidedBy: string | null;
}

/** Refund `id`, locked for the rest of the transaction (404 when there is none). */
async function lockRefund(client: Queryable, id: string): Promise<LockedRefund> {
  const { rows } = await client.query<LockedRefund>(
    `select id::text, receipt_id::text as "receiptId", student_id::text as "studentId", returns, amount_paise::float8 as "amountPaise", reason, status,
            number, requested_by_name as "requestedBy", decided_by_name as "decidedBy"
       from fee_refunds where id = $1 for update`,
    [id],
  );
  if (!rows[0]) throw new HttpError(404, NOT_FOUND);
  return rows[0];
}

/** Why a refund in `status` cannot be decided or paid, in words. */
const stateProblem = (r: LockedRefund): string =>
  r.status === 'paid'
    ? `This refund was already paid: voucher ${r.number}.`
    : r.status === 'declined'
      ? 'This refund was declined.'
      : r.status === 'approved'
        ? `This refund was already approved by ${r.decidedBy ?? 'the Owner'}.`
        : 'This refund is waiting for the Owner’s decision.';

/** The Owner's decision on refund `id` (which must be waiting for it), inside the caller's transaction. */
export async function decideRefund(
  client: PoolClient,
  id: string,
  decision: { decision: 'approve' } | { decision: 'decline'; reason: string },
  staff: RefundStaff,
): Promise<LockedRefund> {
  const refund = await lockRefund(client, id);
  if (refund.status !== 'requested') throw new HttpError(409, stateProblem(refund));
  await client.query(`update fee_refunds set status = $2, decided_by = $3, decided_by_name = $4, decided_at = now(), declined_reason = $5 where id = $1`, [
    id,
    decision.decision === 'approve' ? 'approved' : 'declined',
    staff.id,
    staff.name,
    decision.decision === 'decline' ? decision.reason : null,
  ]);
  return { ...refund, status: decision.decision === 'approve' ? 'approved' : 'declined', decidedBy: staff.name };
}

/** How an approved refund was paid back. */
export interface RefundPayment {
  mode: PaymentMode;
  utr?: string | null | undefined;
  chequeNumber?: string | null | undefined;
  paidOn: string;
}

/**
 * Pays approved refund `id` inside the caller's transaction: the voucher's number (of the
 * financial year of the day paid), the dues the refunded part had paid open again by that amount,
 * and the voucher's words and figures kept. Never touches the receipt.
 */
export async function payRefund(
  client: PoolClient,
  id: string,
  pay: RefundPayment,
  staff: RefundStaff,
  today: string,
): Promise<{ number: string; voucher: RefundVoucher }> {
  const badDay = paymentDayProblem(pay.paidOn, today, 'the date of the refund');
  if (badDay) throw fieldError('paidOn', badDay);
  const refund = await lockRefund(client, id);
  if (refund.status !== 'approved') throw new HttpError(409, stateProblem(refund));
  // In the order of cancelReceipt: the receipt, then the student, then the dues.
  const receipt = await lockReceipt(client, refund.receiptId);
  if (pay.paidOn < receipt.paidOn)
    throw fieldError('paidOn', `A refund cannot be paid before the day of receipt ${receipt.number} (${receipt.paidOn}). Please check the date.`);
  await client.query('select id from students where id = $1 for update', [refund.studentId]);

  const dues = refund.returns === 'receipt' ? await reopenDues(client, refund, receipt.id) : [];
  const { number, financialYear } = await nextRefundNumber(client, pay.paidOn);
  const facts = await client.query<{
    name: string;
    phone: string | null;
    language: 'en' | 'hi';
    course: string | null;
    batch: string | null;
    receiptName: string | null;
    receiptPhone: string | null;
  }>(
    `select s.name, s.phone, s.language, r.course_title as course, r.batch_name as batch, r.student_name as "receiptName", r.student_phone as "receiptPhone"
       from students s join fee_receipts r on r.id = $2 where s.id = $1`,
    [refund.studentId, receipt.id],
  );
  const f = facts.rows[0]!;
  const voucher: RefundVoucher = {
    number,
    paidOn: pay.paidOn,
    mode: pay.mode,
    utr: pay.utr ?? null,
    chequeNumber: pay.chequeNumber ?? null,
    amountPaise: refund.amountPaise,
    returns: refund.returns,
    reason: refund.reason,
    student: { name: f.name, phone: f.phone, language: f.language === 'hi' ? 'hi' : 'en' },
    course: f.course,
    batch: f.batch,
    receipt: { number: receipt.number, paidOn: receipt.paidOn, amountPaise: receipt.amountPaise },
    dues,
    requestedBy: refund.requestedBy,
    approvedBy: refund.decidedBy ?? '',
    paidBy: staff.name,
  };
  await client.query(
    `update fee_refunds set status = 'paid', number = $2, financial_year = $3, mode = $4, utr = $5, cheque_number = $6, paid_on = $7,
            paid_by = $8, paid_by_name = $9, snapshot = $10 where id = $1`,
    [id, number, financialYear, pay.mode, pay.utr ?? null, pay.chequeNumber ?? null, pay.paidOn, staff.id, staff.name, JSON.stringify(voucher)],
  );
  return { number, voucher };
}

/**
 * Opens again the dues a receipt's refunded part had paid: of the receipt's allocations, latest due
 * first, after what earlier paid refunds of it already took back. The allocations themselves (what
 * the receipt says it paid) never change.
 */
async function reopenDues(client: PoolClient, refund: LockedRefund, receiptId: string): Promise<RefundVoucher['dues']> {
  const before = await client.query<{ paise: number }>(
    `select coalesce(sum(amount_paise), 0)::float8 as paise from fee_refunds where receipt_id = $1 and returns = 'receipt' and status = 'paid' and id <> $2`,
    [receiptId, refund.id],
  );
  let skip = before.rows[0]!.paise;
  let left = refund.amountPaise;
  const parts = await client.query<{ dueId: string; amount: number; label: string; reference: string; courseId: string | null }>(
    `select a.due_id::text as "dueId", a.amount_paise::float8 as amount, d.label, d.reference, d.course_id::text as "courseId"
       from fee_allocations a join fee_dues d on d.id = a.due_id
      where a.receipt_id = $1 order by d.due_on desc, d.id desc for update of d`,
    [receiptId],
  );
  const reopened: RefundVoucher['dues'] = [];
  for (const part of parts.rows) {
    if (left <= 0) break;
    const taken = Math.min(skip, part.amount);
    skip -= taken;
    const share = Math.min(left, part.amount - taken);
    if (share <= 0) continue;
    left -= share;
    reopened.push({ label: part.label, reference: part.reference, amountPaise: share, courseId: part.courseId });
    // settled_on stays: the due was paid when it was, so the money owed again carries no late fee
    // for the time it was paid (a cancellation, which says it never was, clears it instead).
    await client.query(`update fee_dues set paid_paise = paid_paise - $2, version = version + 1, updated_at = now() where id = $1`, [part.dueId, share]);
  }
  return reopened;
}

const ITEM_COLUMNS = `f.id::text, f.student_id::text as "studentId", s.name as student, f.receipt_id::text as "receiptId", r.number as "receiptNumber",
  f.returns, f.amount_paise::float8 as "amountPaise", f.reason, f.status, f.requested_by_name as "requestedBy", f.requested_at as "requestedAt",
  f.decided_by_name as "decidedBy", f.declined_reason as "declinedReason", f.number, f.paid_on::text as "paidOn", f.snapshot as voucher,
  ${messagingColumns('s.minor', 's.guardian_consent_id', 's.email')}`;
const ITEM_FROM = `fee_refunds f join students s on s.id = f.student_id join fee_receipts r on r.id = f.receipt_id`;

type ItemRow = Omit<RefundItem, 'statusLabel' | 'whatsapp' | 'requestedAt' | 'messaging'> & MessagingRecord & { requestedAt: Date | string };

/**
 * A refund as staff see it. Its WhatsApp message follows consent (decision 053): a minor's opens on
 * the guardian's mobile when the guardian agreed, and there is none where no message may go.
 */
const itemOf = (record: ItemRow): RefundItem => {
  const row = withMessaging(record);
  const { voucher, messaging } = row;
  const to = messaging?.to === 'guardian' && voucher ? { ...voucher, student: { ...voucher.student, phone: messaging.phone } } : voucher;
  return {
    ...row,
    requestedAt: new Date(row.requestedAt).toISOString(),
    statusLabel: REFUND_STATE_LABELS[row.status],
    whatsapp: to && messaging?.to !== 'nobody' ? { language: to.student.language, ...refundMessage(to, to.student.language) } : null,
  };
};

/** Refund `id` with its voucher once paid; null when there is none. */
export async function refundItem(db: Queryable, id: string): Promise<RefundItem | null> {
  const { rows } = await db.query<ItemRow>(`select ${ITEM_COLUMNS} from ${ITEM_FROM} where f.id = $1`, [id]);
  return rows[0] ? itemOf(rows[0]) : null;
}

/** The refunds waiting (asked for or approved, oldest first), or every refund of student `studentId` (newest first). */
export async function refundList(db: Queryable, { studentId, status }: { studentId?: string | undefined; status: 'open' | 'all' }): Promise<RefundItem[]> {
  const { rows } = await db.query<ItemRow>(
    `select ${ITEM_COLUMNS} from ${ITEM_FROM}
      where ($1::bigint is null or f.student_id = $1) and ($2 = 'all' or f.status in ('requested', 'approved'))
      order by ${studentId ? 'f.requested_at desc, f.id desc' : 'f.requested_at, f.id'} limit 200`,
    [studentId ?? null, status],
  );
  return rows.map(itemOf);
}
