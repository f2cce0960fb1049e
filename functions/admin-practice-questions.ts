/**
 * /api/admin/practice/questions (needs 'practice-tests': Owner and Teacher):
 * - GET ?q=&course=&chapter=&difficulty=&archived=yes|no&after=&limit= → {items: QuestionRow[],
 *   next}: the bank, newest first in keyset pages; `q` finds words of the current version in
 *   English or Devanagari (the trigram index of migration 027, question_versions_text_idx);
 * - POST QuestionFields → 201 {message, item}: a new question (version 1). The chapter must be
 *   the course's; the same English text already in the chapter is refused; the picture must be
 *   one uploaded (POST /api/admin/practice/question-pictures). An audit line 'create' of 'question'.
 */
import type { Config } from '@netlify/functions';
import { QuestionFieldsSchema, QuestionListQuerySchema, type QuestionRow } from '../src/lib/schemas/practice-questions';
import { audit } from './_shared/platform/audit';
import { query, transaction } from './_shared/platform/db';
import { allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { BIGINT_ID, cursorOf, ListQuerySchema, pageOf, readCursor } from './_shared/platform/paging';
import { requireStaff } from './_shared/auth/staff';
import { checkCourseAndChapter, checkPicture, findQuestion, insertVersion, refuseDuplicate, shortText } from './_shared/practice/questions';
import { pictureKept } from './_shared/practice/question-pictures';

const ListSchema = ListQuerySchema.extend(QuestionListQuerySchema.shape);

/** `q` as a LIKE pattern matching anywhere (its % and _ taken literally). */
const containing = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET', 'POST');
  const { staff, address } = await requireStaff(req, context, { need: 'practice-tests' });

  if (req.method === 'GET') {
    const filter = validate(ListSchema, Object.fromEntries(new URL(req.url).searchParams));
    const after = readCursor(filter.after, [BIGINT_ID]);
    const rows = await query<QuestionRow>(
      `select q.id::text, v.text_en as "textEn", v.text_hi as "textHi", c.title as course, ch.title_en as chapter, q.difficulty,
              jsonb_array_length(v.options) as options, v.picture is not null as picture, q.sample, q.archived_at is not null as archived,
              q.current_version as "currentVersion"
         from questions q
         join question_versions v on v.question_id = q.id and v.version = q.current_version
         join courses c on c.id = q.course_id join course_chapters ch on ch.id = q.chapter_id
        where ($1::text is null or lower(v.text_en || ' ' || v.text_hi) like $1)
          and ($2::bigint is null or q.course_id = $2) and ($3::bigint is null or q.chapter_id = $3)
          and ($4::text is null or q.difficulty = $4) and ((q.archived_at is not null) = $5)
          and ($6::bigint is null or q.id < $6)
        order by q.id desc limit $7`,
      [
        filter.q ? containing(filter.q) : null,
        filter.course ?? null,
        filter.chapter ?? null,
        filter.difficulty ?? null,
        filter.archived === 'yes',
        after?.[0] ?? null,
        filter.limit + 1,
      ],
    );
    return json(
      pageOf(
        rows,
        filter.limit,
        (r) => r,
        (r) => cursorOf(r.id),
      ),
    );
  }

  const fields = validate(QuestionFieldsSchema, await readJson(req, 64 * 1024));
  const pictureKey = await checkPicture(pictureKept, fields.picture);
  const item = await transaction(async (client) => {
    const names = await checkCourseAndChapter(client, fields.courseId, fields.chapterId);
    // One question saved at a time per chapter: two colleagues cannot add the same one twice.
    await client.query(`select 1 from course_chapters where id = $1 for update`, [fields.chapterId]);
    await refuseDuplicate(client, fields.chapterId, fields.textEn, null);
    const { rows } = await client.query<{ id: string }>(
      `insert into questions (course_id, chapter_id, difficulty, created_by) values ($1, $2, $3, $4) returning id::text`,
      [fields.courseId, fields.chapterId, fields.difficulty, staff.id],
    );
    const id = rows[0]!.id;
    await insertVersion(client, id, 1, fields, pictureKey, staff.id);
    await audit(
      {
        staffId: staff.id,
        action: 'create',
        entity: 'question',
        entityId: id,
        subject: shortText(fields.textEn),
        detail: { course: names.course, chapter: names.chapter, difficulty: fields.difficulty, options: fields.options.length, picture: Boolean(pictureKey) },
      },
      address,
      client,
    );
    return (await findQuestion(client, id))!;
  });
  return json({ message: `Question #${item.id} added to ${item.chapter}.`, item }, 201);
});

export const config: Config = { path: '/api/admin/practice/questions' };
