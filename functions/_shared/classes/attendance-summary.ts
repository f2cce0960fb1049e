/**
 * A student's attendance in a batch, counted one way everywhere (the register, the monthly grid,
 * Today's list of students below the threshold, a certificate's warning, the student's own page):
 * the classes they were marked in, and of those the ones they attended (present or late). Leave is
 * an excused absence: it is counted as a class missed, with its reason shown beside it.
 * The percentage is rounded down, so 74.9% is below a 75% threshold.
 */
import type { Queryable } from '../platform/db';

/** One student's attendance in one batch. */
export interface AttendanceSummary {
  batchId: string;
  studentId: string;
  /** Classes they were marked in. */
  held: number;
  present: number;
  late: number;
  absent: number;
  leave: number;
  /** Whole percent of `held` attended (present or late), rounded down; null before any class. */
  percent: number | null;
}

/** The percentage of `held` classes attended, rounded down; null when none was held. */
export const percentOf = (attended: number, held: number): number | null => (held > 0 ? Math.floor((attended * 100) / held) : null);

/** Whether a percentage is below the institute's `threshold` (office-settings.ts; no classes yet is not). */
export const belowThreshold = (percent: number | null, threshold: number): boolean => percent !== null && percent < threshold;

/**
 * The attendance of the students of `batchIds` (every student marked in them), or only of
 * `studentIds` when given: one statement, grouped in Postgres.
 */
export async function attendanceSummaries(db: Queryable, where: { batchIds?: string[]; studentIds?: string[] }): Promise<AttendanceSummary[]> {
  const { rows } = await db.query<{ batch_id: string; student_id: string; present: string; late: string; absent: string; leave: string }>(
    `select batch_id::text, student_id::text,
            count(*) filter (where mark = 'present') as present,
            count(*) filter (where mark = 'late') as late,
            count(*) filter (where mark = 'absent') as absent,
            count(*) filter (where mark = 'leave') as leave
       from attendance
      where ($1::bigint[] is null or batch_id = any ($1::bigint[]))
        and ($2::bigint[] is null or student_id = any ($2::bigint[]))
      group by batch_id, student_id`,
    [where.batchIds ?? null, where.studentIds ?? null],
  );
  return rows.map((row) => {
    const [present, late, absent, leave] = [row.present, row.late, row.absent, row.leave].map(Number) as [number, number, number, number];
    const held = present + late + absent + leave;
    return { batchId: row.batch_id, studentId: row.student_id, held, present, late, absent, leave, percent: percentOf(present + late, held) };
  });
}
