/**
 * Who may call the staff API. Every staff endpoint and method is called as: nobody, a garbage
 * cookie (well-formed and not), an expired session, a revoked session (after signing out), a
 * disabled account, a session still waiting for its second factor, a student's token (in
 * `token`, in `Authorization: Bearer` and as the cookie), a browser asked by another site
 * carrying a valid admin cookie (a foreign `Origin`, or `Sec-Fetch-Site: cross-site`; reads too),
 * and finally a signed-in admin (an Owner). The refused get 401 (the student 401 or 403, the
 * cross-site request 403) with nothing but a message, and after every refused call
 * the rows the call would touch are read again and must be as they were; the admin's call must
 * succeed (and, for a write or an audited view, must change those rows, which shows the read would
 * have seen a change). Then a row per role: a signed-in Counsellor, Accountant and Teacher each
 * make the call afresh, and each either gets the Owner's answer (and changes the rows) where the
 * table says the role may, or 403 "Your role (…) does not allow this." with nothing changed, its
 * own session not even touched. Only the rows of this test are compared, since other test files
 * write the same tables meanwhile.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, login } from './accounts';
import * as fixtures from './practice-attempt-fixtures';
import { insertApplication } from './staff-application-fixtures';
import type { Target } from './global-setup';
import { db, post, targets, uniqueEmail, uniqueName } from './helpers';
import { indiaToday } from '../../src/lib/schemas/real-day';
import { createStaffAccount, passwordStep, sessionCookieOf, signedInAdmin, staffFetch, totp, type TestRole } from './staff';

type Admin = Awaited<ReturnType<typeof signedInAdmin>>;
/** A signed-in member of staff making the calls of a row: the admin (an Owner) or one of a role. */
type Actor = Admin & { role: TestRole };

/** The roles besides the Owner that a call is open to, as the institute decided them (docs/decisions/020-staff-roles.md). */
const EVERY_ROLE: readonly TestRole[] = ['counsellor', 'accountant', 'teacher'];
const COUNSELLOR: readonly TestRole[] = ['counsellor'];
const OWNER_ONLY: readonly TestRole[] = [];
/** The roles each of which gets a row of its own. */
const OTHER_ROLES = ['counsellor', 'accountant', 'teacher'] as const;
const ROLE_WORDS: Record<TestRole, string> = { owner: 'Owner', counsellor: 'Counsellor', accountant: 'Accountant', teacher: 'Teacher' };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One request: a route and a body (made when sent, for a code that must be current). */
interface Call {
  route: string;
  body?: unknown | (() => Promise<unknown>);
  /** Headers of the call itself (a multipart body's Content-Type). */
  headers?: Record<string, string>;
}

/** What the callers of one target share. */
interface Setup {
  target: Target;
  admin: Actor;
  /** Ids of every staff account this test signs in with: their audit lines and sessions are watched. */
  staffIds: string[];
}

interface Prepared {
  call: Call;
  /** The rows the call would change, as they are now. */
  state: () => Promise<unknown>;
  /** The caller's cookie for this case, when it must not be the shared one (signing out everywhere). */
  cookie?: string;
}

interface Case {
  method: Method;
  path: string;
  /** The admin's status. */
  ok: number;
  /** Whether the admin's call changes `state` (a write, or a view that is an audit line). */
  changes: boolean;
  /** Whether a session waiting for its second factor may call it (only the sign-in's own status). */
  acceptsPending?: boolean;
  /** The roles besides the Owner that may make the call. */
  roles: readonly TestRole[];
  /** Makes the call ready for `actor` (the admin, or a member of staff of a role). */
  prepare(setup: Setup, actor: Actor): Promise<Prepared>;
}

/* ------------------------------------------------------------- reads of what may change --- */

const rows = (target: Target, text: string, params: unknown[] = []) => db(target, text, params);

/** The audit lines of this test's staff about one kind of record (and one record). */
const auditLines = (s: Setup, entity: string, entityId?: string) => () =>
  rows(
    s.target,
    `select id, action, entity_id from audit_log where staff_id = any($1::uuid[]) and entity = $2 and ($3::text is null or entity_id = $3) order by id`,
    [s.staffIds, entity, entityId ?? null],
  );

/** Inserts a row with `sql` (returning id) and gives its id. */
async function insert(target: Target, sql: string, params: unknown[]): Promise<string> {
  const [row] = await db<{ id: string }>(target, sql, params);
  return String(row!.id);
}

/** A lead of its own person, inserted for one case (id). */
async function insertAuthzLead(target: Target): Promise<string> {
  const tag = randomBytes(6).toString('hex');
  // A number of its own: a public enquiry with the same one would join this person.
  const phone = `9${String(parseInt(tag, 16) % 1e9).padStart(9, '0')}`;
  return insert(
    target,
    `with p as (insert into people default values returning id)
     insert into leads (reference, kind, form, name, phone, phone_norm, person_id) select $1, 'contact', 'contact-page', 'Authz Lead', $2, $3, p.id from p returning id`,
    [`AUTHZ-${tag}`, `+91${phone}`, phone],
  );
}

const student = (name: string) => ({ name, email: uniqueEmail('authz'), phone: '9829012345', course: 'RS-CIT (Basic)', registrationDate: '2025-07-01' });
const course = (title: string) => ({
  title,
  category: 'Accounting',
  price: 4500,
  duration: '3 months',
  description: 'Vouchers, GST returns and payroll.',
  image: '/images/tally.webp',
});
const job = (company: string) => ({
  role: 'Computer Operator',
  company,
  location: 'Sojat City',
  type: 'Full-Time',
  experience: 'Fresher',
  qualification: '12th pass with RS-CIT',
  salary: '₹12,000 a month',
  candidate: 'Typing at 30 words a minute',
  post: '2',
  applyLink: 'https://example.in/apply',
});

/** A student record of its own with one open due of ₹3,000 (id), for the fees cases. */
async function insertFeeStudent(target: Target): Promise<string> {
  const id = await insert(target, `insert into students (name, email, phone, course) values ($1, $2, '9829012345', 'Tally Prime') returning id`, [
    uniqueName('Authz Fees Student'),
    uniqueEmail('authz-fees'),
  ]);
  await db(
    target,
    `insert into fee_dues (reference, student_id, seq, label, amount_paise, due_on) values ('DZ' || $2, $1, 1, 'Course fee', 300000, $3::date)`,
    [id, randomBytes(6).toString('hex'), indiaDay()],
  );
  return id;
}

/* ------------------------------------------------------------------- the office's classes --- */

/** India's day today, YYYY-MM-DD. */
const indiaDay = (offsetDays = 0) => indiaToday(new Date(Date.now() + offsetDays * 86_400_000));
/** A course of its own (id), for the batches of one case. */
const insertCourse = (target: Target) =>
  insert(
    target,
    `insert into courses (title, category, price, duration, description, image) values ($1, 'Accounting', 4500, '3 months', 'Vouchers.', '/images/tally.webp') returning id`,
    [uniqueName('Authz Course')],
  );
/**
 * A running batch of its own that meets every day (id), taught by `teacherId`: the Teacher's
 * calls are about their own batch, as the attendance and certificate endpoints require.
 */
async function insertBatch(target: Target, teacherId: string | null): Promise<string> {
  return insert(
    target,
    `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, teacher_id, seats, status)
     values ($1, $2, $3, $4, '{1,2,3,4,5,6,7}', '07:00', '08:00', $5, $6, 20, 'running') returning id`,
    [await insertCourse(target), uniqueName('Authz Batch'), indiaDay(-60), indiaDay(60), uniqueName('Room'), teacherId],
  );
}
/** A student record of its own on the roster of `batchId` (id), with `status` there. */
async function insertRosterStudent(target: Target, batchId: string, status = 'active'): Promise<string> {
  const id = await insert(target, `insert into students (name, email, course) values ($1, $2, 'Tally Prime') returning id`, [
    uniqueName('Authz Pupil'),
    uniqueEmail('authzpupil'),
  ]);
  await db(target, 'insert into batch_students (batch_id, student_id, status) values ($1, $2, $3)', [batchId, id, status]);
  return id;
}
/** The teacher a batch of `actor`'s case is given: the actor when a Teacher (their own batch), else none. */
const teacherFor = (actor: Actor) => (actor.role === 'teacher' ? actor.staff.id : null);
/** For a Teacher, puts student `studentId` on the roster of a batch of theirs: a Teacher reads only the students they teach. */
async function taughtBy(target: Target, actor: Actor, studentId: string): Promise<void> {
  if (actor.role !== 'teacher') return;
  await db(target, 'insert into batch_students (batch_id, student_id) values ($1, $2)', [await insertBatch(target, actor.staff.id), studentId]);
}
const batchFields = (courseId: string) => ({
  courseId,
  name: uniqueName('Authz Batch'),
  startsOn: '2027-01-04',
  endsOn: '2027-03-31',
  days: [1, 3, 5],
  startsAt: '09:00',
  endsAt: '10:30',
  room: uniqueName('Room'),
  seats: 20,
  status: 'planned',
});
/** A day of its own for each holiday a case adds or removes (in 2090 onwards: no other row is on it). */
let authzHolidays = 0;
const authzHoliday = () => new Date(Date.UTC(2090, 0, 1 + authzHolidays++)).toISOString().slice(0, 10);
const BOTH: readonly TestRole[] = ['counsellor', 'teacher'];
const TEACHER: readonly TestRole[] = ['teacher'];

