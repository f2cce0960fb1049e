/**
 * Classes written straight to the database for the tests that read them (a student's own page):
 * a course, a teacher, students, batches with their rosters, saved registers and certificates.
 * The staff screens that make these are tested on their own. Plain values only, so that Vitest
 * and Playwright can both import it.
 */

/** Runs one parameterised statement: the rows. */
export type Sql = <T extends Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

let serial = 0;
/** A text no other test run has used (names and e-mail addresses are unique in places). */
export const uniqueTag = () => `${Date.now().toString(36)}${(serial += 1)}`;

/** The India day `offset` days from `day` (YYYY-MM-DD). */
export const dayPlus = (day: string, offset: number) => new Date(Date.parse(`${day}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

/** The ISO weekday (1 = Monday) of a day. */
export const weekdayOf = (day: string) => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** A published course; its id. */
export async function addCourse(sql: Sql, title: string): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into courses (title, category, price, duration, description, image) values ($1, 'Office', 3000, '3 months', 'A course.', '/logo.svg') returning id::text`,
    [title],
  );
  return row!.id;
}

/** A teacher's staff account; its id. */
export async function addTeacher(sql: Sql, name: string): Promise<string> {
  const [row] = await sql<{ id: string }>(`insert into staff (name, email, password_hash, role) values ($1, $2, 'not-used', 'teacher') returning id::text`, [
    name,
    `teacher.${uniqueTag()}@example.in`,
  ]);
  return row!.id;
}

/** A student record; its id. `userId` links it to a website account. */
export async function addStudent(sql: Sql, { name, email, userId = null }: { name: string; email: string; userId?: string | null }): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into students (name, email, phone, course, user_id) values ($1, $2, '+919829000000', 'RS-CIT', $3) returning id::text`,
    [name, email, userId],
  );
  return row!.id;
}

/** What a batch is made of. */
export interface BatchFields {
  courseId: string;
  name: string;
  startsOn: string;
  endsOn: string;
  /** ISO weekdays, 1 = Monday. */
  days: number[];
  startsAt?: string;
  endsAt?: string;
  room?: string;
  teacherId?: string | null;
  status?: 'planned' | 'running' | 'completed';
}

/** A batch; its id. */
export async function addBatch(sql: Sql, b: BatchFields): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, teacher_id, seats, status)
     values ($1, $2, $3, $4, $5::smallint[], $6, $7, $8, $9, 30, $10) returning id::text`,
    [
      b.courseId,
      b.name,
      b.startsOn,
      b.endsOn,
      b.days,
      b.startsAt ?? '09:00',
      b.endsAt ?? '10:00',
      b.room ?? 'Lab 1',
      b.teacherId ?? null,
      b.status ?? 'running',
    ],
  );
  return row!.id;
}

/** Puts a student in a batch's roster. */
export async function addToBatch(sql: Sql, batchId: string, studentId: string, status: 'active' | 'completed' | 'left' = 'active'): Promise<void> {
  await sql(`insert into batch_students (batch_id, student_id, status) values ($1, $2, $3)`, [batchId, studentId, status]);
}

/** A student's mark in a batch's class of `day` (the class's register is saved with it). */
export async function markDay(
  sql: Sql,
  batchId: string,
  day: string,
  studentId: string,
  mark: 'present' | 'absent' | 'late' | 'leave',
  reason: string | null = null,
) {
  await sql(`insert into class_days (batch_id, day) values ($1, $2) on conflict do nothing`, [batchId, day]);
  await sql(`insert into attendance (batch_id, day, student_id, mark, reason) values ($1, $2, $3, $4, $5)`, [batchId, day, studentId, mark, reason]);
}

/** A certificate issued to a student for a batch; its number. */
export async function addCertificate(
  sql: Sql,
  c: { studentId: string; batchId: string; studentName: string; course: string; issuedOn: string; revoked?: boolean },
): Promise<string> {
  const number = `PCI-2026-${uniqueTag().toUpperCase().slice(-6).padStart(6, 'Q')}`;
  await sql(
    `insert into certificates (number, student_id, batch_id, student_name, course, starts_on, ends_on, issued_on, revoked_at, revoked_reason)
     values ($1, $2, $3, $4, $5, '2026-07-01', '2026-10-31', $6, $7, $8)`,
    [number, c.studentId, c.batchId, c.studentName, c.course, c.issuedOn, c.revoked ? new Date() : null, c.revoked ? 'Issued by mistake' : null],
  );
  return number;
}
