/**
 * The classes a certificate is issued from, written straight to a test's database: a course, a
 * batch with its teacher, students on its roster and the attendance taken in its classes (the
 * batches and attendance endpoints are tested on their own).
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { staffCookie } from './staff-session';

type Role = 'owner' | 'counsellor' | 'accountant' | 'teacher';
type Mark = 'present' | 'absent' | 'late' | 'leave';

/** A signed-in member of staff: the cookie of their session and their account's id. */
export interface TestStaff {
  id: string;
  cookie: string;
}

/** The fixture helpers on the database of `client()`. */
export function certificateFixtures(client: () => pg.Client) {
  const sql = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) => (await client().query<T>(text, params)).rows;
  let n = 0;

  return {
    /** A member of staff in `role`, signed in. */
    async staff(role: Role, name = `Staff ${(n += 1)}`): Promise<TestStaff> {
      const cookie = await staffCookie(client(), role);
      const hash = createHash('sha256').update(cookie.split('=')[1]!).digest('hex');
      const [row] = await sql<{ id: string }>(
        `update staff set name = $2 where id = (select staff_id from staff_sessions where token_hash = $1) returning id::text`,
        [hash, name],
      );
      return { id: row!.id, cookie };
    },

    /** A batch of a new course ('Tally Prime' unless given), taught by `teacherId`: its id. */
    async batch(
      options: { teacherId?: string | null; status?: 'planned' | 'running' | 'completed'; course?: string; startsOn?: string; endsOn?: string } = {},
    ) {
      const [course] = await sql<{ id: string }>(
        `insert into courses (title, category, price, duration, description, image) values ($1, 'Computer', 4200, '3 months', 'A course.', '/logo.svg') returning id::text`,
        [options.course ?? 'Tally Prime'],
      );
      const [batch] = await sql<{ id: string }>(
        `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, teacher_id, seats, status)
         values ($1, $2, $3, $4, '{1,3,5}', '09:00', '10:00', 'Room 1', $5, 30, $6) returning id::text`,
        [
          course!.id,
          `Batch ${(n += 1)}`,
          options.startsOn ?? '2026-01-05',
          options.endsOn ?? '2026-03-27',
          options.teacherId ?? null,
          options.status ?? 'running',
        ],
      );
      return batch!.id;
    },

    /** A student record: its id. */
    async student(name: string): Promise<string> {
      const [row] = await sql<{ id: string }>(`insert into students (name, email, course) values ($1, $2, 'Tally Prime') returning id::text`, [
        name,
        `student${(n += 1)}@example.in`,
      ]);
      return row!.id;
    },

    /** Puts a student on a batch's roster with `status`. */
    async enrol(batchId: string, studentId: string, status: 'active' | 'completed' | 'left' = 'completed'): Promise<void> {
      await sql('insert into batch_students (batch_id, student_id, status) values ($1, $2, $3)', [batchId, studentId, status]);
    },

    /** Saves one class per mark (on the batch's consecutive days from its start), marking the student with it. */
    async attend(batchId: string, studentId: string, marks: Mark[]): Promise<void> {
      const days = `select b.starts_on + (m.i - 1)::int as day, m.mark from batches b, unnest($2::text[]) with ordinality as m(mark, i) where b.id = $1`;
      await sql(`insert into class_days (batch_id, day) select $1, day from (${days}) d on conflict do nothing`, [batchId, marks]);
      await sql(`insert into attendance (batch_id, student_id, day, mark) select $1, $3, day, mark from (${days}) d`, [batchId, marks, studentId]);
    },

    /** `count` classes of which `present` were attended ('present' first, then 'absent'). */
    marks(count: number, present: number): Mark[] {
      return Array.from({ length: count }, (_, i) => (i < present ? 'present' : 'absent'));
    },
  };
}
