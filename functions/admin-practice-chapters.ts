/**
 * /api/admin/practice/chapters (needs 'practice-tests': Owner and Teacher):
 * - GET → {courses: [{id, title, chapters, questions}]}: every course with how many chapters and
 *   questions it has; GET ?course=ID → {course: {id, title}, chapters: Chapter[]}: its chapters in
 *   order, each with its questions (in the bank and archived) and the tests that draw from it;
 * - POST {courseId, titleEn, titleHi} → 201 {message, item}: a chapter at the end of the list
 *   (a title already used in the course is refused in words). An audit line 'create' of 'chapter'.
 */
import type { Config } from '@netlify/functions';
import { ChapterCreateSchema, ChapterQuerySchema, type Chapter } from '../src/lib/schemas/practice-questions';
import { audit } from './_shared/platform/audit';
import { query, transaction } from './_shared/platform/db';
import { allowMethods, endpoint, HttpError, json, readJson, validate } from './_shared/platform/http';
import { requireStaff } from './_shared/auth/staff';
import { CHAPTER_COLUMNS, chapterTitleTaken } from './_shared/practice/chapters';

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET', 'POST');
  const { staff, address } = await requireStaff(req, context, { need: 'practice-tests' });

  if (req.method === 'GET') {
    const { course } = validate(ChapterQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
    if (!course) {
      const courses = await query<{ id: string; title: string; chapters: number; questions: number }>(
        `select c.id::text, c.title,
                (select count(*)::int from course_chapters ch where ch.course_id = c.id) as chapters,
                (select count(*)::int from questions q where q.course_id = c.id and q.archived_at is null) as questions
           from courses c order by c.title, c.id limit 500`,
      );
      return json({ courses });
    }
    const [found] = await query<{ id: string; title: string }>(`select id::text, title from courses where id = $1`, [course]);
    if (!found) throw new HttpError(404, 'This course was not found. Please choose one from the list.');
    const chapters = await query<Chapter>(`select ${CHAPTER_COLUMNS} from course_chapters ch where ch.course_id = $1 order by ch.position, ch.id`, [course]);
    return json({ course: found, chapters });
  }

  const fields = validate(ChapterCreateSchema, await readJson(req));
  const item = await transaction(async (client) => {
    const { rows } = await client.query<{ title: string }>(`select title from courses where id = $1 for update`, [fields.courseId]);
    const course = rows[0];
    if (!course)
      throw new HttpError(400, 'This course was not found. Please choose one from the list.', {
        errors: { courseId: 'Please choose the course from the list.' },
      });
    if (await chapterTitleTaken(client, fields.courseId, fields.titleEn, null))
      throw new HttpError(409, `${course.title} already has a chapter called “${fields.titleEn}”.`, {
        errors: { titleEn: `${course.title} already has a chapter called “${fields.titleEn}”.` },
      });
    const made = await client.query<{ id: string }>(
      `insert into course_chapters (course_id, title_en, title_hi, position)
       values ($1, $2, $3, (select coalesce(max(position), 0) + 1 from course_chapters where course_id = $1)) returning id::text`,
      [fields.courseId, fields.titleEn, fields.titleHi],
    );
    const chapter = (await client.query<Chapter>(`select ${CHAPTER_COLUMNS} from course_chapters ch where ch.id = $1`, [made.rows[0]!.id])).rows[0]!;
    await audit(
      {
        staffId: staff.id,
        action: 'create',
        entity: 'chapter',
        entityId: chapter.id,
        subject: chapter.titleEn,
        detail: { course: course.title, titleHi: chapter.titleHi },
      },
      address,
      client,
    );
    return chapter;
  });
  return json({ message: `Chapter “${item.titleEn}” added.`, item }, 201);
});

export const config: Config = { path: '/api/admin/practice/chapters' };
