/**
 * Collecting money: one receipt, its amount allocated to the student's dues. Shared by the counter
 * (POST /api/admin/fees/collect) and the confirmation of a UPI payment a student reported.
 *
 * - The student's row is locked first, so two collections for one student run one after the
 *   other: the second sees what the first paid and can never pay a due twice.
 * - A retried Collect (the same Idempotency-Key) answers the receipt the first one made.
 * - The amount goes to the chosen dues (else every open due, oldest first); more than they owe is
 *   refused unless the caller allows an advance.
 * - A UTR already on a valid receipt is refused naming that receipt; one a student reported and
 *   staff have not decided is refused naming the report (confirm that instead).
 */
import type { PoolClient } from '@neondatabase/serverless';
import site from '../../../content/site.json';
import { formatRupees } from '../../../src/lib/money';
import { PAYMENT_MODE_PHRASES, type PaymentMode } from '../../../src/lib/fee-words';
import { paymentDayProblem } from '../../../src/lib/schemas/payment-day';
import { HttpError } from '../platform/http';
import { balanceSql } from './dues';
import { nextReceiptNumber } from './receipt-number';
import { snapshotReceipt } from './receipt-snapshot';

/** What a collection needs (amounts in paise; days India's). */
export interface Collection {
  studentId: string;
  amountPaise: number;
  mode: PaymentMode;
  utr?: string | null | undefined;
  chequeNumber?: string | null | undefined;
  paidOn: string;
  /** Which dues, in order; none: every open due, oldest first. */
  dueIds?: string[] | undefined;
  /** Accept more than the dues owe (kept as an advance on the receipt). */
  advance?: boolean | undefined;
  idempotencyKey?: string | null | undefined;
  /** The UPI report being confirmed (its own UTR is then no conflict). */
  claimId?: string | undefined;
  /**
   * Refuse the same payment (student, amount, mode, cheque) recorded by the same staff within
   * REPEAT_WINDOW_SECONDS under another Idempotency-Key, naming that receipt (the counter's Collect
   * sets it unless staff confirmed it is another payment).
   */
  refuseRepeat?: boolean | undefined;
}

/** How long after a receipt the same collection by the same staff is taken for a repeat of it (decision 031). */
export const REPEAT_WINDOW_SECONDS = 120;

/** The receipt made (or found, for a retry). */
export interface Collected {
  id: string;
  number: string;
  amountPaise: number;
  advancePaise: number;
  /** True when this was a retry that found the receipt already made. */
  repeated: boolean;
  /** Each due paid and how much. */
  allocations: { dueId: string; amountPaise: number }[];
}

/** Field error of a collection (400 with errors[field]). */
const fieldError = (field: string, message: string, status = 400) => new HttpError(status, message, { errors: { [field]: message } });

/** content/site.json's `fees` (the GSTIN may be null or given). */
export type FeeSettings = Omit<typeof site.fees, 'gstin'> & { gstin: string | null };

/** GST figures of an amount that includes the tax, when content/site.json gives a GSTIN (else null). */
export function taxOf(amountPaise: number, fees: FeeSettings = site.fees): Record<string, unknown> | null {
  if (!fees.gstin) return null;
  const cgstBp = Math.round(fees.cgstPercent * 100);
  const sgstBp = Math.round(fees.sgstPercent * 100);
  const taxablePaise = Math.round((amountPaise * 10_000) / (10_000 + cgstBp + sgstBp));
  const cgstPaise = Math.floor((amountPaise - taxablePaise) / 2);
  return {
    gstin: fees.gstin,
    sac: fees.sac,
    placeOfSupply: fees.placeOfSupply,
    taxablePaise,
    cgstPercent: fees.cgstPercent,
    cgstPaise,
    sgstPercent: fees.sgstPercent,
    sgstPaise: amountPaise - taxablePaise - cgstPaise,
  };
}

