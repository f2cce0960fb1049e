/**
 * Whose practice-test results a member of staff may read (decision 052): a role that can
 * 'attendance-any' (the Owner) every batch's, any other role with 'practice-tests' (a Teacher)
 * only those of the batches it teaches (batches.teacher_id), as certificates and registers do.
 */
import { batchStatusWord } from '../../../src/lib/batch-words';
import type { ResultsBatch } from '../../../src/lib/schemas/practice-results';
import { can, type Role } from '../auth/roles';
import type { StaffMember } from '../auth/staff';
import type { Queryable } from '../platform/db';
import { HttpError } from '../platform/http';

/** Who is asking: their staff record and role. */
export interface ResultsReader {
  staff: Pick<StaffMember, 'id'>;
  role: Role;
}

/** Whether `role` reads every batch's results, not only its own batches'. */
export const readsEveryBatch = (role: Role): boolean => can(role, 'attendance-any');

/** The teacher whose batches bound the reader's view, or null: every batch. */
export const teacherScopeOf = (who: ResultsReader): string | null => (readsEveryBatch(who.role) ? null : who.staff.id);

const SELECT = `select b.id::text, b.name, c.title as course, b.status, t.name as teacher, b.teacher_id::text as "teacherId"
                  from batches b join courses c on c.id = b.course_id left join staff t on t.id = b.teacher_id`;

type BatchRow = Omit<ResultsBatch, 'status'> & { status: string; teacherId: string | null };

const shown = ({ teacherId: _, ...row }: BatchRow): ResultsBatch => ({ ...row, status: batchStatusWord(row.status) });

/** The batches the reader may see the results of: running first, then planned, then completed; newest first within each. */
export async function batchesForResults(db: Queryable, who: ResultsReader): Promise<ResultsBatch[]> {
  const { rows } = await db.query<BatchRow>(
    `${SELECT} where ($1::uuid is null or b.teacher_id = $1::uuid)
      order by case b.status when 'running' then 0 when 'planned' then 1 else 2 end, b.starts_on desc, b.id desc limit 500`,
    [teacherScopeOf(who)],
  );
  return rows.map(shown);
}

/** The batch `id` if the reader may see its results: 404 when there is none, 403 in words when another teacher's. */
export async function batchForResults(db: Queryable, id: string, who: ResultsReader): Promise<ResultsBatch> {
  const { rows } = await db.query<BatchRow>(`${SELECT} where b.id = $1`, [id]);
  const batch = rows[0];
  if (!batch) throw new HttpError(404, 'This batch was not found. It may have been deleted; please reload.');
  if (!readsEveryBatch(who.role) && batch.teacherId !== who.staff.id) {
    throw new HttpError(
      403,
      `The batch “${batch.name}” is taught by ${batch.teacher ?? 'no one yet'}: only its teacher or the Owner can see its practice test results.`,
    );
  }
  return shown(batch);
}
