/**
 * A test opened to a batch for a window (decision 052): who may open one (a Teacher to the batches
 * they teach, batches.teacher_id; the role with 'attendance-any' to any), which batches a test may
 * be opened to (of the test's course, not completed), and the openings as staff read them. The
 * window bounds when an attempt may start, not how long it lasts: closing one early or moving its
 * end never cuts short an attempt in progress, whose deadline was fixed when it started.
 */
import type { OpenableBatch, OpeningRow } from '../../../src/lib/schemas/practice-tests';
import type { Role } from '../auth/roles';
import { can } from '../auth/roles';
import type { StaffMember } from '../auth/staff';
import type { Queryable } from '../platform/db';
import { HttpError } from '../platform/http';

/** Who is asking: their batches only, unless their role reads every batch. */
export interface Opener {
  staff: StaffMember;
  role: Role;
}

/** The teacher whose batches `who` may open tests to, or null for every batch. */
export const openingScope = (who: Opener): string | null => (can(who.role, 'attendance-any') ? null : who.staff.id);

/** The answer for an opening that is not there. */
export const openingNotFound = () => new HttpError(404, 'This opening was not found. It may have been deleted: please reload the page.');

/** The refusal of another teacher's batch, in words. */
export const notTheirBatch = (batch: string) =>
  new HttpError(403, `The batch “${batch}” is taught by a colleague: only its teacher or the Owner can open tests to it or change its openings.`);

/** The openings of test `testId` (or of every test) that `scope` sees, newest window first. */
export async function openingRows(db: Queryable, testId: string | null, scope: string | null): Promise<OpeningRow[]> {
  const { rows } = await db.query<OpeningRow>(
    `select o.id::text, o.test_id::text as "testId", t.title_en as test, o.batch_id::text as "batchId", b.name as batch,
            o.opens_at as "opensAt", o.closes_at as "closesAt",
            case when o.opens_at > now() then 'upcoming' when o.closes_at > now() then 'open' else 'closed' end as state,
            (select count(*)::int from batch_students r where r.batch_id = o.batch_id and r.status = 'active') as students,
            (select count(distinct a.student_id)::int from practice_attempts a where a.opening_id = o.id) as started,
            o.opened_by_name as "openedBy", o.version, ($3::uuid is null or b.teacher_id = $3::uuid) as mine
       from practice_test_openings o join practice_tests t on t.id = o.test_id join batches b on b.id = o.batch_id
      where ($1::bigint is null or o.test_id = $1) and ($2::uuid is null or b.teacher_id = $2::uuid)
      order by o.closes_at desc, o.id desc limit 500`,
    [testId, scope, scope],
  );
  return rows.map((r) => ({ ...r, opensAt: new Date(r.opensAt).toISOString(), closesAt: new Date(r.closesAt).toISOString() }));
}

/** The batches of course `courseId` that are not completed and that `scope` may open a test to. */
export async function openableBatches(db: Queryable, courseId: string, scope: string | null): Promise<OpenableBatch[]> {
  const { rows } = await db.query<OpenableBatch>(
    `select b.id::text, b.name, b.status, (select count(*)::int from batch_students r where r.batch_id = b.id and r.status = 'active') as students
       from batches b where b.course_id = $1 and b.status <> 'completed' and ($2::uuid is null or b.teacher_id = $2::uuid) order by b.starts_on, b.name`,
    [courseId, scope],
  );
  return rows;
}

/** An opening with what its checks need. */
export interface OpeningFacts {
  id: string;
  testId: string;
  test: string;
  batch: string;
  batchId: string;
  teacherId: string | null;
  opensAt: Date;
  closesAt: Date;
  version: number;
  started: number;
}

/** The opening `id` (locked for the rest of the transaction), or null. */
export async function findOpening(db: Queryable, id: string): Promise<OpeningFacts | null> {
  const { rows } = await db.query<OpeningFacts>(
    `select o.id::text, o.test_id::text as "testId", t.title_en as test, b.name as batch, b.id::text as "batchId", b.teacher_id::text as "teacherId",
            o.opens_at as "opensAt", o.closes_at as "closesAt", o.version,
            (select count(distinct a.student_id)::int from practice_attempts a where a.opening_id = o.id) as started
       from practice_test_openings o join practice_tests t on t.id = o.test_id join batches b on b.id = o.batch_id
      where o.id = $1 for update of o`,
    [id],
  );
  return rows[0] ?? null;
}

/**
 * Refuses a window of test `testId` for batch `batchId` that overlaps another opening of the same
 * test to the same batch (`except` aside): one window at a time, so a double tap opens it once.
 */
export async function refuseOverlap(
  db: Queryable,
  testId: string,
  batchId: string,
  opensAt: string,
  closesAt: string,
  except: string | null,
  format: (iso: string) => string,
) {
  const { rows } = await db.query<{ opens: Date; closes: Date }>(
    `select opens_at as opens, closes_at as closes from practice_test_openings
      where test_id = $1 and batch_id = $2 and ($5::bigint is null or id <> $5) and opens_at < $4::timestamptz and closes_at > $3::timestamptz limit 1`,
    [testId, batchId, opensAt, closesAt, except],
  );
  const other = rows[0];
  if (other) {
    const message = `This test is already open to that batch from ${format(new Date(other.opens).toISOString())} until ${format(new Date(other.closes).toISOString())}: change that window instead.`;
    throw new HttpError(400, message, { errors: { opensAt: message } });
  }
}
