/**
 * Who may take and read a batch's attendance: a role that can 'attendance' for a batch it
 * teaches (batches.teacher_id), or a role that can 'attendance-any' for every batch; which days a
 * register may be taken on (a class day of the batch, not in the future, not a holiday); and the
 * one rule of which students a member of staff may read at all (studentScopeOf).
 */
import type { Role } from '../auth/roles';
import { can } from '../auth/roles';
import type { StaffMember } from '../auth/staff';
import type { Queryable } from '../platform/db';
import { HttpError } from '../platform/http';
import { RecordIdSchema } from '../../../src/lib/schemas/records';
import { DAY_NAMES, dayInWords, daysInWords, isoWeekday } from '../../../src/lib/schemas/attendance';
import { holidayOn, type Calendar } from './holidays';

/** A batch as attendance needs it. */
export interface BatchFacts {
  id: string;
  name: string;
  course: string;
  teacherId: string | null;
  days: number[];
  startsOn: string;
  endsOn: string;
  status: 'planned' | 'running' | 'completed';
}

const NOT_FOUND = 'This batch was not found. It may have been deleted.';

/**
 * The batch `id` (a path part) if the caller may take its attendance: 404 for no such batch,
 * 403 in words for another teacher's batch.
 */
export async function batchForAttendance(db: Queryable, id: string | undefined, who: { staff: StaffMember; role: Role }): Promise<BatchFacts> {
  if (!RecordIdSchema.safeParse(id).success) throw new HttpError(404, NOT_FOUND);
  const { rows } = await db.query<BatchFacts>(
    `select b.id::text, b.name, c.title as course, b.teacher_id::text as "teacherId", b.days::int[] as days,
            b.starts_on::text as "startsOn", b.ends_on::text as "endsOn", b.status
       from batches b join courses c on c.id = b.course_id where b.id = $1`,
    [id],
  );
  const batch = rows[0];
  if (!batch) throw new HttpError(404, NOT_FOUND);
  if (!can(who.role, 'attendance-any') && batch.teacherId !== who.staff.id) {
    throw new HttpError(403, `The batch “${batch.name}” is taught by a colleague: only its teacher or the Owner can take or read its attendance.`);
  }
  return batch;
}

/**
 * Whether `role` reads every student: it keeps the student records, collects fees or reads every
 * batch's attendance. Any other role (a Teacher) reads only the students of the batches it teaches.
 */
export const seesEveryStudent = (role: Role): boolean => can(role, 'students') || can(role, 'fees-collect') || can(role, 'attendance-any');

/**
 * The one rule for every staff read of a student's record, fees, dues, receipts, UPI reports and
 * contacts: null when `who` reads every student, else their staff id — they read only the students
 * on the roster (in any status) of a batch they teach. Others' students are answered as not found
 * (404), so a read does not even confirm that they exist.
 */
export const studentScopeOf = (who: { staff: Pick<StaffMember, 'id'>; role: Role }): string | null => (seesEveryStudent(who.role) ? null : who.staff.id);

/** SQL: the student whose id is `column` is within the scope in parameter `param` (a uuid, or null: every student). */
export const inStudentScopeSql = (column: string, param: string): string =>
  `(${param}::uuid is null or exists (select 1 from batch_students scope_r join batches scope_b on scope_b.id = scope_r.batch_id
     where scope_r.student_id = ${column} and scope_b.teacher_id = ${param}::uuid))`;

/** Whether student `studentId` is within `scope` (studentScopeOf). */
export async function studentInScope(db: Queryable, studentId: string, scope: string | null): Promise<boolean> {
  if (scope === null) return true;
  const { rows } = await db.query(`select 1 where ${inStudentScopeSql('$1::bigint', '$2')}`, [studentId, scope]);
  return rows.length > 0;
}

/** Why no register can be taken for `batch` on `day` (today being `today`, the holidays `calendar`), in words; null when it can. */
export function notAClassDay(batch: BatchFacts, day: string, today: string, calendar: Calendar): string | null {
  const words = dayInWords(day);
  const holiday = holidayOn(calendar, day);
  if (holiday) return `${holiday}: no classes (${words} is a holiday).`;
  if (day > today) return `${words} has not come yet: attendance is taken on the day of the class.`;
  if (batch.status === 'planned') return `The batch “${batch.name}” has not started yet (it is planned).`;
  if (day < batch.startsOn || day > batch.endsOn) {
    return `The batch “${batch.name}” runs from ${dayInWords(batch.startsOn)} to ${dayInWords(batch.endsOn)}, so it had no class on ${words}.`;
  }
  if (!batch.days.includes(isoWeekday(day))) {
    return `The batch “${batch.name}” meets on ${daysInWords(batch.days)}; ${words} is a ${DAY_NAMES[isoWeekday(day)]}.`;
  }
  return null;
}

/** Why the caller may not save the register of `day` (a day before today needs 'attendance-any'), or null. */
export function notTheirDay(role: Role, day: string, today: string): string | null {
  if (day >= today || can(role, 'attendance-any')) return null;
  return `Only the Owner can correct the register of a day before today (${dayInWords(day)}). Please ask the Owner to correct it.`;
}
