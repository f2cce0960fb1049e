/**
 * A signed-in student's own classes: the student records that are theirs, and of those records
 * the batches, attendance and certificates, in words (src/lib/schemas/student-classes.ts).
 *
 * A record is the student's when staff linked it to their account (students.user_id), or, while
 * it is linked to no account, when its e-mail is the account's (accounts exist only once their
 * address was verified). A record linked to another account is never matched by its e-mail: the
 * link is what staff decided.
 */
import { indiaToday } from '../../../src/lib/schemas/real-day';
import { isoWeekday } from '../../../src/lib/attendance-words';
import { SHORT_DAY_NAMES, batchStatusWord, daysInWords } from '../../../src/lib/batch-words';
import type { StudentAbsence, StudentClasses } from '../../../src/lib/schemas/student-classes';
import type { Queryable } from '../platform/db';
import { attendanceSummaries } from './attendance-summary';
import { holidayOn, type Calendar } from './holidays';
import { loadOfficeSettings } from './office-settings';

/** What the next class of a batch depends on. */
export interface BatchDays {
  /** India days, YYYY-MM-DD. */
  startsOn: string;
  endsOn: string;
  /** ISO weekdays, 1 = Monday. */
  days: readonly number[];
  /** India's wall clock, 'HH:MM'. */
  endsAt: string;
  status: string;
}

/** India's wall clock ('HH:MM') at `now`. */
const indiaClock = (now: Date): string => new Date(now.getTime() + 330 * 60_000).toISOString().slice(11, 16);

const nextDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The India day of the batch's next class at `now`: a day of its week, within its dates, not a
 * holiday of `calendar`; today while today's class has not ended. Null when none is left or the batch is
 * completed.
 */
export function nextClassDay(batch: BatchDays, now: Date, calendar: Calendar): string | null {
  if (batch.status === 'completed') return null;
  const today = indiaToday(now);
  const clock = indiaClock(now);
  let day = batch.startsOn > today ? batch.startsOn : today;
  // A week has every weekday, and holidays are a few days a year: two months always reach a class.
  for (let i = 0; i < 62 && day <= batch.endsOn; i += 1, day = nextDay(day)) {
    if (!batch.days.includes(isoWeekday(day)) || holidayOn(calendar, day)) continue;
    if (day === today && clock >= batch.endsAt) continue;
    return day;
  }
  return null;
}

interface BatchRow {
  id: string;
  course: string;
  name: string;
  starts_on: string;
  ends_on: string;
  days: number[];
  starts_at: string;
  ends_at: string;
  room: string;
  teacher: string | null;
  status: string;
}

/** The ids of the student records of the account `userId` with the verified address `email`. */
export async function studentIdsOf(db: Queryable, userId: string, email: string): Promise<string[]> {
  // Two index lookups (students_user_idx, students_email_idx) rather than one `or`, which would scan.
  const { rows } = await db.query<{ id: string }>(
    `select id::text from students where user_id = $1
      union
     select id::text from students where lower(email) = lower($2) and user_id is null`,
    [userId, email],
  );
  return rows.map((r) => r.id);
}

/** Everything /account shows of the classes of the student records `studentIds`, at `now`. */
export async function classesOf(db: Queryable, studentIds: string[], now: Date): Promise<StudentClasses> {
  if (studentIds.length === 0) return { batches: [], attendance: [], certificates: [] };
  const [batches, summaries, missed, certificates, settings] = await Promise.all([
    // Batches the student is in or finished ('left' ones are another batch's now; their marks stay below).
    db.query<BatchRow>(
      `select distinct on (b.id) b.id::text, c.title as course, b.name, b.starts_on::text, b.ends_on::text, b.days::int[] as days,
              to_char(b.starts_at, 'HH24:MI') as starts_at, to_char(b.ends_at, 'HH24:MI') as ends_at, b.room, s.name as teacher, b.status
         from batch_students bs
         join batches b on b.id = bs.batch_id
         join courses c on c.id = b.course_id
         left join staff s on s.id = b.teacher_id
        where bs.student_id = any ($1::bigint[]) and bs.status <> 'left'
        order by b.id`,
      [studentIds],
    ),
    attendanceSummaries(db, { studentIds }),
    db.query<{ batch_id: string; name: string; day: string; mark: 'absent' | 'leave'; reason: string | null }>(
      `select a.batch_id::text, b.name, a.day::text, a.mark, a.reason
         from attendance a join batches b on b.id = a.batch_id
        where a.student_id = any ($1::bigint[]) and a.mark in ('absent', 'leave')
        order by a.day, a.batch_id`,
      [studentIds],
    ),
    db.query<{ number: string; course: string; issued_on: string; revoked: boolean }>(
      `select number, course, issued_on::text, revoked_at is not null as revoked
         from certificates where student_id = any ($1::bigint[])
        order by issued_on desc, id desc`,
      [studentIds],
    ),
    loadOfficeSettings(db),
  ]);

  const batchNames = new Map<string, string>();
  if (summaries.length) {
    const { rows } = await db.query<{ id: string; name: string }>(`select id::text, name from batches where id = any ($1::bigint[])`, [
      summaries.map((s) => s.batchId),
    ]);
    for (const row of rows) batchNames.set(row.id, row.name);
  }
  const absencesOf = new Map<string, StudentAbsence[]>();
  for (const row of missed.rows) {
    const list = absencesOf.get(row.batch_id) ?? [];
    list.push({ day: row.day, mark: row.mark === 'leave' ? 'Leave' : 'Absent', ...(row.mark === 'leave' && row.reason ? { reason: row.reason } : {}) });
    absencesOf.set(row.batch_id, list);
  }

  return {
    batches: batches.rows
      .map((b) => ({
        course: b.course,
        batch: b.name,
        days: daysInWords(b.days, SHORT_DAY_NAMES),
        startsAt: b.starts_at,
        endsAt: b.ends_at,
        room: b.room,
        teacher: b.teacher,
        status: batchStatusWord(b.status),
        nextClass: nextClassDay({ startsOn: b.starts_on, endsOn: b.ends_on, days: b.days, endsAt: b.ends_at, status: b.status }, now, settings.holidays),
      }))
      // The next class first; finished batches last.
      .sort((a, b) => (a.nextClass ?? '9999').localeCompare(b.nextClass ?? '9999')),
    attendance: summaries
      .map((s) => ({
        batch: batchNames.get(s.batchId) ?? '',
        percent: s.percent,
        held: s.held,
        attended: s.present + s.late,
        absences: absencesOf.get(s.batchId) ?? [],
      }))
      .sort((a, b) => a.batch.localeCompare(b.batch)),
    certificates: certificates.rows.map((c) => ({
      number: c.number,
      course: c.course,
      issuedOn: c.issued_on,
      status: c.revoked ? 'Revoked' : 'Valid',
      verifyUrl: `/certificate/${encodeURIComponent(c.number)}`,
      printUrl: `/certificate/${encodeURIComponent(c.number)}/print`,
    })),
  };
}