const CLASS_CASES: Case[] = [
  {
    method: 'GET',
    path: '/api/admin/batches',
    roles: BOTH,
    ok: 200,
    changes: false,
    prepare: async () => ({ call: { route: '/api/admin/batches' }, state: async () => null }),
  },
  {
    method: 'POST',
    path: '/api/admin/batches',
    roles: COUNSELLOR,
    ok: 201,
    changes: true,
    prepare: async (s) => {
      const body = batchFields(await insertCourse(s.target));
      return { call: { route: '/api/admin/batches', body }, state: () => rows(s.target, 'select id from batches where name = $1', [body.name]) };
    },
  },
  {
    method: 'GET',
    path: '/api/admin/batches/{id}',
    roles: BOTH,
    ok: 200,
    changes: false,
    prepare: async (s) => ({ call: { route: `/api/admin/batches/${await insertBatch(s.target, null)}` }, state: async () => null }),
  },
  {
    method: 'PUT',
    path: '/api/admin/batches/{id}',
    roles: COUNSELLOR,
    ok: 200,
    changes: true,
    prepare: async (s) => {
      const id = await insertBatch(s.target, null);
      const state = () => rows(s.target, 'select name, version from batches where id = $1', [id]);
      const [course] = await rows(s.target, 'select course_id::text as id from batches where id = $1', [id]);
      return { call: { route: `/api/admin/batches/${id}`, body: () => Promise.resolve({ ...batchFields(String(course!['id'])), version: 1 }) }, state };
    },
  },
  {
    method: 'DELETE',
    path: '/api/admin/batches/{id}',
    roles: COUNSELLOR,
    ok: 200,
    changes: true,
    prepare: async (s) => {
      const id = await insertBatch(s.target, null);
      return { call: { route: `/api/admin/batches/${id}?version=1` }, state: () => rows(s.target, 'select id from batches where id = $1', [id]) };
    },
  },
  {
    method: 'GET',
    path: '/api/admin/batches/{id}/students',
    roles: COUNSELLOR,
    ok: 200,
    changes: false,
    prepare: async (s) => ({ call: { route: `/api/admin/batches/${await insertBatch(s.target, null)}/students` }, state: async () => null }),
  },
  {
    method: 'POST',
    path: '/api/admin/batches/{id}/students',
    roles: COUNSELLOR,
    ok: 201,
    changes: true,
    prepare: async (s) => {
      const id = await insertBatch(s.target, null);
      const studentId = await insert(s.target, `insert into students (name, email, course) values ($1, $2, 'Tally Prime') returning id`, [
        uniqueName('Authz Pupil'),
        uniqueEmail('authzpupil'),
      ]);
      return {
        call: { route: `/api/admin/batches/${id}/students`, body: { studentId } },
        state: () => rows(s.target, 'select student_id from batch_students where batch_id = $1', [id]),
      };
    },
  },
  {
    method: 'PUT',
    path: '/api/admin/batches/{id}/students/{studentId}',
    roles: COUNSELLOR,
    ok: 200,
    changes: true,
    prepare: async (s) => {
      const id = await insertBatch(s.target, null);
      const studentId = await insertRosterStudent(s.target, id);
      return {
        call: { route: `/api/admin/batches/${id}/students/${studentId}`, body: { status: 'completed' } },
        state: () => rows(s.target, 'select status from batch_students where batch_id = $1', [id]),
      };
    },
  },
  {
    method: 'DELETE',
    path: '/api/admin/batches/{id}/students/{studentId}',
    roles: COUNSELLOR,
    ok: 200,
    changes: true,
    prepare: async (s) => {
      const id = await insertBatch(s.target, null);
      const studentId = await insertRosterStudent(s.target, id);
      return {
        call: { route: `/api/admin/batches/${id}/students/${studentId}` },
        state: () => rows(s.target, 'select student_id from batch_students where batch_id = $1', [id]),
      };
    },
  },
  {
    method: 'POST',
    path: '/api/admin/batches/{id}/students/{studentId}/move',
    roles: COUNSELLOR,
    ok: 200,
    changes: true,
    prepare: async (s) => {
      const [id, to] = [await insertBatch(s.target, null), await insertBatch(s.target, null)];
      const studentId = await insertRosterStudent(s.target, id);
      return {
        call: { route: `/api/admin/batches/${id}/students/${studentId}/move`, body: { toBatchId: to } },
        state: () => rows(s.target, 'select batch_id, status from batch_students where student_id = $1 order by batch_id', [studentId]),
      };
    },
  },
  {
    method: 'GET',
    path: '/api/admin/timetable',
    roles: BOTH,
    ok: 200,
    changes: false,
    prepare: async () => ({ call: { route: '/api/admin/timetable' }, state: async () => null }),
  },
  {
    method: 'GET',
    path: '/api/admin/classes',
    roles: TEACHER,
    ok: 200,
    changes: false,
    prepare: async () => ({ call: { route: '/api/admin/classes' }, state: async () => null }),
  },
  {
    method: 'GET',
    path: '/api/admin/batches/{id}/attendance/{day}',
    roles: TEACHER,
    ok: 200,
    changes: false,
    prepare: async (s, actor) => ({
      call: { route: `/api/admin/batches/${await insertBatch(s.target, teacherFor(actor))}/attendance/${indiaDay()}` },
      state: async () => null,
    }),
  },
  // Today's register is the batch's teacher's to save (this file's database has no holiday today).
  {
    method: 'PUT',
    path: '/api/admin/batches/{id}/attendance/{day}',
    roles: TEACHER,
    ok: 200,
    changes: true,
    prepare: async (s, actor) => {
      await db(s.target, 'delete from holidays where day = $1', [indiaDay()]);
      const id = await insertBatch(s.target, teacherFor(actor));
      const studentId = await insertRosterStudent(s.target, id);
      return {
        call: { route: `/api/admin/batches/${id}/attendance/${indiaDay()}`, body: { marks: [{ studentId, mark: 'absent' }] } },
        state: () => rows(s.target, 'select student_id, mark from attendance where batch_id = $1', [id]),
      };
    },
  },
  {
    method: 'GET',
    path: '/api/admin/batches/{id}/attendance',
    roles: TEACHER,
    ok: 200,
    changes: false,
    prepare: async (s, actor) => ({
      call: { route: `/api/admin/batches/${await insertBatch(s.target, teacherFor(actor))}/attendance?month=${indiaDay().slice(0, 7)}` },
      state: async () => null,
    }),
  },
  {
    method: 'POST',
    path: '/api/admin/certificates',
    roles: TEACHER,
    ok: 201,
    changes: true,
    prepare: async (s, actor) => {
      const batchId = await insertBatch(s.target, teacherFor(actor));
      const studentId = await insertRosterStudent(s.target, batchId, 'completed');
      return {
        call: { route: '/api/admin/certificates', body: { batchId, studentId, confirmLowAttendance: true } },
        state: () => rows(s.target, 'select number from certificates where student_id = $1', [studentId]),
      };
    },
  },
  // A completed batch's certificates at once: the Owner for any batch, a Teacher for their own.
  {
    method: 'GET',
    path: '/api/admin/batches/{id}/certificates',
    roles: TEACHER,
    ok: 200,
    changes: true,
    prepare: async (s, actor) => {
      const batchId = await insertBatch(s.target, teacherFor(actor));
      await insertRosterStudent(s.target, batchId, 'completed');
      return { call: { route: `/api/admin/batches/${batchId}/certificates` }, state: auditLines(s, 'certificate') };
    },
  },
  {
    method: 'POST',
    path: '/api/admin/batches/{id}/certificates',
    roles: TEACHER,
    ok: 201,
    changes: true,
    prepare: async (s, actor) => {
      const batchId = await insertBatch(s.target, teacherFor(actor));
      await db(s.target, `update batches set status = 'completed' where id = $1`, [batchId]);
      const studentId = await insertRosterStudent(s.target, batchId, 'completed');
      return {
        // No class recorded: issued only with its tick and reason.
        call: { route: `/api/admin/batches/${batchId}/certificates`, body: { anyway: [{ studentId, reason: 'Issued by the authorisation test.' }] } },
        state: () => rows(s.target, 'select number from certificates where batch_id = $1', [batchId]),
      };
    },
  },
];

/* ------------------------------------------------------------------------ the fee plans --- */

const ACCOUNTANT: readonly TestRole[] = ['accountant'];
/** A plan of ₹9,000 in two instalments for a course of its own (id). */
async function insertPlan(target: Target): Promise<string> {
  const id = await insert(target, `insert into fee_plans (course_id, total_paise) values ($1, 900000) returning id`, [await insertCourse(target)]);
  await db(target, `insert into fee_plan_instalments (plan_id, seq, amount_paise, due_months) values ($1, 1, 450000, 0), ($1, 2, 450000, 1)`, [id]);
  return id;
}
/** A student record of its own (id). */
const insertPayer = (target: Target) =>
  insert(target, `insert into students (name, email, course) values ($1, $2, 'Tally Prime') returning id`, [
    uniqueName('Authz Payer'),
    uniqueEmail('authzpayer'),
  ]);
/** A due of ₹3,000 of a student of its own (id). */
const insertDue = async (target: Target) =>
  insert(
    target,
    `insert into fee_dues (reference, student_id, seq, label, amount_paise, due_on)
     values ('D' || lpad(nextval('fee_due_reference_seq')::text, 6, '0'), $1, 1, 'Course fee', 300000, $2) returning id`,
    [await insertPayer(target), indiaDay(10)],
  );
const planBody = (courseId: string) => ({ courseId, total: '6,000', instalments: [{ amount: '6000', dueMonths: 0 }] });

const FEE_PLAN_CASES: Case[] = [
  {
    method: 'GET',
    path: '/api/admin/fee-plans',
    roles: EVERY_ROLE,
    ok: 200,
    changes: false,
    prepare: async () => ({ call: { route: '/api/admin/fee-plans' }, state: async () => null }),
  },
  {
    method: 'POST',
    path: '/api/admin/fee-plans',
    roles: ACCOUNTANT,
    ok: 201,
    changes: true,
    prepare: async (s) => {
      const courseId = await insertCourse(s.target);
      return {
        call: { route: '/api/admin/fee-plans', body: planBody(courseId) },
        state: () => rows(s.target, 'select id from fee_plans where course_id = $1', [courseId]),
      };
    },
  },
  {
    method: 'GET',
    path: '/api/admin/fee-plans/{id}',
    roles: EVERY_ROLE,
    ok: 200,
    changes: false,
    prepare: async (s) => ({ call: { route: `/api/admin/fee-plans/${await insertPlan(s.target)}` }, state: async () => null }),
  },
  {
    method: 'PUT',
    path: '/api/admin/fee-plans/{id}',
    roles: ACCOUNTANT,
    ok: 200,
    changes: true,
    prepare: async (s) => {
      const id = await insertPlan(s.target);
      const [plan] = await rows(s.target, 'select course_id::text as id from fee_plans where id = $1', [id]);
      return {
        call: { route: `/api/admin/fee-plans/${id}`, body: { ...planBody(String(plan!['id'])), version: 1 } },
        state: () => rows(s.target, 'select total_paise::text, version from fee_plans where id = $1', [id]),
      };
    },
  },
  {
    method: 'DELETE',
    path: '/api/admin/fee-plans/{id}',
    roles: ACCOUNTANT,
    ok: 200,
    changes: true,
    prepare: async (s) => {
      const id = await insertPlan(s.target);
      return { call: { route: `/api/admin/fee-plans/${id}?version=1` }, state: () => rows(s.target, 'select id from fee_plans where id = $1', [id]) };
    },
  },
  // A plan saved after students joined gives them their dues once staff have read how many.
  {
    method: 'GET',
    path: '/api/admin/fee-plans/{id}/apply',
    roles: ACCOUNTANT,
    ok: 200,
    changes: false,
    prepare: async (s) => ({ call: { route: `/api/admin/fee-plans/${await insertPlan(s.target)}/apply` }, state: async () => null }),
  },
  {
    method: 'POST',
    path: '/api/admin/fee-plans/{id}/apply',
    roles: ACCOUNTANT,
    ok: 200,
    changes: true,
    prepare: async (s) => {
      const id = await insertPlan(s.target);
      const [plan] = await rows(s.target, 'select course_id::text as id from fee_plans where id = $1', [id]);
      const batch = await insert(
        s.target,
        `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, seats, status)
         values ($1, $2, $3, $4, '{1,3,5}', '07:00', '08:00', $5, 20, 'running') returning id`,
        [plan!['id'], uniqueName('Authz Batch'), indiaDay(-30), indiaDay(60), uniqueName('Room')],
      );
      await db(s.target, 'insert into batch_students (batch_id, student_id) values ($1, $2)', [batch, await insertPayer(s.target)]);
      return {
        call: { route: `/api/admin/fee-plans/${id}/apply`, body: { version: 1 } },
        state: () => rows(s.target, 'select count(*)::int as n from fee_dues where plan_id = $1', [id]),
      };
    },
  },
  {
    method: 'GET',
    path: '/api/admin/fees/dues/{id}',
    roles: EVERY_ROLE,
    ok: 200,
    // Every view of a student's fees is an audit line.
    changes: true,
    prepare: async (s, actor) => {
      const id = await insertDue(s.target);
      const [due] = await rows(s.target, 'select student_id::text as id from fee_dues where id = $1', [id]);
      await taughtBy(s.target, actor, String(due!['id']));
      return { call: { route: `/api/admin/fees/dues/${id}` }, state: auditLines(s, 'fee-due', id) };
    },
  },
  {
    method: 'PATCH',
    path: '/api/admin/fees/dues/{id}',
    roles: ACCOUNTANT,
    ok: 200,
    changes: true,
    prepare: async (s) => {
      const id = await insertDue(s.target);
      return {
        call: { route: `/api/admin/fees/dues/${id}`, body: { version: 1, discount: '500', discountReason: 'Merit scholarship', reason: 'Topped the test' } },
        state: () => rows(s.target, 'select discount_paise::text, version from fee_dues where id = $1', [id]),
      };
    },
  },
  {
    method: 'POST',
    path: '/api/admin/fees/students/{id}/dues',
    roles: ACCOUNTANT,
    ok: 201,
    changes: true,
    prepare: async (s) => {
      const id = await insertPayer(s.target);
      return {
        call: { route: `/api/admin/fees/students/${id}/dues`, body: { label: 'Exam fee', amount: '500', dueOn: indiaDay(30), reason: 'RS-CIT exam' } },
        state: () => rows(s.target, 'select id from fee_dues where student_id = $1', [id]),
      };
    },
  },
];

/* ------------------------------------------------------------------------- the table --- */

