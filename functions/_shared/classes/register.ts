/**
 * A batch's register for one India day: the active students of its roster and anyone already
 * marked that day (a student who has since left or been removed keeps their mark), each with
 * their saved mark or, before the first save, 'present', and the language their messages are in.
 */
import type { PersonLanguage } from '../../../src/lib/person-language';
import type { Queryable } from '../platform/db';
import type { Mark, Register, RegisterStudent } from '../../../src/lib/schemas/attendance';
import type { BatchFacts } from './batch-access';
import { messagingColumns, withMessaging, type MessagingRecord } from '../consent/messaging';

/** The saved register's header for `batch` on `day`, or null before the first save. */
export async function classDay(db: Queryable, batchId: string, day: string, lock = false) {
  const { rows } = await db.query<{ version: number; savedBy: string | null; savedAt: Date }>(
    `select d.version, s.name as "savedBy", d.saved_at as "savedAt"
       from class_days d left join staff s on s.id = d.saved_by
      where d.batch_id = $1 and d.day = $2${lock ? ' for update of d' : ''}`,
    [batchId, day],
  );
  return rows[0] ?? null;
}

/** The students of the register with their marks (see the module's comment), by name. */
export async function registerStudents(db: Queryable, batchId: string, day: string): Promise<RegisterStudent[]> {
  const { rows } = await db.query<Omit<RegisterStudent, 'language' | 'messaging'> & MessagingRecord & { mark: Mark | null; language: PersonLanguage }>(
    `select s.id::text as "studentId", s.name, s.phone, s.guardian_name as "guardianName", s.guardian_phone as "guardianPhone",
            a.mark, a.reason, coalesce(r.status = 'active', false) as "onRoster", s.language,
            ${messagingColumns('s.minor', 's.guardian_consent_id', 's.email')}
       from students s
       left join batch_students r on r.batch_id = $1 and r.student_id = s.id
       left join attendance a on a.batch_id = $1 and a.day = $2 and a.student_id = s.id
      where (r.status = 'active' and r.joined_on <= $2::date) or a.student_id is not null
      order by lower(s.name), s.id`,
    [batchId, day],
  );
  // The language is named only when it is not English, as on every staff record (decision 039);
  // whom the absence messages may go to only when not as usual (a minor, a consent withdrawn; decision 053).
  return rows.map(({ language, ...row }) => ({
    ...withMessaging(row),
    mark: row.mark ?? 'present',
    reason: row.reason ?? null,
    ...(language === 'hi' ? { language } : {}),
  }));
}

/** The whole register of `batch` on `day`, with whether (and why not) the caller may save it. */
export async function loadRegister(db: Queryable, batch: BatchFacts, day: string, refusal: string | null): Promise<Register> {
  const [header, students] = await Promise.all([classDay(db, batch.id, day), registerStudents(db, batch.id, day)]);
  return {
    batchId: batch.id,
    batch: batch.name,
    course: batch.course,
    day,
    saved: header !== null,
    version: header?.version ?? 0,
    savedBy: header?.savedBy ?? null,
    savedAt: header ? new Date(header.savedAt).toISOString() : null,
    editable: refusal === null,
    notEditable: refusal,
    students,
  };
}
