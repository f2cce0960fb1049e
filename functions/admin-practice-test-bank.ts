/**
 * GET /api/admin/practice/test-bank?course=ID (Owner and Teacher: 'practice-tests') → TestBank:
 * what a test of the course can be built from: its chapters with their current questions by
 * difficulty (for a drawn test's rules) and the current questions themselves, in English, for a
 * fixed paper. Archived questions are left out: no new test uses them.
 */
import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { RecordIdSchema } from '../src/lib/schemas/records';
import type { TestBank } from '../src/lib/schemas/practice-tests';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, HttpError, json } from './_shared/platform/http';
import { listQuery } from './_shared/platform/paging';
import { requireStaff } from './_shared/auth/staff';

const QuerySchema = z.object({ course: RecordIdSchema });
/** Most questions listed for a fixed paper's choice. */
const MAX_LISTED = 2000;

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET');
  await requireStaff(req, context, { need: 'practice-tests' });
  const { course } = listQuery(req, QuerySchema);
  const bank = await transaction(async (client): Promise<TestBank> => {
    const { rows: found } = await client.query<{ id: string; title: string }>(`select id::text, title from courses where id = $1`, [course]);
    if (!found[0]) throw new HttpError(404, 'This course was not found. Please choose a course from the list.');
    const { rows: chapters } = await client.query<TestBank['chapters'][number]>(
      `select ch.id::text, ch.title_en as title, ch.title_hi as "titleHi",
              count(q.id) filter (where q.difficulty = 'easy')::int as easy,
              count(q.id) filter (where q.difficulty = 'medium')::int as medium,
              count(q.id) filter (where q.difficulty = 'hard')::int as hard
         from course_chapters ch left join questions q on q.chapter_id = ch.id and q.archived_at is null
        where ch.course_id = $1 group by ch.id order by ch.position, ch.id`,
      [course],
    );
    const { rows: questions } = await client.query<TestBank['questions'][number]>(
      `select q.id::text, q.chapter_id::text as "chapterId", q.difficulty, left(v.text_en, 160) as text, q.sample
         from questions q join question_versions v on v.question_id = q.id and v.version = q.current_version
        where q.course_id = $1 and q.archived_at is null order by q.chapter_id, q.id limit ${MAX_LISTED}`,
      [course],
    );
    return { course: found[0], chapters, questions };
  });
  return json(bank);
});

export const config: Config = { path: '/api/admin/practice/test-bank' };
