/**
 * When a batch student's access to a test's history ends (the Terms, src/lib/practice/test-history.ts):
 * on the last day of the batch the attempt's test was opened to. Several batches combine
 * generously: when the same test is also opened to another batch the student is (or was) on,
 * the latest of those batches' last days counts, so a student moved to a later batch keeps their
 * history of the test until that batch's access ends too.
 */
import { historyShown } from '../../../src/lib/practice/test-history';

/** SQL: the India day (YYYY-MM-DD) an attempt row `a`'s access ends. */
export const ACCESS_ENDS_SQL = `(select max(b.ends_on)::text from practice_test_openings o2 join batches b on b.id = o2.batch_id
   where o2.test_id = a.test_id
     and (o2.id = a.opening_id or exists (select 1 from batch_students bs where bs.batch_id = o2.batch_id and bs.student_id = a.student_id)))`;

/** Whether an attempt whose access ends on `accessEndsOn` is still shown on India day `today`. */
export const attemptShown = (accessEndsOn: string | null, today: string): boolean => historyShown(accessEndsOn, today);

/** The India day attempt `attemptId`'s access ends (null: none known, so it is shown). */
export async function accessEndsOn(db: import('../platform/db').Queryable, attemptId: string): Promise<string | null> {
  const { rows } = await db.query<{ ends: string | null }>(`select ${ACCESS_ENDS_SQL} as ends from practice_attempts a where a.id = $1`, [attemptId]);
  return rows[0]?.ends ?? null;
}