/** Records a collection inside the caller's transaction; `staff` received it. */
export async function collect(client: PoolClient, c: Collection, staff: { id: string; name: string }, today: string): Promise<Collected> {
  // The schemas check it too; here it holds for every caller (a reported payment confirmed later).
  const badDay = paymentDayProblem(c.paidOn, today);
  if (badDay) throw fieldError('paidOn', badDay);
  const student = await client.query<{ name: string }>('select name from students where id = $1 for update', [c.studentId]);
  if (!student.rows[0]) throw fieldError('studentId', 'Please choose a student from the list.');

  if (c.idempotencyKey) {
    const earlier = await client.query<{ id: string; number: string; amount: number; advance: number }>(
      `select id::text, number, amount_paise::int as amount, advance_paise::int as advance from fee_receipts where idempotency_key = $1`,
      [c.idempotencyKey],
    );
    const found = earlier.rows[0];
    if (found) {
      const allocations = await client.query<{ dueId: string; amountPaise: number }>(
        `select due_id::text as "dueId", amount_paise::int as "amountPaise" from fee_allocations where receipt_id = $1 order by due_id`,
        [found.id],
      );
      return { id: found.id, number: found.number, amountPaise: found.amount, advancePaise: found.advance, repeated: true, allocations: allocations.rows };
    }
  }

  if (c.refuseRepeat) await refuseRepeat(client, c, staff.id, student.rows[0].name);

  if (c.utr) {
    const used = await client.query<{ number: string }>(`select number from fee_receipts where utr = $1 and cancelled_at is null`, [c.utr]);
    if (used.rows[0]) throw fieldError('utr', `This UTR is already on receipt ${used.rows[0].number}.`, 409);
    const reported = await client.query<{ name: string }>(
      `select s.name from fee_upi_claims u join students s on s.id = u.student_id where u.utr = $1 and u.status = 'pending' and u.id <> coalesce($2::bigint, 0)`,
      [c.utr, c.claimId ?? null],
    );
    if (reported.rows[0])
      throw fieldError('utr', `${reported.rows[0].name} reported a payment with this UTR: confirm it under Payments to confirm instead.`, 409);
  }

  // The dues, locked, in the order they are paid: the chosen ones as chosen, else oldest first.
  const chosen = c.dueIds?.length ? c.dueIds : null;
  const dues = await client.query<{ id: string; balance: number; dueOn: string }>(
    `select d.id::text, ${balanceSql('$2::date')}::int as balance, d.due_on::text as "dueOn"
       from fee_dues d
      where d.student_id = $1 and d.waived_at is null and ($3::bigint[] is null or d.id = any($3::bigint[]))
      order by d.id for update`,
    [c.studentId, c.paidOn, chosen],
  );
  if (chosen && dues.rows.length !== new Set(chosen).size)
    throw fieldError('dueIds', 'One of the chosen dues is not this student’s or is no longer owed. Please reload.', 409);
  const byId = new Map(dues.rows.map((d) => [d.id, d]));
  const order = chosen
    ? [...new Set(chosen)].map((id) => byId.get(id)!)
    : dues.rows.filter((d) => d.balance > 0).sort((a, b) => a.dueOn.localeCompare(b.dueOn) || Number(a.id) - Number(b.id));

  const owing = order.reduce((sum, d) => sum + d.balance, 0);
  if (c.amountPaise > owing && !c.advance) {
    throw fieldError(
      'amount',
      owing === 0
        ? `Nothing is owed${chosen ? ' on the chosen dues' : ''}. To take ${formatRupees(c.amountPaise)} as an advance, tick "Keep the rest as an advance".`
        : `${formatRupees(c.amountPaise)} is more than the ${formatRupees(owing)} owed${chosen ? ' on the chosen dues' : ''}. Enter ${formatRupees(owing)} or less, or tick "Keep the rest as an advance".`,
    );
  }

  const { number, financialYear } = await nextReceiptNumber(client, c.paidOn);
  let receiptId: string;
  const advancePaise = Math.max(0, c.amountPaise - owing);
  try {
    const inserted = await client.query<{ id: string }>(
      `insert into fee_receipts (number, financial_year, student_id, amount_paise, advance_paise, mode, utr, cheque_number, paid_on,
                                 received_by, received_by_name, tax, idempotency_key)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning id::text`,
      [
        number,
        financialYear,
        c.studentId,
        c.amountPaise,
        advancePaise,
        c.mode,
        c.utr ?? null,
        c.chequeNumber ?? null,
        c.paidOn,
        staff.id,
        staff.name,
        JSON.stringify(taxOf(c.amountPaise)),
        c.idempotencyKey ?? null,
      ],
    );
    receiptId = inserted.rows[0]!.id;
  } catch (error) {
    // Another student's receipt took the UTR in the same moment (the unique index decides).
    if ((error as { code?: string }).code === '23505') throw fieldError('utr', 'This UTR was just used on another receipt. Please check it and reload.', 409);
    throw error;
  }

  let left = c.amountPaise - advancePaise;
  const allocations: { dueId: string; amountPaise: number }[] = [];
  for (const due of order) {
    if (left <= 0) break;
    const part = Math.min(left, due.balance);
    if (part <= 0) continue;
    left -= part;
    allocations.push({ dueId: due.id, amountPaise: part });
    await client.query('insert into fee_allocations (receipt_id, due_id, amount_paise) values ($1, $2, $3)', [receiptId, due.id, part]);
    // Settled: the first day what was paid covers amount - discount (the late fee is judged from it).
    await client.query(
      `update fee_dues set paid_paise = paid_paise + $2, version = version + 1, updated_at = now(),
              settled_on = case when settled_on is null and paid_paise + $2 >= amount_paise - discount_paise then $3::date else settled_on end
        where id = $1`,
      [due.id, part, c.paidOn],
    );
  }
  // What the receipt says of the ledger (paid so far, balance) is fixed now, as issued.
  await snapshotReceipt(client, receiptId, c.studentId, today);
  return { id: receiptId, number, amountPaise: c.amountPaise, advancePaise, repeated: false, allocations };
}

