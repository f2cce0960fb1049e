/**
 * The students below the institute's attendance threshold: active students of the roster of a
 * running batch whose percentage (attendance-summary.ts, the one count) is under it, lowest first.
 */
import type { Queryable } from '../platform/db';
import type { LowAttendance } from '../../../src/lib/schemas/attendance';
import { attendanceSummaries, belowThreshold } from './attendance-summary';

/** The most students the list shows. */
export const LOW_ATTENDANCE_MAX = 200;

/** The students below `threshold` (a percentage) in running batches, only those taught by `teacherId` when given. */
export async function lowAttendance(db: Queryable, teacherId: string | null, threshold: number): Promise<LowAttendance[]> {
  const { rows: roster } = await db.query<{ batchId: string; batch: string; course: string; studentId: string; name: string }>(
    `select b.id::text as "batchId", b.name as batch, c.title as course, s.id::text as "studentId", s.name
       from batches b join courses c on c.id = b.course_id
       join batch_students r on r.batch_id = b.id and r.status = 'active'
       join students s on s.id = r.student_id
      where b.status = 'running' and ($1::uuid is null or b.teacher_id = $1)`,
    [teacherId],
  );
  if (roster.length === 0) return [];
  const summaries = await attendanceSummaries(db, { batchIds: [...new Set(roster.map((r) => r.batchId))] });
  const byKey = new Map(summaries.map((s) => [`${s.batchId}:${s.studentId}`, s]));
  return roster
    .flatMap((r) => {
      const summary = byKey.get(`${r.batchId}:${r.studentId}`);
      if (!summary || !belowThreshold(summary.percent, threshold)) return [];
      const { held, present, late, absent, leave } = summary;
      return [{ ...r, percent: summary.percent!, held, attended: present + late, absent, leave }];
    })
    .sort((a, b) => a.percent - b.percent || a.name.localeCompare(b.name))
    .slice(0, LOW_ATTENDANCE_MAX);
}
