/**
 * The signed-in student's fees for /account (GET /api/user/fees): from their own student records
 * only (studentIdsOf), on India's day. Each open due carries its `upi://pay` link for the
 * balance, with the due's reference as `tr` so the office can match the payment.
 */
import { CLAIM_STATE_LABELS, DUE_STATE_LABELS, PAYMENT_MODE_LABELS, type ClaimState, type PaymentMode } from '../../../src/lib/fee-words';
import type { StudentFeePlan, StudentFees, StudentReceipt } from '../../../src/lib/schemas/student-fees';
import { upiLink } from '../../../src/lib/upi';
import type { Queryable } from '../platform/db';
import { UPI_PAYEE } from './collect';
import { DUES_FROM, dueColumns, type Due } from './dues';

/** The UPI link paying `paise` of `due` (its reference as `tr`, "Fees D000123 Instalment 1 of 3" as the note). */
export const dueUpiLink = (due: Pick<Due, 'reference' | 'label'>, paise: number) =>
  upiLink({ ...UPI_PAYEE, paise, note: `Fees ${due.reference} ${due.label}`, reference: due.reference });

/** Everything /account shows of the fees of student records `studentIds` on `day`. */
export async function studentFeesOf(db: Queryable, studentIds: string[], day: string): Promise<StudentFees> {
  const empty: StudentFees = { plans: [], dues: [], receipts: [], claims: [], upiId: UPI_PAYEE.payee };
  if (studentIds.length === 0) return empty;
  const [plans, dues, receipts, claims] = await Promise.all([
    db.query<StudentFeePlan>(
      `select distinct on (p.id) coalesce(c.title, bc.title) as course, b.name as batch, p.total_paise::int as "totalPaise",
              p.late_fee_paise::int as "lateFeePaise", p.grace_days as "graceDays"
         from fee_dues d join fee_plans p on p.id = d.plan_id
         left join courses c on c.id = p.course_id left join batches b on b.id = p.batch_id left join courses bc on bc.id = b.course_id
        where d.student_id = any ($1::bigint[]) order by p.id`,
      [studentIds],
    ),
    db.query<Due & { reportedPaise: number }>(
      `select ${dueColumns('$2')},
              (select coalesce(sum(u.amount_paise), 0)::int from fee_upi_claims u where u.due_id = d.id and u.status = 'pending') as "reportedPaise"
         from ${DUES_FROM} where d.student_id = any ($1::bigint[]) order by d.due_on, d.id`,
      [studentIds, day],
    ),
    db.query<Omit<StudentReceipt, 'modeWord'>>(
      `select r.id::text, r.number, r.paid_on::text as "paidOn", r.amount_paise::int as "amountPaise", r.mode, r.cancelled_at is not null as cancelled,
              to_char(r.cancelled_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD') as "cancelledOn", r.cancelled_reason as "cancelledReason",
              r.balance_paise::float8 as "balancePaise"
         from fee_receipts r where r.student_id = any ($1::bigint[]) order by r.paid_on desc, r.id desc`,
      [studentIds],
    ),
    db.query<{
      id: string;
      dueLabel: string;
      dueReference: string;
      course: string | null;
      amountPaise: number;
      utr: string;
      paidOn: string;
      status: ClaimState;
      reason: string | null;
      receiptNumber: string | null;
    }>(
      `select u.id::text, d.label as "dueLabel", d.reference as "dueReference", c.title as course, u.amount_paise::int as "amountPaise", u.utr,
              u.paid_on::text as "paidOn", u.status, u.reason, r.number as "receiptNumber"
         from fee_upi_claims u join fee_dues d on d.id = u.due_id left join courses c on c.id = d.course_id
         left join fee_receipts r on r.id = u.receipt_id
        where u.student_id = any ($1::bigint[]) order by u.created_at desc, u.id desc`,
      [studentIds],
    ),
  ]);
  return {
    ...empty,
    plans: plans.rows,
    dues: dues.rows.map((d) => ({
      id: d.id,
      reference: d.reference,
      label: d.label,
      course: d.course,
      batch: d.batch,
      amountPaise: d.amountPaise,
      discountPaise: d.discountPaise,
      discountReason: d.discountReason,
      lateFeePaise: d.lateFeePaise,
      paidPaise: d.paidPaise,
      balancePaise: d.balancePaise,
      dueOn: d.dueOn,
      state: d.state,
      stateWord: DUE_STATE_LABELS[d.state],
      upi: d.balancePaise > 0 && !d.waived ? dueUpiLink(d, d.balancePaise) : null,
      reportedPaise: d.reportedPaise,
    })),
    receipts: receipts.rows.map((r) => ({ ...r, modeWord: PAYMENT_MODE_LABELS[r.mode as PaymentMode] })),
    claims: claims.rows.map((c) => ({ ...c, statusWord: CLAIM_STATE_LABELS[c.status] })),
  };
}