/** A file of one new student of a course of their own, as the import takes it. */
const importFile = async (target: Target) => {
  const [course] = await rows(target, 'select title from courses where id = $1', [await insertCourse(target)]);
  const mobile = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const row = { row: 2, name: 'Authz Import', mobile, email: uniqueEmail('authzimport'), course: course!['title'] as string };
  return { fileName: `${uniqueName('authz')}.xlsx`, rows: [row] };
};
const STUDENT_IMPORT_CASES: Case[] = [
  {
    method: 'GET',
    path: '/api/admin/student-import/template',
    roles: COUNSELLOR,
    ok: 200,
    changes: false,
    prepare: async () => ({ call: { route: '/api/admin/student-import/template?format=csv' }, state: async () => null }),
  },
  {
    method: 'POST',
    path: '/api/admin/student-import/preview',
    roles: COUNSELLOR,
    ok: 200,
    changes: true,
    prepare: async (s) => ({ call: { route: '/api/admin/student-import/preview', body: await importFile(s.target) }, state: auditLines(s, 'student-import') }),
  },
  {
    method: 'POST',
    path: '/api/admin/student-import',
    roles: COUNSELLOR,
    ok: 201,
    changes: true,
    prepare: async (s) => {
      const body = await importFile(s.target);
      return {
        call: { route: '/api/admin/student-import', body },
        state: () => rows(s.target, 'select id from students where phone = $1', [`+91${body.rows[0]!.mobile}`]),
      };
    },
  },
];

/** A practice test of a course of its own, with no question (id): the statistics of a test nobody has taken. */
const insertPracticeTest = async (target: Target) =>
  insert(
    target,
    `insert into practice_tests (course_id, title_en, title_hi, kind, duration_minutes, marks_per_question, pass_marks)
     values ($1, $2, 'अभ्यास परीक्षा', 'fixed', 15, 100, 500) returning id`,
    [await insertCourse(target), uniqueName('Authz Mock')],
  );

/** Practice-test results: an Owner for any batch, a Teacher for their own (a view of students' marks is an audit line). */
const PRACTICE_RESULTS_CASES: Case[] = [
  {
    method: 'GET',
    path: '/api/admin/practice/results',
    roles: TEACHER,
    ok: 200,
    changes: false,
    prepare: async () => ({ call: { route: '/api/admin/practice/results' }, state: async () => null }),
  },
  ...(['/api/admin/practice/results', '/api/admin/practice/results/export', '/api/admin/practice/best-scores'] as const).map((route): Case => ({
    method: 'GET',
    path: `${route}?batch={id}`,
    roles: TEACHER,
    ok: 200,
    changes: true,
    prepare: async (s, actor) => {
      const batchId = await insertBatch(s.target, teacherFor(actor));
      await insertRosterStudent(s.target, batchId);
      return { call: { route: `${route}?batch=${batchId}` }, state: auditLines(s, 'practice-results', batchId) };
    },
  })),
  {
    method: 'GET',
    path: '/api/admin/practice/tests/{id}/question-stats',
    roles: TEACHER,
    ok: 200,
    changes: false,
    prepare: async (s) => ({ call: { route: `/api/admin/practice/tests/${await insertPracticeTest(s.target)}/question-stats` }, state: async () => null }),
  },
];

/* ------------------------------------------------------------------------ practice tests --- */

/** A course of its own with a chapter of 12 easy questions (ids). */
async function insertPracticeBank(target: Target): Promise<{ courseId: string; chapterId: string }> {
  const courseId = await insertCourse(target);
  const chapterId = await insert(target, `insert into course_chapters (course_id, title_en, title_hi) values ($1, $2, 'अध्याय') returning id`, [
    courseId,
    uniqueName('Authz Chapter'),
  ]);
  const questions = await db<{ id: string }>(
    target,
    `insert into questions (course_id, chapter_id, difficulty) select $1, $2, 'easy' from generate_series(1, 12) returning id::text`,
    [courseId, chapterId],
  );
  await db(
    target,
    `insert into question_versions (question_id, version, text_en, text_hi, options, correct)
     select id, 1, 'Which key saves?', 'कौन सी कुंजी सहेजती है?', '[{"en":"Ctrl+S","hi":"Ctrl+S"},{"en":"Ctrl+P","hi":"Ctrl+P"}]', '{0}' from unnest($1::bigint[]) id`,
    [questions.map((q) => q.id)],
  );
  return { courseId, chapterId };
}
/** A drawn test of its own (10 of the chapter's questions) in a bank of its own. */
async function insertDrawnPracticeTest(target: Target): Promise<{ testId: string; courseId: string; chapterId: string }> {
  const bank = await insertPracticeBank(target);
  const testId = await insert(
    target,
    `insert into practice_tests (course_id, title_en, title_hi, kind, duration_minutes, marks_per_question, pass_marks) values ($1, $2, 'अभ्यास', 'drawn', 20, 100, 400) returning id`,
    [bank.courseId, uniqueName('Authz Test')],
  );
  await db(target, `insert into practice_test_draws (test_id, chapter_id, count) values ($1, $2, 10)`, [testId, bank.chapterId]);
  return { testId, ...bank };
}
/** A test opened (open now) to a batch of its course taught by `actor` when a Teacher. */
async function insertPracticeOpening(target: Target, actor: Actor): Promise<string> {
  const { testId, courseId } = await insertDrawnPracticeTest(target);
  const batchId = await insert(
    target,
    `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, teacher_id, seats, status)
     values ($1, $2, $3, $4, '{1,2,3,4,5,6,7}', '07:00', '08:00', $5, $6, 20, 'running') returning id`,
    [courseId, uniqueName('Authz PT Batch'), indiaDay(-60), indiaDay(60), uniqueName('Room'), teacherFor(actor)],
  );
  return insert(
    target,
    `insert into practice_test_openings (test_id, batch_id, opens_at, closes_at, opened_by_name) values ($1, $2, now() - interval '1 hour', now() + interval '1 day', 'Authz') returning id`,
    [testId, batchId],
  );
}
/** India's date and time `hours` from now, as staff type it (2026-12-01T10:00). */
const indiaMomentIn = (hours: number) => new Date(Date.now() + hours * 3_600_000 + 330 * 60_000).toISOString().slice(0, 16);
const practiceTestBody = (courseId: string, chapterId: string) => ({
  courseId,
  title: { en: uniqueName('Authz Mock'), hi: 'अभ्यास परीक्षा' },
  kind: 'drawn',
  draws: [{ chapterId, difficulty: null, count: 10 }],
  durationMinutes: 20,
  marksPerQuestion: 100,
  passMarks: 400,
});

// Practice tests (decision 052): the Owner and a Teacher; a Teacher's openings are of their own batches.
const PRACTICE_TEST_CASES: Case[] = [
  {
    method: 'GET',
    path: '/api/admin/practice/overview',
    roles: TEACHER,
    ok: 200,
    changes: false,
    prepare: async () => ({ call: { route: '/api/admin/practice/overview' }, state: async () => null }),
  },
  {
    method: 'GET',
    path: '/api/admin/practice/tests',
    roles: TEACHER,
    ok: 200,
    changes: false,
    prepare: async () => ({ call: { route: '/api/admin/practice/tests' }, state: async () => null }),
  },
  {
    method: 'POST',
    path: '/api/admin/practice/tests',
    roles: TEACHER,
    ok: 201,
    changes: true,
    prepare: async (s) => {
      const { courseId, chapterId } = await insertPracticeBank(s.target);
      const body = practiceTestBody(courseId, chapterId);
      return {
        call: { route: '/api/admin/practice/tests', body },
        state: () => rows(s.target, 'select id from practice_tests where title_en = $1', [body.title.en]),
      };
    },
  },
  {
    method: 'GET',
    path: '/api/admin/practice/tests/{id}',
    roles: TEACHER,
    ok: 200,
    changes: false,
    prepare: async (s) => ({ call: { route: `/api/admin/practice/tests/${(await insertDrawnPracticeTest(s.target)).testId}` }, state: async () => null }),
  },
  {
    method: 'PATCH',
    path: '/api/admin/practice/tests/{id}',
    roles: TEACHER,
    ok: 200,
    changes: true,
    prepare: async (s) => {
      const { testId, courseId, chapterId } = await insertDrawnPracticeTest(s.target);
      return {
        call: { route: `/api/admin/practice/tests/${testId}`, body: { ...practiceTestBody(courseId, chapterId), version: 1 } },
        state: () => rows(s.target, 'select version, title_en from practice_tests where id = $1', [testId]),
      };
    },
  },
  {
    method: 'DELETE',
    path: '/api/admin/practice/tests/{id}',
    roles: TEACHER,
    ok: 200,
    changes: true,
    prepare: async (s) => {
      const { testId } = await insertDrawnPracticeTest(s.target);
      return {
        call: { route: `/api/admin/practice/tests/${testId}?version=1` },
        state: () => rows(s.target, 'select archived_at from practice_tests where id = $1', [testId]),
      };
    },
  },
  {
    method: 'GET',
    path: '/api/admin/practice/test-bank',
    roles: TEACHER,
    ok: 200,
    changes: false,
    prepare: async (s) => ({
      call: { route: `/api/admin/practice/test-bank?course=${(await insertPracticeBank(s.target)).courseId}` },
      state: async () => null,
    }),
  },
  {
    method: 'GET',
    path: '/api/admin/practice/openings',
    roles: TEACHER,
    ok: 200,
    changes: false,
    prepare: async (s) => ({
      call: { route: `/api/admin/practice/openings?test=${(await insertDrawnPracticeTest(s.target)).testId}` },
      state: async () => null,
    }),
  },
  {
    method: 'POST',
    path: '/api/admin/practice/openings',
    roles: TEACHER,
    ok: 201,
    changes: true,
    prepare: async (s, actor) => {
      const { testId, courseId } = await insertDrawnPracticeTest(s.target);
      const batchId = await insert(
        s.target,
        `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, teacher_id, seats, status)
         values ($1, $2, $3, $4, '{1,2,3,4,5,6,7}', '07:00', '08:00', $5, $6, 20, 'running') returning id`,
        [courseId, uniqueName('Authz PT Batch'), indiaDay(-60), indiaDay(60), uniqueName('Room'), teacherFor(actor)],
      );
      return {
        call: { route: '/api/admin/practice/openings', body: { testId, batchId, opensAt: indiaMomentIn(1), closesAt: indiaMomentIn(30) } },
        state: () => rows(s.target, 'select id from practice_test_openings where test_id = $1', [testId]),
      };
    },
  },
  {
    method: 'PATCH',
    path: '/api/admin/practice/openings/{id}',
    roles: TEACHER,
    ok: 200,
    changes: true,
    prepare: async (s, actor) => {
      const id = await insertPracticeOpening(s.target, actor);
      return {
        call: { route: `/api/admin/practice/openings/${id}`, body: { close: true, version: 1 } },
        state: () => rows(s.target, 'select closes_at, version from practice_test_openings where id = $1', [id]),
      };
    },
  },
  {
    method: 'DELETE',
    path: '/api/admin/practice/openings/{id}',
    roles: TEACHER,
    ok: 200,
    changes: true,
    prepare: async (s, actor) => {
      const id = await insertPracticeOpening(s.target, actor);
      return {
        call: { route: `/api/admin/practice/openings/${id}?version=1` },
        state: () => rows(s.target, 'select id from practice_test_openings where id = $1', [id]),
      };
    },
  },
];

/* ------------------------------------------------------ the question bank and chapters --- */

