/**
 * What the batch endpoints (and a lead's admission) share: a batch's columns as the API gives it,
 * the answers for an unknown batch and a lost race, the timetable clash check, and putting a
 * student into a batch (a full or completed batch refuses).
 */
import type { PoolClient } from '@neondatabase/serverless';
import { CONFLICT_MESSAGE } from '../../../src/lib/schemas/records';
import { DAY_NAMES, timeRange, type Batch, type BatchFields } from '../../../src/lib/schemas/batch';
import { fieldErrors, HttpError } from '../platform/http';
import { dayInWords } from '../../../src/lib/attendance-words';
import { canTeach, type Role } from '../../../src/lib/staff-roles';
import { createDuesForPlacement } from '../fees/dues';
import { indiaToday } from '../../../src/lib/schemas/real-day';
import type { Queryable } from '../platform/db';

/** The select list of a Batch over `batches b join courses c left join staff t` (dates and times as text). */
export const BATCH_COLUMNS = `b.id::text as _id, b.course_id::text as "courseId", c.title as course, b.name,
  b.starts_on::text as "startsOn", b.ends_on::text as "endsOn", b.days::int[] as days,
  to_char(b.starts_at, 'HH24:MI') as "startsAt", to_char(b.ends_at, 'HH24:MI') as "endsAt", b.room,
  b.teacher_id::text as "teacherId", t.name as teacher, b.seats,
  (select count(*)::int from batch_students s where s.batch_id = b.id and s.status = 'active') as "seatsTaken",
  b.status, b.version`;

/** The FROM of BATCH_COLUMNS. */
export const BATCH_FROM = 'batches b join courses c on c.id = b.course_id left join staff t on t.id = b.teacher_id';

/** The answer for an id that names no batch. */
export const batchNotFound = () => new HttpError(404, 'This batch was not found. It may have been deleted.');

/** Batch `id` as the API gives it, or null. */
export async function findBatch(db: Queryable, id: string): Promise<Batch | null> {
  const { rows } = await db.query<Batch>(`select ${BATCH_COLUMNS} from ${BATCH_FROM} where b.id = $1`, [id]);
  return rows[0] ?? null;
}

/** After an UPDATE or DELETE that matched no row: 404 when the batch is gone, else 409 with it as stored now. */
export async function batchMissedOrChanged(client: PoolClient, id: string): Promise<HttpError> {
  const current = await findBatch(client, id);
  return current ? new HttpError(409, CONFLICT_MESSAGE, { current }) : batchNotFound();
}

/** The checks a batch's fields need of other tables: a course that exists, a teacher who is active staff whose role can teach. */
export async function checkReferences(client: PoolClient, fields: BatchFields): Promise<void> {
  const errors: Record<string, string> = {};
  const course = await client.query('select 1 from courses where id = $1', [fields.courseId]);
  if (!course.rows[0]) errors['courseId'] = 'Please choose a course from the list.';
  if (fields.teacherId) {
    const teacher = await client.query<{ role: Role }>('select role from staff where id = $1 and disabled_at is null', [fields.teacherId]);
    // The list the form offers (canTeach): a Counsellor or Accountant takes no class.
    if (!teacher.rows[0] || !canTeach(teacher.rows[0].role)) errors['teacherId'] = 'Please choose a teacher from the list.';
  }
  if (Object.keys(errors).length) throw new HttpError(400, 'Please check the highlighted fields and try again.', { errors });
}

interface Clash {
  name: string;
  room: string;
  teacher: string | null;
  sameRoom: boolean;
  sameTeacher: boolean;
  days: number[];
  startsAt: string;
  endsAt: string;
}

/**
 * Refuses (409, with field errors naming the other batch) a batch whose room or teacher is taken
 * at an overlapping time on a shared weekday by another planned or running batch whose dates
 * overlap. The table is locked first (against other saves, not reads), so two saves at once
 * cannot both pass: the second waits and then sees the first. A completed batch clashes with nothing.
 */
