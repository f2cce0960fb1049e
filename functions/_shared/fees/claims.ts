/**
 * UPI payments students reported (fee_upi_claims) as staff see them on Today's "Payments to
 * confirm": the student, the due, the amount, the UTR and the day paid, to check against the
 * bank statement.
 */
import { inStudentScopeSql } from '../classes/batch-access';
import type { PendingClaim } from '../../../src/lib/schemas/student-fees';
import type { Queryable } from '../platform/db';

export type { PendingClaim };

/** Every pending report, oldest first (the bank statement is read from the top). */
export async function pendingClaims(db: Queryable, scope: string | null = null): Promise<PendingClaim[]> {
  const { rows } = await db.query<PendingClaim>(
    `select u.id::text, s.name as student, s.phone, c.title as course, b.name as batch, d.label as "dueLabel", d.reference as "dueReference",
            u.amount_paise::int as "amountPaise", u.utr, u.paid_on::text as "paidOn", u.created_at as "reportedAt"
       from fee_upi_claims u join students s on s.id = u.student_id join fee_dues d on d.id = u.due_id
       left join courses c on c.id = d.course_id left join batches b on b.id = d.batch_id
      where u.status = 'pending' and ${inStudentScopeSql('u.student_id', '$1')} order by u.created_at, u.id`,
    [scope],
  );
  return rows;
}