/** A chapter of a course of its own (ids). */
async function insertChapter(target: Target): Promise<{ courseId: string; chapterId: string }> {
  const courseId = await insertCourse(target);
  const chapterId = await insert(target, `insert into course_chapters (course_id, title_en, title_hi) values ($1, $2, 'अध्याय') returning id`, [
    courseId,
    uniqueName('Authz Chapter'),
  ]);
  return { courseId, chapterId };
}
/** A question's fields in a chapter of its own. */
const questionFields = (ids: { courseId: string; chapterId: string }) => ({
  ...ids,
  difficulty: 'easy',
  textEn: uniqueName('What is a mouse?'),
  textHi: 'माउस क्या है?',
  options: [
    { en: 'A pointing device', hi: 'एक पॉइंटिंग डिवाइस' },
    { en: 'A printer', hi: 'एक प्रिंटर' },
  ],
  correct: [0],
});
/** A question (version 1) in a chapter of its own (ids). */
async function insertQuestion(target: Target) {
  const ids = await insertChapter(target);
  const questionId = await insert(target, `insert into questions (course_id, chapter_id, difficulty) values ($1, $2, 'easy') returning id`, [
    ids.courseId,
    ids.chapterId,
  ]);
  await db(
    target,
    `insert into question_versions (question_id, version, text_en, text_hi, options, correct) values ($1, 1, $2, 'प्रश्न', '[{"en":"A","hi":"क"},{"en":"B","hi":"ख"}]', '{0}')`,
    [questionId, uniqueName('Authz question')],
  );
  return { ...ids, questionId };
}
/** A multipart body whose `picture` is a text file (the function refuses it by its bytes: 422). */
const NOT_A_PICTURE = [
  '--authzboundary',
  'Content-Disposition: form-data; name="picture"; filename="picture.png"',
  'Content-Type: image/png',
  '',
  'not a picture',
  '--authzboundary--',
  '',
].join('\r\n');
/** The question bank's endpoints: Owner and Teacher ('practice-tests'). */
const PRACTICE_QUESTION_CASES: Case[] = [
  {
    method: 'GET',
    path: '/api/admin/practice/chapters',
    roles: TEACHER,
    ok: 200,
    changes: false,
    prepare: async (s) => ({ call: { route: `/api/admin/practice/chapters?course=${(await insertChapter(s.target)).courseId}` }, state: async () => null }),
  },
  {
    method: 'POST',
    path: '/api/admin/practice/chapters',
    roles: TEACHER,
    ok: 201,
    changes: true,
    prepare: async (s) => {
      const courseId = await insertCourse(s.target);
      return {
        call: { route: '/api/admin/practice/chapters', body: { courseId, titleEn: uniqueName('Authz Chapter'), titleHi: 'नया अध्याय' } },
        state: () => rows(s.target, 'select id from course_chapters where course_id = $1', [courseId]),
      };
    },
  },
  {
    method: 'PATCH',
    path: '/api/admin/practice/chapters/{id}',
    roles: TEACHER,
    ok: 200,
    changes: true,
    prepare: async (s) => {
      const { chapterId } = await insertChapter(s.target);
      return {
        call: { route: `/api/admin/practice/chapters/${chapterId}`, body: { titleEn: uniqueName('Authz Renamed'), titleHi: 'नया नाम', version: 1 } },
        state: () => rows(s.target, 'select title_en, version from course_chapters where id = $1', [chapterId]),
      };
    },
  },
  {
    method: 'DELETE',
    path: '/api/admin/practice/chapters/{id}',
    roles: TEACHER,
    ok: 200,
    changes: true,
    prepare: async (s) => {
      const { chapterId } = await insertChapter(s.target);
      return {
        call: { route: `/api/admin/practice/chapters/${chapterId}?version=1` },
        state: () => rows(s.target, 'select id from course_chapters where id = $1', [chapterId]),
      };
    },
  },
  {
    method: 'GET',
    path: '/api/admin/practice/questions',
    roles: TEACHER,
    ok: 200,
    changes: false,
    prepare: async () => ({ call: { route: '/api/admin/practice/questions?q=mouse' }, state: async () => null }),
  },
  {
    method: 'POST',
    path: '/api/admin/practice/questions',
    roles: TEACHER,
    ok: 201,
    changes: true,
    prepare: async (s) => {
      const ids = await insertChapter(s.target);
      return {
        call: { route: '/api/admin/practice/questions', body: questionFields(ids) },
        state: () => rows(s.target, 'select id from questions where chapter_id = $1', [ids.chapterId]),
      };
    },
  },
  {
    method: 'GET',
    path: '/api/admin/practice/questions/{id}',
    roles: TEACHER,
    ok: 200,
    changes: false,
    prepare: async (s) => ({ call: { route: `/api/admin/practice/questions/${(await insertQuestion(s.target)).questionId}` }, state: async () => null }),
  },
  {
    method: 'PATCH',
    path: '/api/admin/practice/questions/{id}',
    roles: TEACHER,
    ok: 200,
    changes: true,
    prepare: async (s) => {
      const { questionId, ...ids } = await insertQuestion(s.target);
      return {
        call: { route: `/api/admin/practice/questions/${questionId}`, body: { ...questionFields(ids), version: 1 } },
        state: () => rows(s.target, 'select version, text_en from question_versions where question_id = $1 order by version', [questionId]),
      };
    },
  },
  {
    method: 'DELETE',
    path: '/api/admin/practice/questions/{id}',
    roles: TEACHER,
    ok: 200,
    changes: true,
    prepare: async (s) => {
      const { questionId } = await insertQuestion(s.target);
      return {
        call: { route: `/api/admin/practice/questions/${questionId}?version=1` },
        state: () => rows(s.target, 'select id from questions where id = $1', [questionId]),
      };
    },
  },
  {
    method: 'POST',
    path: '/api/admin/practice/question-pictures',
    roles: TEACHER,
    // A text file posted as a picture: past the role check, the bytes refuse it.
    ok: 422,
    changes: false,
    prepare: async () => ({
      call: { route: '/api/admin/practice/question-pictures', body: NOT_A_PICTURE, headers: { 'content-type': 'multipart/form-data; boundary=authzboundary' } },
      state: async () => null,
    }),
  },
  {
    method: 'GET',
    path: '/api/admin/practice/question-import/template',
    roles: TEACHER,
    ok: 200,
    changes: false,
    prepare: async () => ({ call: { route: '/api/admin/practice/question-import/template?format=csv' }, state: async () => null }),
  },
  {
    method: 'POST',
    path: '/api/admin/practice/question-import/preview',
    roles: TEACHER,
    ok: 200,
    changes: false,
    prepare: async (s) => ({ call: { route: '/api/admin/practice/question-import/preview', body: await questionFile(s.target) }, state: async () => null }),
  },
  {
    method: 'POST',
    path: '/api/admin/practice/question-import',
    roles: TEACHER,
    ok: 201,
    changes: true,
    prepare: async (s) => {
      const body = await questionFile(s.target);
      return {
        call: { route: '/api/admin/practice/question-import', body },
        state: () => rows(s.target, 'select id from questions where chapter_id = $1', [body.chapterId]),
      };
    },
  },
];
/** A file of one question for a chapter of its own, as the import takes it (and the chapter's id). */
async function questionFile(target: Target) {
  const { courseId, chapterId } = await insertChapter(target);
  const [names] = await rows(target, 'select c.title, ch.title_en from courses c join course_chapters ch on ch.course_id = c.id where ch.id = $1', [chapterId]);
  const row = {
    row: 2,
    course: names!['title'] as string,
    chapter: names!['title_en'] as string,
    textEn: uniqueName('What is a byte?'),
    textHi: 'बाइट क्या है?',
    option1En: '8 bits',
    option1Hi: '8 बिट',
    option2En: '4 bits',
    option2Hi: '4 बिट',
    correct: '1',
  };
  return { fileName: `${uniqueName('authz')}.xlsx`, rows: [row], courseId, chapterId };
}

/** A request about a person's data, made by the form, waiting for an answer (id and reference). */
async function insertRightsRequest(target: Target): Promise<{ id: string; reference: string }> {
  const reference = `DR-AUTHZ-${randomBytes(4).toString('hex')}`;
  const id = await insert(
    target,
    `insert into rights_requests (reference, kind, name, phone, details, answer_by) values ($1, 'copy', 'Authz Asker', '9829012345', 'A copy please.', current_date + 30) returning id`,
    [reference],
  );
  return { id, reference };
}

/** People's requests about their data: the Owner alone ('privacy', the Grievance Officer). */
const RIGHTS_CASES: Case[] = [
  {
    method: 'GET',
    path: '/api/admin/rights-requests',
    roles: OWNER_ONLY,
    ok: 200,
    changes: true,
    prepare: async (s) => ({ call: { route: '/api/admin/rights-requests' }, state: auditLines(s, 'rights-request') }),
  },
  {
    method: 'GET',
    path: '/api/admin/rights-request',
    roles: OWNER_ONLY,
    ok: 200,
    changes: true,
    prepare: async (s) => {
      const { id } = await insertRightsRequest(s.target);
      return { call: { route: `/api/admin/rights-request?id=${id}` }, state: auditLines(s, 'rights-request', id) };
    },
  },
  {
    method: 'POST',
    path: '/api/admin/rights-request',
    roles: OWNER_ONLY,
    ok: 200,
    changes: true,
    prepare: async (s) => {
      const { id } = await insertRightsRequest(s.target);
      return {
        call: { route: '/api/admin/rights-request', body: { id, action: 'done', note: 'Copy handed over at the office.' } },
        state: () => rows(s.target, 'select status, answer, answered_by from rights_requests where id = $1', [id]),
      };
    },
  },
  {
    method: 'GET',
    path: '/api/admin/person-data',
    roles: OWNER_ONLY,
    ok: 200,
    changes: true,
    prepare: async (s) => {
      const { id, reference } = await insertRightsRequest(s.target);
      return {
        call: { route: `/api/admin/person-data?request=${id}` },
        state: () =>
          rows(s.target, `select id from audit_log where staff_id = any($1::uuid[]) and entity = 'person' and detail->>'request' = $2`, [
            s.staffIds,
            reference,
          ]),
      };
    },
  },
];