export async function refuseClashes(client: PoolClient, fields: BatchFields, exceptId: string | null): Promise<void> {
  await client.query('lock table batches in share row exclusive mode');
  if (fields.status === 'completed') return;
  const { rows } = await client.query<Clash>(
    `select b.name, b.room, t.name as teacher, lower(b.room) = lower($5) as "sameRoom", coalesce(b.teacher_id = $6::uuid, false) as "sameTeacher",
            b.days::int[] as days, to_char(b.starts_at, 'HH24:MI') as "startsAt", to_char(b.ends_at, 'HH24:MI') as "endsAt"
       from batches b left join staff t on t.id = b.teacher_id
      where b.status in ('planned', 'running') and ($7::bigint is null or b.id <> $7::bigint)
        and b.starts_on <= $2::date and b.ends_on >= $1::date
        and b.days && $3::smallint[]
        and b.starts_at < $4::time and b.ends_at > $8::time
        and (lower(b.room) = lower($5) or b.teacher_id = $6::uuid)
      order by b.starts_at, b.name`,
    [fields.startsOn, fields.endsOn, fields.days, fields.endsAt, fields.room, fields.teacherId ?? null, exceptId, fields.startsAt],
  );
  const errors: Record<string, string> = {};
  for (const other of rows) {
    const day = DAY_NAMES[other.days.find((d) => fields.days.includes(d)) ?? 0];
    const when = `on ${day} ${timeRange(other.startsAt, other.endsAt)}`;
    if (other.sameRoom) errors['room'] ??= `${other.room} is taken by '${other.name}' ${when}.`;
    if (other.sameTeacher) errors['teacherId'] ??= `${other.teacher ?? 'This teacher'} teaches '${other.name}' ${when}.`;
  }
  if (Object.keys(errors).length) {
    throw new HttpError(409, Object.values(errors).join(' '), { errors });
  }
}

/** The words of a full batch. */
export const fullMessage = (name: string, seats: number, taken: number) => `${name} is full (${taken} of ${seats} seats taken).`;

/** What assigning did: the batch and the student by name. */
export interface Assigned {
  batch: string;
  student: string;
  /** How many dues were made from the fee plan (0: no plan, or the student already owes for the course). */
  dues: number;
}

/**
 * Puts student `studentId` into batch `batchId` (active) from `joinedOn` (India's today when not
 * given), inside the caller's transaction: the batch row is locked so two assignments at once
 * cannot overfill it. Refused: an unknown batch (404), a completed one, a student already active
 * in it, a full batch, a joining day after today or after the batch's last day (409 or 400;
 * `field` carries the message for a form). A student who had left comes back as active, from the
 * earlier of their first joining day and this one. Their dues count from their joining day.
 */
export async function assignToBatch(client: PoolClient, batchId: string, studentId: string, field = 'studentId', joinedOn?: string): Promise<Assigned> {
  const { rows } = await client.query<{ name: string; seats: number; status: string; endsOn: string }>(
    'select name, seats, status, ends_on::text as "endsOn" from batches where id = $1 for update',
    [batchId],
  );
  const batch = rows[0];
  if (!batch)
    throw field === 'studentId'
      ? batchNotFound()
      : new HttpError(400, 'Please check the highlighted fields and try again.', { errors: { [field]: 'Please choose a batch from the list.' } });
  const refuse = (message: string) => new HttpError(409, message, { errors: { [field]: message } });
  if (batch.status === 'completed') throw refuse(`${batch.name} is completed: no students can be added to it.`);
  const today = indiaToday();
  const joined = joinedOn ?? today;
  // The joining day's field when the form has one; else the batch's (a move, an admission: today).
  const dayField = joinedOn === undefined ? field : 'joinedOn';
  if (joined > today) throw fieldErrors({ [dayField]: `The joining day cannot be after today (${dayInWords(today)}).` });
  if (joined > batch.endsOn) throw fieldErrors({ [dayField]: `${batch.name} ended on ${dayInWords(batch.endsOn)}: a student cannot join it after that day.` });
  const student = await client.query<{ name: string; place: string | null }>(
    `select s.name, bs.status as place from students s left join batch_students bs on bs.student_id = s.id and bs.batch_id = $2 where s.id = $1`,
    [studentId, batchId],
  );
  if (!student.rows[0])
    throw new HttpError(400, 'Please check the highlighted fields and try again.', { errors: { studentId: 'Please choose a student from the list.' } });
  const { name, place } = student.rows[0];
  if (place === 'active') throw refuse(`${name} is already in ${batch.name}.`);
  const taken = await client.query<{ n: number }>(`select count(*)::int as n from batch_students where batch_id = $1 and status = 'active'`, [batchId]);
  if (taken.rows[0]!.n >= batch.seats) throw refuse(fullMessage(batch.name, batch.seats, taken.rows[0]!.n));
  await client.query(
    `insert into batch_students (batch_id, student_id, joined_on) values ($1, $2, $3::date)
     on conflict (batch_id, student_id) do update set status = 'active', status_changed_on = (now() at time zone 'Asia/Kolkata')::date,
       joined_on = least(batch_students.joined_on, excluded.joined_on)`,
    [batchId, studentId, joined],
  );
  return { batch: batch.name, student: name, dues: await createDuesForPlacement(client, batchId, studentId, joined, today) };
}

/**
 * A batch's fields in the order the insert and the update take them (course, name, start and end
 * days, weekdays, start and end times, room, teacher, seats, status).
 */
export const batchValues = (fields: BatchFields): unknown[] => [
  fields.courseId,
  fields.name,
  fields.startsOn,
  fields.endsOn,
  fields.days,
  fields.startsAt,
  fields.endsAt,
  fields.room,
  fields.teacherId ?? null,
  fields.seats,
  fields.status,
];
