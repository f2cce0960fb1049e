/**
 * Batches, rosters and students written straight to the database of an in-process test (the
 * screens that make them are tested on their own): a course, a batch taught by a member of staff
 * on given days, students with their guardians, and their places on the roster.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { indiaToday } from '../../src/lib/schemas/real-day';

/** A signed-in member of staff: their id, name and session cookie. */
export interface SignedIn {
  id: string;
  name: string;
  cookie: string;
}

/** A member of staff in `role` named `name`, signed in past the second factor. */
export async function signedInStaff(client: pg.Client, role: 'owner' | 'counsellor' | 'accountant' | 'teacher', name: string): Promise<SignedIn> {
  const token = randomBytes(32).toString('base64url');
  const { rows } = await client.query<{ id: string }>(
    `insert into staff (name, email, password_hash, password_changed_at, role) values ($1, $2, 'not-used', now(), $3) returning id::text`,
    [name, `staff-${randomUUID().slice(0, 8)}@example.in`, role],
  );
  await client.query(`insert into staff_sessions (token_hash, staff_id, expires_at, second_factor_at) values ($1, $2, now() + interval '1 hour', now())`, [
    createHash('sha256').update(token).digest('hex'),
    rows[0]!.id,
  ]);
  return { id: rows[0]!.id, name, cookie: `__Host-staff=${token}` };
}

/** The India day `days` days from today (negative: before). */
export const dayFromToday = (days: number): string => {
  const today = new Date(`${indiaToday()}T00:00:00Z`);
  today.setUTCDate(today.getUTCDate() + days);
  return today.toISOString().slice(0, 10);
};

/** A student as the fixtures write one. */
export interface StudentFacts {
  name: string;
  phone?: string | null;
  guardianName?: string | null;
  guardianPhone?: string | null;
}

let serial = 0;

/** A student record; its id. */
export async function addStudent(client: pg.Client, student: StudentFacts): Promise<string> {
  serial += 1;
  const { rows } = await client.query<{ id: string }>(
    `insert into students (name, email, phone, course, guardian_name, guardian_phone) values ($1, $2, $3, 'RS-CIT', $4, $5) returning id::text`,
    [
      student.name,
      `student${serial}-${randomUUID().slice(0, 6)}@example.in`,
      student.phone ?? null,
      student.guardianName ?? null,
      student.guardianPhone ?? null,
    ],
  );
  return rows[0]!.id;
}

/** What a batch is made of (anything left out gets a running batch of every day, a month either side of today). */
export interface BatchFacts {
  name: string;
  teacherId: string | null;
  course?: string;
  /** ISO weekdays, 1 Monday … 7 Sunday. */
  days?: number[];
  startsOn?: string;
  endsOn?: string;
  startsAt?: string;
  endsAt?: string;
  room?: string;
  status?: 'planned' | 'running' | 'completed';
}

/** A course (by title, made once per database) and a batch of it; the batch's id. */
export async function addBatch(client: pg.Client, batch: BatchFacts): Promise<string> {
  const title = batch.course ?? 'RS-CIT (Basic)';
  const found = await client.query<{ id: string }>(`select id::text from courses where title = $1 limit 1`, [title]);
  const courseId =
    found.rows[0]?.id ??
    (
      await client.query<{ id: string }>(
        `insert into courses (title, category, price, duration, description, image) values ($1, 'dl', 4500, '3 months', 'A course.', '/logo.svg') returning id::text`,
        [title],
      )
    ).rows[0]!.id;
  const { rows } = await client.query<{ id: string }>(
    `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, teacher_id, seats, status)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 40, $10) returning id::text`,
    [
      courseId,
      batch.name,
      batch.startsOn ?? dayFromToday(-60),
      batch.endsOn ?? dayFromToday(60),
      batch.days ?? [1, 2, 3, 4, 5, 6, 7],
      batch.startsAt ?? '09:00',
      batch.endsAt ?? '10:00',
      batch.room ?? 'Room 1',
      batch.teacherId,
      batch.status ?? 'running',
    ],
  );
  return rows[0]!.id;
}

/** Puts students on a batch's roster (active, joined `joinedOn`: two months ago unless given). */
export async function enrol(client: pg.Client, batchId: string, studentIds: string[], joinedOn = dayFromToday(-60)): Promise<void> {
  await client.query(`insert into batch_students (batch_id, student_id, joined_on) select $1, unnest($2::bigint[]), $3`, [batchId, studentIds, joinedOn]);
}

/** A batch with `students` on its roster: its id and the students' ids in the order given. */
export async function batchWithStudents(client: pg.Client, batch: BatchFacts, students: StudentFacts[]): Promise<{ batchId: string; studentIds: string[] }> {
  const batchId = await addBatch(client, batch);
  const studentIds: string[] = [];
  for (const student of students) studentIds.push(await addStudent(client, student));
  await enrol(client, batchId, studentIds);
  return { batchId, studentIds };
}
