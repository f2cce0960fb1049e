/**
 * The question bank's reads and writes (decision 052): a question's words, options and answer
 * are its versions (question_versions); an edit of them adds a version and moves the question's
 * `current_version`, so an attempt that named an older version is marked as it was. A question a
 * fixed paper or an attempt has is archived, never deleted.
 */
import type { Queryable } from '../platform/db';
import { HttpError } from '../platform/http';
import {
  pictureNameOf,
  questionPictureKey,
  questionPicturePath,
  sameText,
  type Question,
  type QuestionFields,
} from '../../../src/lib/schemas/practice-questions';

/** The 404 of a question that is not (or no longer) in the bank. */
export const questionNotFound = () => new HttpError(404, 'This question was not found: it may have been deleted. Please reload the list.');

/** The 404 of a chapter that is not (or no longer) there. */
export const chapterNotFound = () => new HttpError(404, 'This chapter was not found: it may have been deleted. Please reload the list.');

/** Whether a fixed paper or any attempt has question `id` (any of its versions). */
export const USED_SQL = (id: string) =>
  `(exists (select 1 from practice_test_questions tq where tq.question_id = ${id})
    or exists (select 1 from practice_attempts a where a.paper @> jsonb_build_array(jsonb_build_object('q', ${id}))))`;

/** Question `id` with its current version, as its form edits it (null when there is none). */
export async function findQuestion(db: Queryable, id: string): Promise<Question | null> {
  const { rows } = await db.query<Omit<Question, 'picturePath'>>(
    `select q.id::text, q.course_id::text as "courseId", c.title as course, q.chapter_id::text as "chapterId", ch.title_en as chapter,
            q.difficulty, v.text_en as "textEn", v.text_hi as "textHi", v.options, v.correct::int[] as correct,
            v.explanation_en as "explanationEn", v.explanation_hi as "explanationHi", v.keep_order as "keepOrder", v.picture,
            q.sample, q.archived_at is not null as archived, q.current_version as "currentVersion", q.version,
            ${USED_SQL('q.id')} as used
       from questions q join courses c on c.id = q.course_id join course_chapters ch on ch.id = q.chapter_id
       join question_versions v on v.question_id = q.id and v.version = q.current_version
      where q.id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  const name = pictureNameOf(row.picture);
  return { ...row, picture: name, picturePath: name ? questionPicturePath(name) : null };
}

/** The course's title and the chapter's, checked to belong together (400 on the field that is wrong). */
export async function checkCourseAndChapter(db: Queryable, courseId: string, chapterId: string): Promise<{ course: string; chapter: string }> {
  const { rows } = await db.query<{ course: string; chapter: string | null; chapterCourse: string | null }>(
    `select c.title as course, ch.title_en as chapter, ch.course_id::text as "chapterCourse"
       from courses c left join course_chapters ch on ch.id = $2 where c.id = $1`,
    [courseId, chapterId],
  );
  const found = rows[0];
  if (!found)
    throw new HttpError(400, 'This course was not found. Please choose one from the list.', {
      errors: { courseId: 'Please choose the course from the list.' },
    });
  if (!found.chapter || found.chapterCourse !== courseId)
    throw new HttpError(400, `This chapter is not one of ${found.course}’s chapters. Please choose one from the list.`, {
      errors: { chapterId: `Please choose a chapter of ${found.course}.` },
    });
  return { course: found.course, chapter: found.chapter };
}

/** Refuses a question whose English text is already that of another question of the chapter (in the bank). */
export async function refuseDuplicate(db: Queryable, chapterId: string, textEn: string, except: string | null): Promise<void> {
  const { rows } = await db.query<{ id: string }>(
    `select q.id::text from questions q join question_versions v on v.question_id = q.id and v.version = q.current_version
      where q.chapter_id = $1 and q.archived_at is null and ($3::bigint is null or q.id <> $3)
        and lower(regexp_replace(btrim(v.text_en), '\\s+', ' ', 'g')) = $2
      limit 1`,
    [chapterId, sameText(textEn), except],
  );
  if (rows[0])
    throw new HttpError(409, `The same question (in English) is already in this chapter: question #${rows[0].id}. Please edit that one instead.`, {
      errors: { textEn: `The same question is already in this chapter (question #${rows[0].id}).` },
    });
}

/** Refuses a picture name whose picture was never kept (an upload that failed or a made-up name). */
export async function checkPicture(exists: (key: string) => Promise<boolean>, name: string | null): Promise<string | null> {
  if (!name) return null;
  const key = questionPictureKey(name);
  if (!(await exists(key)))
    throw new HttpError(400, 'The picture was not found. Please upload it again.', {
      errors: { picture: 'The picture was not found. Please upload it again.' },
    });
  return key;
}

/** The words of a question's version as stored: what an edit compares to decide whether it is a new version. */
export const versionWords = (
  q: Pick<QuestionFields, 'textEn' | 'textHi' | 'options' | 'correct' | 'explanationEn' | 'explanationHi' | 'keepOrder'>,
  picture: string | null,
) =>
  JSON.stringify([
    q.textEn,
    q.textHi,
    q.options.map((o) => [o.en, o.hi]),
    [...q.correct].sort((a, b) => a - b),
    q.explanationEn,
    q.explanationHi,
    q.keepOrder,
    picture,
  ]);

/** Inserts version `version` of question `id`. */
export async function insertVersion(db: Queryable, id: string, version: number, q: QuestionFields, pictureKey: string | null, staffId: string | null) {
  await db.query(
    `insert into question_versions (question_id, version, text_en, text_hi, options, correct, explanation_en, explanation_hi, keep_order, picture, created_by)
     values ($1, $2, $3, $4, $5::jsonb, $6::smallint[], $7, $8, $9, $10, $11)`,
    [
      id,
      version,
      q.textEn,
      q.textHi,
      JSON.stringify(q.options.map((o) => ({ en: o.en, hi: o.hi }))),
      q.correct,
      q.explanationEn,
      q.explanationHi,
      q.keepOrder,
      pictureKey,
      staffId,
    ],
  );
}

/** The question's English text shortened for an audit line or a message: “What does RAM stand for?”. */
export const shortText = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);