/**
 * A second tap, a resent request or a script's retry with a new key looks like this: the same
 * student, amount, mode (and cheque) by the same staff moments after a receipt. Refused (409)
 * naming the receipt, with `repeatOf` for the form to offer "Record another payment"; a UTR needs
 * no such guard (it pays once). Runs under the student's lock, so two at once are judged in turn.
 */
async function refuseRepeat(client: PoolClient, c: Collection, staffId: string, student: string): Promise<void> {
  if (c.utr) return;
  const { rows } = await client.query<{ id: string; number: string; seconds: number }>(
    `select id::text, number, greatest(extract(epoch from now() - created_at), 0)::int as seconds from fee_receipts
      where student_id = $1 and amount_paise = $2 and mode = $3 and coalesce(cheque_number, '') = coalesce($4, '') and utr is null
        and received_by = $5 and cancelled_at is null and created_at > now() - make_interval(secs => $6)
      order by id desc limit 1`,
    [c.studentId, c.amountPaise, c.mode, c.chequeNumber ?? null, staffId, REPEAT_WINDOW_SECONDS],
  );
  const earlier = rows[0];
  if (!earlier) return;
  const ago = earlier.seconds < 60 ? `${earlier.seconds} second${earlier.seconds === 1 ? '' : 's'} ago` : 'a minute ago';
  throw new HttpError(
    409,
    `Receipt ${earlier.number} for ${formatRupees(c.amountPaise)} ${PAYMENT_MODE_PHRASES[c.mode]} from ${student} was made ${ago}. Nothing more was recorded. If this is another payment, confirm it as another payment.`,
    { repeatOf: { id: earlier.id, number: earlier.number } },
  );
}

/**
 * Cancels a receipt inside the caller's transaction: it keeps its number, now Cancelled with the
 * reason, and what it paid goes back to the dues (a due it settled is open again). The UTR is freed.
 */
export async function cancelReceipt(client: PoolClient, receiptId: string, reason: string, staffId: string): Promise<{ number: string; studentId: string }> {
  const receipt = await client.query<{ number: string; studentId: string; cancelled: boolean }>(
    `select number, student_id::text as "studentId", cancelled_at is not null as cancelled from fee_receipts where id = $1 for update`,
    [receiptId],
  );
  const found = receipt.rows[0];
  if (!found) throw new HttpError(404, 'This receipt was not found. The list may be out of date: please reload it.');
  if (found.cancelled) throw new HttpError(409, `Receipt ${found.number} is already cancelled.`);
  // A refund from it took (or may take) money back out of its dues: cancelling too would count it twice (decision 045).
  const refunded = await client.query<{ number: string | null }>(
    `select number from fee_refunds where receipt_id = $1 and status <> 'declined' order by status = 'paid' desc, id limit 1`,
    [receiptId],
  );
  if (refunded.rows[0])
    throw new HttpError(
      409,
      refunded.rows[0].number
        ? `Receipt ${found.number} cannot be cancelled: money from it was refunded on voucher ${refunded.rows[0].number}.`
        : `Receipt ${found.number} cannot be cancelled while a refund from it waits: the Owner must decline that refund first.`,
    );
  await client.query('select id from students where id = $1 for update', [found.studentId]);
  const parts = await client.query<{ dueId: string; amount: number }>(
    `select a.due_id::text as "dueId", a.amount_paise::int as amount from fee_allocations a where a.receipt_id = $1 order by a.due_id`,
    [receiptId],
  );
  for (const part of parts.rows) {
    await client.query(
      `update fee_dues set paid_paise = paid_paise - $2, version = version + 1, updated_at = now(),
              settled_on = case when paid_paise - $2 >= amount_paise - discount_paise then settled_on end
        where id = $1`,
      [part.dueId, part.amount],
    );
  }
  await client.query(`update fee_receipts set cancelled_at = now(), cancelled_by = $2, cancelled_reason = $3 where id = $1`, [receiptId, staffId, reason]);
  return found;
}

/** The institute's merchant UPI ID and payee name (content/site.json `fees`). */
export const UPI_PAYEE = { payee: site.fees.upiId, payeeName: site.fees.payeeName };