const CASES: Case[] = [
  {
    method: 'GET',
    path: '/api/admin/me',
    roles: EVERY_ROLE,
    ok: 200,
    changes: false,
    acceptsPending: true,
    prepare: async () => ({ call: { route: '/api/admin/me' }, state: async () => null }),
  },
  {
    method: 'POST',
    path: '/api/admin/logout-all',
    roles: EVERY_ROLE,
    ok: 200,
    changes: true,
    prepare: async (s, actor) => {
      // Its own account (of the actor's role): the shared one must stay signed in.
      const own = await signedInAdmin(s.target, 'logoutall', actor.role);
      s.staffIds.push(own.staff.id);
      return {
        call: { route: '/api/admin/logout-all', body: {} },
        cookie: own.cookie,
        state: () => rows(s.target, 'select id, revoked_at from staff_sessions where staff_id = $1 order by id', [own.staff.id]),
      };
    },
  },
  {
    method: 'POST',
    path: '/api/admin/logout',
    roles: EVERY_ROLE,
    ok: 200,
    changes: true,
    acceptsPending: true,
    prepare: async (s, actor) => {
      // Its own account (of the actor's role): the shared one must stay signed in.
      const own = await signedInAdmin(s.target, 'logout', actor.role);
      s.staffIds.push(own.staff.id);
      return {
        call: { route: '/api/admin/logout', body: {} },
        cookie: own.cookie,
        state: () => rows(s.target, 'select id, revoked_at from staff_sessions where staff_id = $1 order by id', [own.staff.id]),
      };
    },
  },
  {
    method: 'GET',
    path: '/api/admin/dashboard',
    roles: EVERY_ROLE,
    ok: 200,
    changes: false,
    prepare: async () => ({ call: { route: '/api/admin/dashboard' }, state: async () => null }),
  },
  {
    method: 'GET',
    path: '/api/students',
    roles: COUNSELLOR,
    ok: 200,
    changes: true,
    prepare: async (s) => ({ call: { route: '/api/students?limit=5' }, state: auditLines(s, 'student') }),
  },
  {
    method: 'POST',
    path: '/api/students',
    roles: COUNSELLOR,
    ok: 201,
    changes: true,
    prepare: async (s) => {
      const body = student(uniqueName('Authz Student'));
      return { call: { route: '/api/students', body }, state: () => rows(s.target, 'select * from students where name = $1', [body.name]) };
    },
  },
  {
    method: 'GET',
    path: '/api/students/{id}',
    roles: COUNSELLOR,
    ok: 200,
    changes: true,
    prepare: async (s) => {
      const id = await insert(s.target, `insert into students (name, email, course) values ($1, $2, 'Tally') returning id`, [
        uniqueName('Authz Read'),
        uniqueEmail('authz'),
      ]);
      return { call: { route: `/api/students/${id}` }, state: auditLines(s, 'student', id) };
    },
  },
  {
    method: 'PUT',
    path: '/api/students/{id}',
    roles: COUNSELLOR,
    ok: 200,
    changes: true,
    prepare: async (s) => {
      const id = await insert(s.target, `insert into students (name, email, course) values ($1, $2, 'Tally') returning id`, [
        uniqueName('Authz Edit'),
        uniqueEmail('authz'),
      ]);
      return {
        call: { route: `/api/students/${id}`, body: { ...student(uniqueName('Authz Edited')), version: 1 } },
        state: () => rows(s.target, 'select * from students where id = $1', [id]),
      };
    },
  },
  {
    method: 'DELETE',
    path: '/api/students/{id}',
    roles: COUNSELLOR,
    ok: 200,
    changes: true,
    prepare: async (s) => {
      const id = await insert(s.target, `insert into students (name, email, course) values ($1, $2, 'Tally') returning id`, [
        uniqueName('Authz Delete'),
        uniqueEmail('authz'),
      ]);
      return { call: { route: `/api/students/${id}?version=1` }, state: () => rows(s.target, 'select * from students where id = $1', [id]) };
    },
  },
  {
    method: 'GET',
    path: '/api/user/all',
    roles: COUNSELLOR,
    ok: 200,
    changes: true,
    prepare: async (s) => ({ call: { route: '/api/user/all?limit=5' }, state: auditLines(s, 'user') }),
  },
  {
    method: 'GET',
    path: '/api/admin/staff',
    roles: COUNSELLOR,
    ok: 200,
    changes: true,
    prepare: async (s) => ({ call: { route: '/api/admin/staff' }, state: auditLines(s, 'staff') }),
  },
  {
    method: 'POST',
    path: '/api/admin/staff',
    roles: OWNER_ONLY,
    ok: 201,
    changes: true,
    prepare: async (s) => {
      const email = uniqueEmail('authz-invite');
      return {
        call: { route: '/api/admin/staff', body: { name: 'Invited Colleague', email } },
        state: () =>
          rows(s.target, 'select t.id, t.name, i.token_hash from staff t left join staff_invitations i on i.staff_id = t.id where t.email = $1', [email]),
      };
    },
  },
  {
    method: 'PUT',
    path: '/api/admin/staff/{id}',
    roles: OWNER_ONLY,
    ok: 200,
    changes: true,
    prepare: async (s) => {
      const colleague = await createStaffAccount(s.target, 'authztarget');
      return {
        call: { route: `/api/admin/staff/${colleague.id}`, body: { action: 'disable' } },
        state: () => rows(s.target, 'select disabled_at, disabled_by, totp_secret from staff where id = $1', [colleague.id]),
      };
    },
  },
  {
    method: 'GET',
    path: '/api/admin/audit',
    roles: OWNER_ONLY,
    ok: 200,
    changes: true,
    prepare: async (s) => ({ call: { route: '/api/admin/audit?limit=5' }, state: auditLines(s, 'audit') }),
  },
  {
    method: 'POST',
    path: '/api/admin/recovery-codes',
    roles: EVERY_ROLE,
    ok: 200,
    changes: true,
    prepare: async (s, actor) => ({
      // A code of the next step, made when sent: the refused calls never reach it.
      call: { route: '/api/admin/recovery-codes', body: async () => ({ code: await totp(actor.secret, 1) }) },
      state: () =>
        rows(
          s.target,
          "select t.totp_last_step, array(select code_hash || coalesce(used_at::text, '') from staff_recovery_codes where staff_id = t.id order by code_hash) as codes from staff t where t.id = $1",
          [actor.staff.id],
        ),
    }),
  },

  {
    method: 'GET',
    path: '/api/admin/recovery-codes',
    roles: EVERY_ROLE,
    ok: 200,
    changes: false,
    prepare: async () => ({ call: { route: '/api/admin/recovery-codes' }, state: async () => null }),
  },

  // The leads inbox: the list and its export are views of personal data (an audit line each).
  {
    method: 'GET',
    path: '/api/admin/leads',
    roles: COUNSELLOR,
    ok: 200,
    changes: true,
    prepare: async (s) => ({ call: { route: '/api/admin/leads?limit=5' }, state: auditLines(s, 'lead') }),
  },
  {
    method: 'GET',
    path: '/api/admin/leads/export.csv',
    roles: OWNER_ONLY,
    ok: 200,
    changes: true,
    prepare: async (s) => ({ call: { route: `/api/admin/leads/export.csv?source=authz-${randomBytes(5).toString('hex')}` }, state: auditLines(s, 'lead') }),
  },

  // The announcements, courses and job openings of the public pages.
  {
    method: 'POST',
    path: '/api/marquee',
    roles: OWNER_ONLY,
    ok: 201,
    changes: true,
    prepare: async (s) => {
      const message = `Admissions open ${randomBytes(6).toString('hex')}`;
      return {
        call: { route: '/api/marquee', body: { message } },
        state: () => rows(s.target, 'select * from marquee_messages where message = $1', [message]),
      };
    },
  },
  {
    method: 'GET',
    path: '/api/marquee?all=1',
    roles: OWNER_ONLY,
    ok: 200,
    changes: false,
    prepare: async () => ({ call: { route: '/api/marquee?all=1' }, state: async () => null }),
  },
  {
    method: 'POST',
    path: '/api/admin/course-pictures',
    roles: OWNER_ONLY,
    ok: 201,
    changes: true,
    prepare: async (s, actor) => ({
      call: { route: '/api/admin/course-pictures', body: { type: 'image/jpeg', size: 120_000 } },
      state: () => rows(s.target, 'select id from course_pictures where created_by = $1 order by id', [actor.staff.id]),
    }),
  },
  {
    method: 'POST',
    path: '/api/admin/course-pictures/{id}/check',
    roles: OWNER_ONLY,
    ok: 200,
    changes: false,
    prepare: async (s) => {
      // A picture already checked: the check answers what was kept.
      const id = crypto.randomUUID();
      await insert(s.target, 'insert into course_pictures (id, posted_key, key, width, height) values ($1, $2, $3, 800, 600) returning id', [
        id,
        `course-pictures/posted/${id}`,
        `course-pictures/${id}-authz.webp`,
      ]);
      return {
        call: { route: `/api/admin/course-pictures/${id}/check`, body: {} },
        state: () => rows(s.target, 'select * from course_pictures where id = $1', [id]),
      };
    },
  },
  {
    method: 'DELETE',
    path: '/api/marquee/{id}',
    roles: OWNER_ONLY,
    ok: 200,
    changes: true,
    prepare: async (s) => {
      const id = await insert(s.target, 'insert into marquee_messages (message) values ($1) returning id', [`To delete ${randomBytes(6).toString('hex')}`]);
      return { call: { route: `/api/marquee/${id}` }, state: () => rows(s.target, 'select * from marquee_messages where id = $1', [id]) };
    },
  },
  ...(['courses', 'jobs'] as const).flatMap((kind): Case[] => {
    const fields = (tag: string) => (kind === 'courses' ? course(tag) : job(tag));
    const table = kind;
    const add = (target: Target, tag: string) => {
      const f = fields(tag) as Record<string, unknown>;
      return kind === 'courses'
        ? insert(target, 'insert into courses (title, category, price, duration, description, image) values ($1, $2, $3, $4, $5, $6) returning id', [
            f.title,
            f.category,
            f.price,
            f.duration,
            f.description,
            f.image,
          ])
        : insert(
            target,
            'insert into jobs (role, company, location, experience, qualification, salary, candidate, post, apply_link) values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id',
            [f.role, f.company, f.location, f.experience, f.qualification, f.salary, f.candidate, f.post, f.applyLink],
          );
    };
    const tag = () => `Authz ${kind} ${randomBytes(5).toString('hex')}`;
    const column = kind === 'courses' ? 'title' : 'company';
    return [
      {
        method: 'POST',
        path: `/api/${kind}`,
        roles: OWNER_ONLY,
        ok: 201,
        changes: true,
        prepare: async (s) => {
          const name = tag();
          return { call: { route: `/api/${kind}`, body: fields(name) }, state: () => rows(s.target, `select * from ${table} where ${column} = $1`, [name]) };
        },
      },
      {
        method: 'PUT',
        path: `/api/${kind}/{id}`,
        roles: OWNER_ONLY,
        ok: 200,
        changes: true,
        prepare: async (s) => {
          const id = await add(s.target, tag());
          return {
            call: { route: `/api/${kind}/${id}`, body: { ...fields(tag()), version: 1 } },
            state: () => rows(s.target, `select * from ${table} where id = $1`, [id]),
          };
        },
      },
      {
        method: 'DELETE',
        path: `/api/${kind}/{id}`,
        roles: OWNER_ONLY,
        ok: 200,
        changes: true,
        prepare: async (s) => {
          const id = await add(s.target, tag());
          return { call: { route: `/api/${kind}/${id}?version=1` }, state: () => rows(s.target, `select * from ${table} where id = $1`, [id]) };
        },
      },
    ];
  }),
  // The leads inbox: one lead and its actions, bulk actions, people merged, Today, failed mail.
  {
    method: 'GET',
    path: '/api/admin/leads/{id}',
    roles: COUNSELLOR,
    ok: 200,
    changes: true,
    prepare: async (s) => {
      const id = await insertAuthzLead(s.target);
      return { call: { route: `/api/admin/leads/${id}` }, state: auditLines(s, 'lead', id) };
    },
  },
  {
    method: 'POST',
    path: '/api/admin/leads/{id}',
    roles: COUNSELLOR,
    ok: 200,
    changes: true,
    prepare: async (s) => {
      const id = await insertAuthzLead(s.target);
      return {
        call: { route: `/api/admin/leads/${id}`, body: { action: 'assign', version: 1, assignedTo: s.admin.staff.id } },
        state: () =>
          rows(
            s.target,
            'select l.assigned_to, l.version, l.touched_at, (select count(*)::int from lead_events e where e.lead_id = l.id) as events from leads l where l.id = $1',
            [id],
          ),
      };
    },
  },
  // An application's ID numbers and documents: each view an audit line.
  {
    method: 'POST',
    path: '/api/admin/applications/{id}/reveal',
    roles: OWNER_ONLY,
    ok: 200,
    changes: true,
    prepare: async (s) => {
      const app = await insertApplication(s.target);
      return { call: { route: `/api/admin/applications/${app.id}/reveal`, body: { field: 'panNo' } }, state: auditLines(s, 'application', app.id) };
    },
  },
  {
    method: 'GET',
    path: '/api/admin/documents/{uploadId}',
    roles: COUNSELLOR,
    ok: 200,
    changes: true,
    prepare: async (s) => {
      const app = await insertApplication(s.target);
      return { call: { route: `/api/admin/documents/${app.documents['marksheet']}` }, state: auditLines(s, 'application', app.id) };
    },
  },
  {
    method: 'POST',
    path: '/api/admin/leads/bulk',
    roles: COUNSELLOR,
    ok: 200,
    changes: true,
    prepare: async (s) => {
      const ids = [await insertAuthzLead(s.target), await insertAuthzLead(s.target)];
      return {
        call: { route: '/api/admin/leads/bulk', body: { action: 'assign', ids, assignedTo: s.admin.staff.id } },
        state: () => rows(s.target, 'select id, assigned_to, version from leads where id = any($1::bigint[]) order by id', [ids]),
      };
    },
  },
  {
    method: 'POST',
    path: '/api/admin/people/merge',
    roles: COUNSELLOR,
    ok: 200,
    changes: true,
    prepare: async (s) => {
      const ids = [await insertAuthzLead(s.target), await insertAuthzLead(s.target)];
      const people = await rows(s.target, 'select person_id::text as id from leads where id = any($1::bigint[]) order by id', [ids]);
      return {
        call: { route: '/api/admin/people/merge', body: { from: people[1]!['id'], into: people[0]!['id'] } },
        state: () =>
          rows(s.target, 'select l.id, l.person_id, p.merged_into from leads l join people p on p.id = $2 where l.id = any($1::bigint[]) order by l.id', [
            ids,
            people[1]!['id'],
          ]),
      };
    },
  },
  {
    method: 'POST',
    path: '/api/admin/people/unmerge',
    roles: COUNSELLOR,
    ok: 200,
    changes: true,
    prepare: async (s) => {
      const [a, b] = [await insertAuthzLead(s.target), await insertAuthzLead(s.target)];
      const [into] = await rows(s.target, 'select person_id from leads where id = $1', [a]);
      const [from] = await rows(s.target, 'update leads l set person_id = $2 from leads o where l.id = $1 and o.id = l.id returning o.person_id', [
        b,
        into!['person_id'],
      ]);
      await rows(s.target, 'update people set merged_into = $2 where id = $1', [from!['person_id'], into!['person_id']]);
      const merge = await insert(s.target, 'insert into person_merges (from_person, into_person, lead_ids) values ($1, $2, $3::bigint[]) returning id', [
        from!['person_id'],
        into!['person_id'],
        [b],
      ]);
      return {
        call: { route: '/api/admin/people/unmerge', body: { merge } },
        state: () => rows(s.target, 'select m.undone_at, l.person_id from person_merges m join leads l on l.id = $2 where m.id = $1', [merge, b]),
      };
    },
  },
  {
    method: 'GET',
    path: '/api/admin/today',
    roles: COUNSELLOR,
    ok: 200,
    changes: true,
    prepare: async (s) => ({ call: { route: '/api/admin/today?mine=1' }, state: auditLines(s, 'lead') }),
  },
  {
    method: 'POST',
    path: '/api/admin/outbox/{id}',
    roles: OWNER_ONLY,
    ok: 200,
    changes: true,
    prepare: async (s) => {
      const id = await insert(
        s.target,
        `insert into mail_outbox (kind, subject, body, attempts, failed_at, last_error) values ('alert', 'Authz notice', 'Body', 8, now(), 'refused') returning id`,
        [],
      );
      return {
        call: { route: `/api/admin/outbox/${id}`, body: { action: 'dismiss' } },
        state: () => rows(s.target, 'select dismissed_at, dismissed_by from mail_outbox where id = $1', [id]),
      };
    },
  },
  // Certificates: the list (an Owner sees every batch, a Teacher theirs) and revoking one.
  {
    method: 'GET',
    path: '/api/admin/certificates',
    roles: ['teacher'],
    ok: 200,
    changes: false,
    prepare: async () => ({ call: { route: '/api/admin/certificates' }, state: async () => null }),
  },
  {
    method: 'POST',
    path: '/api/admin/certificates/{number}/revoke',
    roles: OWNER_ONLY,
    ok: 200,
    changes: true,
    prepare: async (s) => {
      const number = `PCI-2026-${randomBytes(8)
        .toString('hex')
        .replace(/[^2-9a-f]/g, '')
        .toUpperCase()
        .padEnd(6, 'A')
        .slice(0, 6)}`;
      await db(
        s.target,
        `insert into certificates (number, student_name, course, starts_on, ends_on, issued_on) values ($1, 'Authz Student', 'Tally Prime', '2026-01-05', '2026-03-27', '2026-03-30')`,
        [number],
      );
      return {
        call: { route: `/api/admin/certificates/${number}/revoke`, body: { reason: 'Revoked by the authorisation test.' } },
        state: () => rows(s.target, 'select revoked_at, revoked_by from certificates where number = $1', [number]),
      };
    },
  },
  // Fees at the counter: every role sees where a student stands; an Owner or Accountant collects and cancels.
  {
    method: 'GET',
    path: '/api/admin/fees/students',
    roles: EVERY_ROLE,
    ok: 200,
    changes: true,
    prepare: async (s) => {
      const q = uniqueName('Authz Fees');
      return {
        call: { route: `/api/admin/fees/students?q=${encodeURIComponent(q)}` },
        state: () => rows(s.target, `select id from audit_log where staff_id = any($1::uuid[]) and entity = 'fees' and detail->>'q' = $2`, [s.staffIds, q]),
      };
    },
  },
  {
    method: 'GET',
    path: '/api/admin/fees/students/{id}',
    roles: EVERY_ROLE,
    ok: 200,
    changes: true,
    prepare: async (s, actor) => {
      const id = await insertFeeStudent(s.target);
      await taughtBy(s.target, actor, id);
      return { call: { route: `/api/admin/fees/students/${id}` }, state: auditLines(s, 'fees', id) };
    },
  },
  {
    method: 'POST',
    path: '/api/admin/fees/collect',
    roles: ['accountant'],
    ok: 201,
    changes: true,
    prepare: async (s) => {
      const id = await insertFeeStudent(s.target);
      return {
        call: { route: '/api/admin/fees/collect', body: { studentId: id, amount: '500', mode: 'cash', paidOn: indiaDay() } },
        state: () =>
          rows(s.target, 'select paid_paise from fee_dues where student_id = $1 union all select amount_paise from fee_receipts where student_id = $1', [id]),
      };
    },
  },
  {
    method: 'POST',
    path: '/api/admin/fees/receipts/{id}/cancel',
    roles: ['accountant'],
    ok: 200,
    changes: true,
    prepare: async (s) => {
      const studentId = await insertFeeStudent(s.target);
      const tag = randomBytes(4).toString('hex');
      const receipt = await insert(
        s.target,
        `insert into fee_receipts (number, financial_year, student_id, amount_paise, mode, paid_on, received_by_name)
         values ($1, 'AUTHZ', $2, 50000, 'cash', $3, 'Authz Staff') returning id`,
        [`AZ/${tag}`, studentId, indiaDay()],
      );
      return {
        call: { route: `/api/admin/fees/receipts/${receipt}/cancel`, body: { reason: 'Cancelled by the authorisation test.' } },
        state: () => rows(s.target, 'select cancelled_at, cancelled_reason from fee_receipts where id = $1', [receipt]),
      };
    },
  },
  // Fees: the UPI payments students reported (every role sees them; an Owner or Accountant decides).
  {
    method: 'GET',
    path: '/api/admin/fees/claims',
    roles: EVERY_ROLE,
    ok: 200,
    changes: true,
    prepare: async (s) => ({ call: { route: '/api/admin/fees/claims' }, state: auditLines(s, 'fee-claim') }),
  },
  {
    method: 'POST',
    path: '/api/admin/fees/claims/{id}',
    roles: ['accountant'],
    ok: 200,
    changes: true,
    prepare: async (s) => {
      const studentId = await insert(
        s.target,
        `insert into students (name, email, phone, course) values ('Authz Fees', $1, '9829012345', 'Tally Prime') returning id`,
        [uniqueEmail('authzfees')],
      );
      const dueId = await insert(
        s.target,
        `insert into fee_dues (reference, student_id, seq, label, amount_paise, due_on)
         values ('D' || lpad(nextval('fee_due_reference_seq')::text, 6, '0'), $1, 1, 'Course fee', 300000, $2) returning id`,
        [studentId, indiaDay()],
      );
      const utr = String(parseInt(randomBytes(5).toString('hex'), 16) % 1e12).padStart(12, '7');
      const id = await insert(
        s.target,
        `insert into fee_upi_claims (student_id, due_id, amount_paise, utr, paid_on) values ($1, $2, 100000, $3, $4) returning id`,
        [studentId, dueId, utr, indiaDay()],
      );
      return {
        call: { route: `/api/admin/fees/claims/${id}`, body: { decision: 'reject', reason: 'Not in the bank statement (authorisation test).' } },
        state: () => rows(s.target, 'select status, reason, decided_by from fee_upi_claims where id = $1', [id]),
      };
    },
  },
  // The institute's settings: assigning new leads in turn.
  {
    method: 'GET',
    path: '/api/admin/fees/receipts/{id}',
    roles: EVERY_ROLE,
    ok: 200,
    changes: true,
    prepare: async (s, actor) => {
      const student = await insert(s.target, `insert into students (name, email, course) values ($1, $2, 'Tally') returning id`, [
        uniqueName('Authz Payer'),
        uniqueEmail('authz'),
      ]);
      await taughtBy(s.target, actor, student);
      const id = await insert(
        s.target,
        `insert into fee_receipts (number, financial_year, student_id, amount_paise, mode, paid_on, received_by_name)
         values ($1, '26-27', $2, 100000, 'cash', '2026-11-25', 'Authz Accountant') returning id`,
        [`AUTHZ/${randomBytes(5).toString('hex')}`, student],
      );
      return { call: { route: `/api/admin/fees/receipts/${id}` }, state: auditLines(s, 'receipt', id) };
    },
  },
  {
    method: 'GET',
    path: '/api/admin/settings',
    ok: 200,
    changes: false,
    roles: OWNER_ONLY,
    prepare: async () => ({ call: { route: '/api/admin/settings' }, state: async () => null }),
  },
  {
    method: 'PUT',
    path: '/api/admin/settings',
    ok: 200,
    changes: true,
    roles: OWNER_ONLY,
    prepare: async (s) => {
      const state = () => rows(s.target, `select value, updated_at, updated_by from institute_settings where key = 'auto-assign'`);
      // The opposite of the setting as it is when sent, so that a call that is let through changes it.
      const enabled = async () => (((await state())[0]?.['value'] as { enabled?: boolean } | undefined)?.enabled ?? false) === false;
      return { call: { route: '/api/admin/settings', body: async () => ({ autoAssign: { enabled: await enabled() } }) }, state };
    },
  },
  // The office's day-to-day settings: every role reads them; the Owner changes them and the holidays.
  {
    method: 'GET',
    path: '/api/admin/office-settings',
    ok: 200,
    changes: false,
    roles: EVERY_ROLE,
    prepare: async () => ({ call: { route: '/api/admin/office-settings' }, state: async () => null }),
  },
  {
    method: 'PUT',
    path: '/api/admin/office-settings',
    ok: 200,
    changes: true,
    roles: OWNER_ONLY,
    prepare: async (s) => {
      const state = () => rows(s.target, `select value, updated_at, updated_by from institute_settings where key = 'attendance-threshold'`);
      // The other of 75 and 76, at the version of the moment it is sent, so that a call let through changes it.
      const body = async () => {
        const [now] = await rows(
          s.target,
          `select (select value from institute_settings where key = 'attendance-threshold')::int as threshold,
                  (select coalesce(max(id), 0)::int from settings_history where setting <> 'holiday') as version`,
        );
        return { attendanceThreshold: now?.['threshold'] === 75 ? 76 : 75, defaultGraceDays: 0, version: now?.['version'] };
      };
      return { call: { route: '/api/admin/office-settings', body }, state };
    },
  },
  {
    method: 'POST',
    path: '/api/admin/holidays',
    ok: 201,
    changes: true,
    roles: OWNER_ONLY,
    prepare: async (s) => {
      const day = authzHoliday();
      return {
        call: { route: '/api/admin/holidays', body: { day, name: { en: 'Authz closure', hi: 'छुट्टी' } } },
        state: () => rows(s.target, 'select day::text from holidays where day = $1', [day]),
      };
    },
  },
  {
    method: 'DELETE',
    path: '/api/admin/holidays/{day}',
    ok: 200,
    changes: true,
    roles: OWNER_ONLY,
    prepare: async (s) => {
      const day = authzHoliday();
      await db(s.target, `insert into holidays (day, name_en, name_hi) values ($1, 'Authz closure', 'छुट्टी')`, [day]);
      return { call: { route: `/api/admin/holidays/${day}` }, state: () => rows(s.target, 'select day::text from holidays where day = $1', [day]) };
    },
  }, // The office's classes: batches, rosters, the timetable, attendance and certificates.
  ...CLASS_CASES,
  // Fees: the plans and a student's dues.
  ...FEE_PLAN_CASES,
  // Fees: the dues to chase (every role sees their status: a view is an audit line), a reminder of one, the reports.
  {
    method: 'GET',
    path: '/api/admin/fees/dues',
    roles: EVERY_ROLE,
    ok: 200,
    changes: true,
    prepare: async (s) => ({ call: { route: '/api/admin/fees/dues?within=overdue' }, state: auditLines(s, 'fee-dues') }),
  },
  {
    method: 'POST',
    path: '/api/admin/fees/reminders',
    roles: ['accountant'],
    ok: 201,
    changes: true,
    prepare: async (s) => {
      const studentId = await insert(s.target, `insert into students (name, email, phone, course) values ($1, $2, '9829012345', 'Tally Prime') returning id`, [
        uniqueName('Authz Payer'),
        uniqueEmail('authzpayer'),
      ]);
      const dueId = await insert(
        s.target,
        `insert into fee_dues (reference, student_id, seq, label, amount_paise, due_on)
         values ('D' || lpad(nextval('fee_due_reference_seq')::text, 6, '0'), $1, 1, 'Course fee', 250000, current_date - 3) returning id`,
        [studentId],
      );
      return {
        call: { route: '/api/admin/fees/reminders', body: { dueId, language: 'hi' } },
        state: () => rows(s.target, 'select id, staff_id from fee_reminders where due_id = $1', [dueId]),
      };
    },
  },
  {
    method: 'GET',
    path: '/api/admin/fees/reports',
    roles: ['accountant'],
    ok: 200,
    changes: true,
    prepare: async (s) => ({ call: { route: '/api/admin/fees/reports?by=mode' }, state: auditLines(s, 'fee-report') }),
  },
  ...walkInCases(),
  // The cash book: an Owner or an Accountant reads it; only an Owner records a day's cash as handed over.
  {
    method: 'GET',
    path: '/api/admin/fees/cash-book',
    roles: ['accountant'],
    ok: 200,
    changes: true,
    prepare: async (s) => ({ call: { route: `/api/admin/fees/cash-book?day=${indiaDay()}` }, state: auditLines(s, 'cash-book') }),
  },
  {
    method: 'POST',
    path: '/api/admin/fees/cash-book/handovers',
    roles: OWNER_ONLY,
    ok: 201,
    changes: true,
    prepare: async (s) => {
      // A member of staff of its own, who took no cash today: ₹0 expected, ₹0 counted.
      const staffId = await insert(
        s.target,
        `insert into staff (name, email, password_hash, role) values ('Authz Cashier', $1, 'x', 'accountant') returning id::text`,
        [uniqueEmail('authz-cashier')],
      );
      return {
        call: { route: '/api/admin/fees/cash-book/handovers', body: { staffId, day: indiaDay(), counted: '0', expectedPaise: 0 } },
        state: () => rows(s.target, 'select id, counted_paise from cash_handovers where staff_id = $1', [staffId]),
      };
    },
  },
  // Refunds (decision 045): an Owner or Accountant asks and pays; the Owner alone decides.
  {
    method: 'GET',
    path: '/api/admin/fees/refunds',
    roles: ['accountant'],
    ok: 200,
    changes: true,
    prepare: async (s) => ({ call: { route: '/api/admin/fees/refunds' }, state: auditLines(s, 'refund') }),
  },
  {
    method: 'POST',
    path: '/api/admin/fees/refunds',
    roles: ['accountant'],
    ok: 201,
    changes: true,
    prepare: async (s) => {
      const { receiptId } = await insertRefund(s.target, null);
      return {
        call: { route: '/api/admin/fees/refunds', body: { receiptId, returns: 'receipt', amount: '100', reason: 'Asked for by the authorisation test.' } },
        state: () => rows(s.target, 'select id, status, amount_paise from fee_refunds where receipt_id = $1', [receiptId]),
      };
    },
  },
  {
    method: 'GET',
    path: '/api/admin/fees/refunds/{id}',
    roles: ['accountant'],
    ok: 200,
    changes: true,
    prepare: async (s) => {
      const { refundId } = await insertRefund(s.target, 'requested');
      return { call: { route: `/api/admin/fees/refunds/${refundId}` }, state: auditLines(s, 'refund', refundId) };
    },
  },
  {
    method: 'POST',
    path: '/api/admin/fees/refunds/{id}/decision',
    roles: OWNER_ONLY,
    ok: 200,
    changes: true,
    prepare: async (s) => {
      const { refundId } = await insertRefund(s.target, 'requested');
      return {
        call: { route: `/api/admin/fees/refunds/${refundId}/decision`, body: { decision: 'approve' } },
        state: () => rows(s.target, 'select status, decided_by from fee_refunds where id = $1', [refundId]),
      };
    },
  },
  {
    method: 'POST',
    path: '/api/admin/fees/refunds/{id}/pay',
    roles: ['accountant'],
    ok: 200,
    changes: true,
    prepare: async (s) => {
      const { refundId } = await insertRefund(s.target, 'approved');
      return {
        call: { route: `/api/admin/fees/refunds/${refundId}/pay`, body: { mode: 'cash', paidOn: indiaDay() } },
        state: () => rows(s.target, 'select status, number, paid_by from fee_refunds where id = $1', [refundId]),
      };
    },
  },
  // Importing students from a file (Owner and Counsellor: it adds student records and puts them in batches).
  ...STUDENT_IMPORT_CASES,
  // Practice-test results, question statistics, their export and the best scores for certificates.
  ...PRACTICE_RESULTS_CASES,

  // The question bank and a course's chapters (Owner and Teacher: 'practice-tests').
  ...PRACTICE_QUESTION_CASES,
  ...PRACTICE_TEST_CASES,
  ...RIGHTS_CASES,

  // A parent's consent to an under-18's held form, at the office (Owner, Counsellor, Accountant: 'guardian-consent').
  ...guardianConsentCases(),
];

