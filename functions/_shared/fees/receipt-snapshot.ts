/**
 * What a receipt says beyond its own payment, fixed when it is issued (migration 015): paid so far
 * for its course(s) and the balance those dues still owe once it is allocated, on its day of issue,
 * and the student, course and batch as named then. Written by collect() in the receipt's
 * transaction, after its allocations; every view of a receipt reads these and never recomputes them.
 */
import type { Queryable } from '../platform/db';
import { balanceSql } from './dues';

/** Fixes the figures and names of receipt `receiptId` (of `studentId`), issued on India's day `today`. */
export async function snapshotReceipt(client: Queryable, receiptId: string, studentId: string, today: string): Promise<void> {
  // The course(s) the receipt paid for; an advance alone names none, and then every due counts.
  const named = await client.query<{ courseIds: string[] | null; course: string | null; batch: string | null }>(
    `select array_agg(distinct d.course_id::text) filter (where d.course_id is not null) as "courseIds",
            string_agg(distinct c.title, ', ') as course, string_agg(distinct b.name, ', ') as batch
       from fee_allocations a join fee_dues d on d.id = a.due_id
       left join courses c on c.id = d.course_id left join batches b on b.id = d.batch_id
      where a.receipt_id = $1`,
    [receiptId],
  );
  const { courseIds = null, course = null, batch = null } = named.rows[0] ?? {};
  // paid_paise is what valid receipts allocated (a cancellation takes its part back), so its sum
  // over the course's dues, this receipt included, is what was paid so far.
  await client.query(
    `update fee_receipts r
        set paid_so_far_paise = t.paid, balance_paise = t.balance, course_title = $4, batch_name = $5,
            student_name = s.name, student_phone = s.phone
       from students s,
            (select coalesce(sum(d.paid_paise), 0) as paid, coalesce(sum(${balanceSql('$3')}), 0) as balance
               from fee_dues d where d.student_id = $2 and ($6::bigint[] is null or d.course_id = any ($6::bigint[]))) t
      where r.id = $1 and s.id = $2`,
    [receiptId, studentId, today, course, batch, courseIds?.length ? courseIds : null],
  );
}
