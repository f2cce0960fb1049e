/**
 * GET /api/admin/practice/overview (Owner and Teacher: 'practice-tests') → EducatorOverview: the
 * educator area at a glance. A Teacher sees the courses of the batches they teach, and only their
 * batches' openings; the Owner (the role with 'attendance-any') every course that has chapters,
 * questions or tests, and every opening. Per course: its chapters with their questions, the
 * number of questions and tests, the tests open now (closing within 48 hours flagged) and how many
 * windows are still to come.
 */
import type { Config } from '@netlify/functions';
import { CLOSING_SOON_HOURS, type EducatorOverview } from '../src/lib/schemas/practice-tests';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, json } from './_shared/platform/http';
import { requireStaff } from './_shared/auth/staff';
import { openingScope } from './_shared/practice/openings';

type Course = EducatorOverview['courses'][number];

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET');
  const who = await requireStaff(req, context, { need: 'practice-tests' });
  const scope = openingScope(who);
  const overview = await transaction(async (client): Promise<EducatorOverview> => {
    const { rows: courses } = await client.query<Omit<Course, 'chapters' | 'openNow'>>(
      `select c.id::text, c.title,
              (select count(*)::int from questions q where q.course_id = c.id and q.archived_at is null) as questions,
              (select count(*)::int from practice_tests t where t.course_id = c.id and t.archived_at is null) as tests,
              (select count(*)::int from batches b where b.course_id = c.id and (case when $1::uuid is null then b.status <> 'completed' else b.teacher_id = $1::uuid end)) as batches,
              (select count(*)::int from practice_test_openings o join practice_tests t on t.id = o.test_id join batches b on b.id = o.batch_id
                where t.course_id = c.id and o.opens_at > now() and ($1::uuid is null or b.teacher_id = $1::uuid)) as upcoming
         from courses c
        where case when $1::uuid is null
                   then exists (select 1 from course_chapters ch where ch.course_id = c.id) or exists (select 1 from practice_tests t where t.course_id = c.id and t.archived_at is null)
                   else exists (select 1 from batches b where b.course_id = c.id and b.teacher_id = $1::uuid) end
        order by c.title, c.id`,
      [scope],
    );
    const ids = courses.map((c) => c.id);
    const { rows: chapters } = await client.query<{ course: string; id: string; title: string; questions: number }>(
      `select ch.course_id::text as course, ch.id::text, ch.title_en as title,
              (select count(*)::int from questions q where q.chapter_id = ch.id and q.archived_at is null) as questions
         from course_chapters ch where ch.course_id = any($1::bigint[]) order by ch.position, ch.id`,
      [ids],
    );
    const { rows: open } = await client.query<Course['openNow'][number] & { course: string }>(
      `select t.course_id::text as course, o.id::text, t.id::text as "testId", t.title_en as test, b.name as batch, o.closes_at as "closesAt",
              o.closes_at < now() + make_interval(hours => $3) as "closingSoon",
              (select count(distinct a.student_id)::int from practice_attempts a where a.opening_id = o.id) as started,
              (select count(*)::int from batch_students r where r.batch_id = b.id and r.status = 'active') as students
         from practice_test_openings o join practice_tests t on t.id = o.test_id join batches b on b.id = o.batch_id
        where t.course_id = any($1::bigint[]) and o.opens_at <= now() and o.closes_at > now() and ($2::uuid is null or b.teacher_id = $2::uuid)
        order by o.closes_at, o.id`,
      [ids, scope, CLOSING_SOON_HOURS],
    );
    return {
      scope: scope === null ? 'all' : 'teacher',
      courses: courses.map((c) => ({
        ...c,
        chapters: chapters.filter((ch) => ch.course === c.id).map(({ id, title, questions }) => ({ id, title, questions })),
        openNow: open.filter((o) => o.course === c.id).map(({ course: _, ...o }) => ({ ...o, closesAt: new Date(o.closesAt).toISOString() })),
      })),
    };
  });
  return json(overview);
});

export const config: Config = { path: '/api/admin/practice/overview' };