/* ------------------------------------------------- a guardian's consent at the office --- */

/** A minor's contact message held for its guardian's consent: its number. */
async function heldNumber(target: Target): Promise<string> {
  const res = await post(target, '/api/contact', {
    age: 'minor',
    guardian: { name: 'Authz Guardian', relation: 'guardian', email: uniqueEmail('authzguardian') },
    name: uniqueName('Authz Child'),
    phone: `+919${String(randomBytes(4).readUInt32BE(0) % 1e9).padStart(9, '0')}`,
    source: 'home',
    message: 'Timings of the CCC course please',
  });
  expect(res.status).toBe(202);
  return (await res.json()).held.number as string;
}

/** The office's look-up of a held form and its consent: an Owner, a Counsellor and an Accountant. */
function guardianConsentCases(): Case[] {
  const roles: readonly TestRole[] = ['counsellor', 'accountant'];
  return [
    {
      method: 'GET',
      path: '/api/admin/guardian-hold',
      roles,
      ok: 200,
      changes: true,
      prepare: async (s) => ({ call: { route: `/api/admin/guardian-hold?number=${await heldNumber(s.target)}` }, state: auditLines(s, 'held-submission') }),
    },
    {
      method: 'POST',
      path: '/api/admin/guardian-consent',
      roles,
      ok: 201,
      changes: true,
      prepare: async (s) => {
        const number = await heldNumber(s.target);
        return {
          call: { route: '/api/admin/guardian-consent', body: { number, document: 'voter-id', sawGuardian: true, adult: true } },
          state: () => rows(s.target, 'select released_at from held_submissions where number = $1', [number]),
        };
      },
    },
  ];
}

/* -------------------------------------------------------------- a walk-in at the counter --- */

/** A mobile number of its own (10 digits). */
const walkInMobile = () => `9${String(randomBytes(4).readUInt32BE(0) % 1e9).padStart(9, '0')}`;

/** The walk-in's admission: an Owner and an Accountant ('admit'). */
function walkInCases(): Case[] {
  return [
    {
      method: 'GET',
      path: '/api/admin/walk-in',
      roles: ACCOUNTANT,
      ok: 200,
      changes: false,
      prepare: async (s) => ({ call: { route: '/api/admin/walk-in' }, state: auditLines(s, 'student') }),
    },
    {
      method: 'GET',
      path: '/api/admin/walk-in?mobile=',
      roles: ACCOUNTANT,
      ok: 200,
      changes: true,
      prepare: async (s) => ({ call: { route: `/api/admin/walk-in?mobile=${walkInMobile()}` }, state: auditLines(s, 'student') }),
    },
    {
      method: 'POST',
      path: '/api/admin/walk-in',
      roles: ACCOUNTANT,
      ok: 201,
      changes: true,
      prepare: async (s) => {
        const batchId = await insertBatch(s.target, null);
        const plan = await insert(s.target, `insert into fee_plans (batch_id, total_paise) values ($1, 300000) returning id`, [batchId]);
        await db(s.target, `insert into fee_plan_instalments (plan_id, seq, amount_paise, due_months) values ($1, 1, 300000, 0)`, [plan]);
        const phone = walkInMobile();
        return {
          call: {
            route: '/api/admin/walk-in',
            body: { name: uniqueName('Authz Walkin'), phone, language: 'en', batchId, amount: '3000', mode: 'cash' },
          },
          state: () =>
            rows(
              s.target,
              `select s.id, bs.batch_id, r.amount_paise from students s left join batch_students bs on bs.student_id = s.id
                 left join fee_receipts r on r.student_id = s.id where s.phone = $1`,
              [`+91${phone}`],
            ),
        };
      },
    },
  ];
}

/** A receipt of ₹500 of a student of its own and, unless `status` is null, a refund of ₹100 from it in that state (ids). */
async function insertRefund(target: Target, status: 'requested' | 'approved' | null): Promise<{ receiptId: string; refundId: string }> {
  const studentId = await insertFeeStudent(target);
  const receiptId = await insert(
    target,
    `insert into fee_receipts (number, financial_year, student_id, amount_paise, mode, paid_on, received_by_name)
     values ($1, 'AUTHZ', $2, 50000, 'cash', $3, 'Authz Staff') returning id`,
    [`AZ/${randomBytes(4).toString('hex')}`, studentId, indiaDay(-1)],
  );
  if (!status) return { receiptId, refundId: '' };
  const refundId = await insert(
    target,
    `insert into fee_refunds (student_id, receipt_id, returns, amount_paise, reason, status, requested_by_name, decided_by_name, decided_at)
     values ($1, $2, 'receipt', 10000, 'Authorisation test.', $3, 'Authz Staff', $4, $5) returning id`,
    [studentId, receiptId, status, status === 'approved' ? 'Authz Owner' : null, status === 'approved' ? new Date() : null],
  );
  return { receiptId, refundId };
}

/* --------------------------------------------------------------------------- callers --- */

interface Caller {
  who: string;
  cookie?: string;
  headers?: Record<string, string>;
  /** The statuses that count as refused. */
  refused: number[];
  /** Sends the admin's own cookie (the refusal rests on something else). */
  asAdmin?: boolean;
  /** A session waiting for its second factor. */
  pending?: boolean;
}

/** Sends `call` as `method`, with `cookie` and `headers`. */
async function send(target: Target, method: Method, call: Call, cookie: string | null, headers: Record<string, string> = {}) {
  const body = typeof call.body === 'function' ? await (call.body as () => Promise<unknown>)() : call.body;
  return staffFetch(target, call.route, cookie, { method, headers: { ...call.headers, ...headers }, ...(body === undefined ? {} : { body }) });
}

/**
 * The staff functions that are not rows of the table, and why: the sign-in's own second step,
 * which a session waiting for it must reach (tests/api/admin-auth.test.ts calls them as every
 * kind of caller).
 */
const NOT_IN_THE_TABLE: Record<string, string> = {
  '/api/admin/enrol': 'the first sign-in’s authenticator set-up (admin-auth.test.ts)',
  '/api/admin/verify': 'the sign-in’s second factor (admin-auth.test.ts)',
};

it('the table has a row for every path of every function that asks for a member of staff', () => {
  const dir = fileURLToPath(new URL('../../functions', import.meta.url));
  const shape = (route: string) => route.replace(/\?.*$/, '').replace(/\{\w+\}|:\w+/g, '*');
  const tabled = new Set(CASES.map((c) => shape(c.path)));
  const missing = readdirSync(dir)
    .filter((file) => file.endsWith('.ts') && readFileSync(path.join(dir, file), 'utf8').includes('requireStaff('))
    .map((file) => /path:\s*'([^']+)'/.exec(readFileSync(path.join(dir, file), 'utf8'))?.[1] ?? file)
    .filter((route) => !(route in NOT_IN_THE_TABLE) && !tabled.has(shape(route)));
  expect(missing).toEqual([]);
});

describe.each(targets)('authorisation of every staff endpoint on $name', (target) => {
  let setup: Setup;
  let callers: Caller[];
  /** A signed-in member of staff of each role but the Owner's. */
  let actors: Record<(typeof OTHER_ROLES)[number], Actor>;

  beforeAll(async () => {
    const [admin, counsellor, accountant, teacher, expired, revoked, disabled, halfway, student] = await Promise.all([
      signedInAdmin(target, 'authz'),
      signedInAdmin(target, 'authzcounsellor', 'counsellor'),
      signedInAdmin(target, 'authzaccountant', 'accountant'),
      signedInAdmin(target, 'authzteacher', 'teacher'),
      signedInAdmin(target, 'expired'),
      signedInAdmin(target, 'revoked'),
      signedInAdmin(target, 'disabledauthz'),
      signedInAdmin(target, 'halfway'),
      createAccount(target, 'authzstudent'),
    ]);
    await db(target, `update staff_sessions set expires_at = now() - interval '1 second' where staff_id = $1`, [expired.staff.id]);
    expect((await staffFetch(target, '/api/admin/logout', revoked.cookie, { body: {} })).status).toBe(200);
    await db(target, 'update staff set disabled_at = now() where id = $1', [disabled.staff.id]);
    const { cookie: waiting } = await passwordStep(target, halfway.staff);
    const token = await login(target, student.email, student.password);
    setup = {
      target,
      admin: { ...admin, role: 'owner' },
      staffIds: [
        admin.staff.id,
        counsellor.staff.id,
        accountant.staff.id,
        teacher.staff.id,
        expired.staff.id,
        revoked.staff.id,
        disabled.staff.id,
        halfway.staff.id,
      ],
    };
    actors = {
      counsellor: { ...counsellor, role: 'counsellor' },
      accountant: { ...accountant, role: 'accountant' },
      teacher: { ...teacher, role: 'teacher' },
    };
    callers = [
      { who: 'nobody', refused: [401] },
      { who: 'a garbage cookie', cookie: `__Host-staff=${randomBytes(32).toString('base64url')}`, refused: [401] },
      { who: 'a malformed cookie', cookie: '__Host-staff=garbage; other=1', refused: [401] },
      { who: 'an expired session', cookie: expired.cookie, refused: [401] },
      { who: 'a revoked session (signed out)', cookie: revoked.cookie, refused: [401] },
      { who: 'a disabled account', cookie: disabled.cookie, refused: [401] },
      { who: 'a session waiting for its second factor', cookie: waiting, refused: [401], pending: true },
      { who: "a student's token in `token`", headers: { token }, refused: [401, 403] },
      { who: "a student's token as a Bearer token", headers: { authorization: `Bearer ${token}` }, refused: [401, 403] },
      { who: "a student's token as the cookie", cookie: `__Host-staff=${token}`, refused: [401, 403] },
      { who: 'a request from another site’s page with an admin cookie', headers: { origin: 'https://evil.example' }, refused: [403], asAdmin: true },
      {
        who: 'a browser asked by another site (Sec-Fetch-Site) with an admin cookie',
        headers: { 'sec-fetch-site': 'cross-site' },
        refused: [403],
        asAdmin: true,
      },
    ];
  });

  /**
   * Everything a refused call must leave alone whatever the endpoint: the audit lines and sessions
   * of this test's staff, their last use included (a session waiting for its second factor is
   * not even touched by a call it may not make).
   */
  const watched = () =>
    rows(
      target,
      `select (select count(*)::int from audit_log where staff_id = any($1::uuid[])) as audit_lines,
              array(select concat_ws(' ', id, last_seen_at, expires_at, revoked_at, second_factor_at)
                      from staff_sessions where staff_id = any($1::uuid[]) order by id) as sessions`,
      [setup.staffIds],
    );

  it.for(CASES)('$method $path', async (c) => {
    const prepared = await c.prepare(setup, setup.admin);
    const adminCookie = prepared.cookie ?? setup.admin.cookie;

    // Read once: each refused call is checked against it, so one that changed anything fails
    // there, and the next caller is checked against the same rows.
    const untouched = [await prepared.state(), await watched()];
    for (const caller of callers) {
      if (caller.pending && c.acceptsPending) continue;
      const cookie = caller.asAdmin ? adminCookie : (caller.cookie ?? null);
      const before = untouched;
      const res = await send(target, c.method, prepared.call, cookie, caller.headers);
      const body = await res.json();
      expect(caller.refused, `${caller.who}: ${res.status} ${JSON.stringify(body)}`).toContain(res.status);
      // A message and nothing else: no record, no list, no new session.
      expect(Object.keys(body).sort(), caller.who).toEqual(['error', 'message']);
      expect(sessionCookieOf(res), caller.who).toBeNull();
      expect([await prepared.state(), await watched()], `${caller.who} changed nothing`).toEqual(before);
    }

    const before = await prepared.state();
    const res = await send(target, c.method, prepared.call, adminCookie);
    expect(res.status, `the admin: ${await res.clone().text()}`).toBe(c.ok);
    if (c.changes) expect(await prepared.state(), 'the admin’s call shows in the rows watched').not.toEqual(before);
  });

  // A row per role: the same call, made ready afresh for a member of staff of that role.
  const roleRows = CASES.flatMap((c) => OTHER_ROLES.map((role) => ({ ...c, role, allowed: c.roles.includes(role) })));
  it.for(roleRows)('$method $path by the $role (allowed: $allowed)', async (c) => {
    const actor = actors[c.role];
    const prepared = await c.prepare(setup, actor);
    const cookie = prepared.cookie ?? actor.cookie;
    const before = [await prepared.state(), await watched()];
    const res = await send(target, c.method, prepared.call, cookie);
    if (c.allowed) {
      expect(res.status, `the ${c.role}: ${await res.clone().text()}`).toBe(c.ok);
      if (c.changes) expect(await prepared.state(), `the ${c.role}’s call shows in the rows watched`).not.toEqual(before[0]);
      return;
    }
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(403);
    const refusal = `Your role (${ROLE_WORDS[c.role]}) does not allow this.`;
    expect(body).toEqual({ error: refusal, message: refusal });
    expect(sessionCookieOf(res)).toBeNull();
    expect([await prepared.state(), await watched()], `the ${c.role}’s refused call changed nothing`).toEqual(before);
  });
});

/* ------------------------------------------- students' own records: practice-test attempts --- */

/**
 * The student endpoints of practice tests (decision 052): each is called by nobody, a garbage
 * token, a signed-in admin's cookie (staff are not students), and another signed-in student (of
 * no batch the test is opened to) — the first three 401, the other student 404 (not 403: the
 * answer does not confirm the attempt exists), each with nothing but a message and nothing
 * changed — and then by the attempt's own student, who gets their answer.
 */
interface StudentCase {
  method: Method;
  path: string;
  ok: number;
  prepare(target: Target): Promise<{ route: string; body?: unknown; token: string; state: () => Promise<unknown> }>;
}

/** A student with an attempt in progress at a test opened to their batch. */
async function practiceAttempt(target: Target) {
  const fx = await fixtures.cccFixture(target, { students: 1, terms: { attempts: 2 } });
  const student = fx.students[0]!;
  const res = await fixtures.asStudent(target, student.token, `/api/tests/${fx.openingId}/start`, { body: {} });
  const attemptId = ((await res.json()) as { attemptId: string }).attemptId;
  const state = () =>
    rows(
      target,
      `select a.id, a.submitted_at, a.score, (select json_agg(p order by p.position) from practice_answers p where p.attempt_id = a.id) as answers
         from practice_attempts a where a.test_id = $1 order by a.id`,
      [fx.testId],
    );
  return { fx, student, attemptId, state };
}

const answerNow = () => [{ position: 1, chosen: [0], review: false, at: new Date().toISOString() }];

/** The lists a student reads of their own, as another student with nothing in them gets them. */
const OWN_LISTS: Record<string, unknown> = { '/api/tests': { open: [], inProgress: null, history: [] }, '/api/user/consents': { consents: expect.any(Array) } };

const STUDENT_CASES: StudentCase[] = [
  {
    method: 'GET',
    path: '/api/user/consents',
    ok: 200,
    prepare: async (target) => {
      const account = await createAccount(target, 'authzconsents');
      const state = () => db(target, 'select id, withdrawn_at from consents where user_id = $1 order by id', [account.id]);
      return { route: '/api/user/consents', token: await login(target, account.email, account.password), state };
    },
  },
  {
    method: 'POST',
    path: '/api/user/consent-withdraw',
    ok: 200,
    prepare: async (target) => {
      const account = await createAccount(target, 'authzconsent');
      const [consent] = await db<{ id: string }>(
        target,
        `insert into consents (user_id, given_by, purpose, method, notice_form, notice_version, language) values ($1, 'self', 'updates', 'form', 'register', 'test', 'en') returning id::text`,
        [account.id],
      );
      const state = () => db(target, 'select withdrawn_at from consents where id = $1', [consent!.id]);
      return { route: '/api/user/consent-withdraw', body: { id: consent!.id }, token: await login(target, account.email, account.password), state };
    },
  },
  {
    method: 'GET',
    path: '/api/tests',
    ok: 200,
    prepare: async (target) => {
      const { student, state } = await practiceAttempt(target);
      return { route: '/api/tests', token: student.token, state };
    },
  },
  {
    method: 'POST',
    path: '/api/tests/{openingId}/start',
    ok: 201,
    prepare: async (target) => {
      const fx = await fixtures.cccFixture(target, { students: 1 });
      const state = () => rows(target, 'select id from practice_attempts where test_id = $1', [fx.testId]);
      return { route: `/api/tests/${fx.openingId}/start`, body: {}, token: fx.students[0]!.token, state };
    },
  },
  {
    method: 'GET',
    path: '/api/tests/attempts/{id}',
    ok: 200,
    prepare: async (target) => {
      const { student, attemptId, state } = await practiceAttempt(target);
      return { route: `/api/tests/attempts/${attemptId}`, token: student.token, state };
    },
  },
  {
    method: 'PUT',
    path: '/api/tests/attempts/{id}/answers',
    ok: 200,
    prepare: async (target) => {
      const { student, attemptId, state } = await practiceAttempt(target);
      return { route: `/api/tests/attempts/${attemptId}/answers`, body: { answers: answerNow() }, token: student.token, state };
    },
  },
  {
    method: 'POST',
    path: '/api/tests/attempts/{id}/submit',
    ok: 200,
    prepare: async (target) => {
      const { student, attemptId, state } = await practiceAttempt(target);
      return { route: `/api/tests/attempts/${attemptId}/submit`, body: { answers: answerNow() }, token: student.token, state };
    },
  },
  {
    method: 'GET',
    path: '/api/tests/attempts/{id}/result',
    ok: 200,
    prepare: async (target) => {
      const { student, attemptId, state } = await practiceAttempt(target);
      const submitted = await fixtures.asStudent(target, student.token, `/api/tests/attempts/${attemptId}/submit`, { body: {} });
      expect(submitted.status).toBe(200);
      return { route: `/api/tests/attempts/${attemptId}/result`, token: student.token, state };
    },
  },
];

it('the students’ table has a row for every path of every practice-test function a student calls', () => {
  const dir = fileURLToPath(new URL('../../functions', import.meta.url));
  const shape = (route: string) => route.replace(/\{\w+\}|:\w+/g, '*');
  const tabled = new Set(STUDENT_CASES.map((c) => shape(c.path)));
  const missing = readdirSync(dir)
    .filter((file) => file.endsWith('.ts') && readFileSync(path.join(dir, file), 'utf8').includes('requireUser('))
    .map((file) => /path:\s*'([^']+)'/.exec(readFileSync(path.join(dir, file), 'utf8'))?.[1] ?? file)
    .filter((route) => route.startsWith('/api/tests') && !tabled.has(shape(route)));
  expect(missing).toEqual([]);
});

describe.each(targets)('practice tests: a student’s own attempts only, on $name', (target) => {
  let adminCookie = '';
  let stranger = '';
  beforeAll(async () => {
    adminCookie = (await signedInAdmin(target, 'authzpractice')).cookie;
    stranger = (await fixtures.insertPracticeStudent(target, null, 'authzstranger')).token;
  });

  it.for(STUDENT_CASES)('$method $path', async (c) => {
    const prepared = await c.prepare(target);
    const send = (token: string | null, headers: Record<string, string> = {}) =>
      target.fetch(prepared.route, {
        method: c.method,
        headers: {
          'x-forwarded-for': '100.80.1.1',
          ...(token ? { token } : {}),
          ...(prepared.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: prepared.body === undefined ? null : JSON.stringify(prepared.body),
      });
    const refused: [string, () => Promise<Response>, number[]][] = [
      ['nobody', () => send(null), [401]],
      ['a garbage token', () => send(randomBytes(32).toString('base64url')), [401]],
      ['an admin’s cookie', () => send(null, { cookie: adminCookie }), [401]],
      // A list answers another student their own (empty) one: nothing of this student's.
      ['another student', () => send(stranger), c.path in OWN_LISTS ? [200] : [404]],
    ];
    for (const [who, call, statuses] of refused) {
      const before = await prepared.state();
      const res = await call();
      const body = await res.json();
      expect(statuses, `${who}: ${res.status} ${JSON.stringify(body)}`).toContain(res.status);
      if (res.status === 200 && c.path === '/api/user/consents') {
        // Their own consents only: none of this account's.
        const mine = new Set(((await prepared.state()) as { id: string }[]).map((r) => String(r.id)));
        expect(mine.size, who).toBeGreaterThan(0);
        expect(
          body.consents.filter((x: { id: string }) => mine.has(x.id)),
          who,
        ).toEqual([]);
      } else if (res.status === 200) expect(body, who).toMatchObject(OWN_LISTS[c.path]!);
      else expect(Object.keys(body).sort(), who).toEqual(['error', 'message']);
      expect(await prepared.state(), `${who} changed nothing`).toEqual(before);
    }
    const res = await send(prepared.token);
    expect(res.status, await res.clone().text()).toBe(c.ok);
  });
});
