/**
 * Practice tests as staff keep them (decision 052): reading one, checking that it can be drawn from
 * the course's bank as it is now (current, non-archived questions), and saving its rules or paper.
 * Editing a test changes future attempts only: an attempt keeps the terms it started with.
 */
import type { PoolClient } from '@neondatabase/serverless';
import {
  DIFFICULTY_LABELS,
  marksInWords,
  questionCount,
  type Difficulty,
  type PracticeTest,
  type PracticeTestFields,
  type PracticeTestSummary,
} from '../../../src/lib/schemas/practice-tests';
import type { Queryable } from '../platform/db';
import { HttpError } from '../platform/http';

/** The answer for a test that is not there (or not a test id). */
export const testNotFound = () => new HttpError(404, 'This practice test was not found. It may have been archived: please reload the list.');

/** A 400 naming the problem in `message`, and each field it concerns. */
const refused = (message: string, errors: Record<string, string>) => new HttpError(400, message, { errors });

/** The test `id` as its page shows it, or null. */
export async function findTest(db: Queryable, id: string): Promise<PracticeTest | null> {
  const { rows } = await db.query<Omit<PracticeTest, 'draws' | 'questionIds' | 'questions' | 'maxMarks'>>(
    `select t.id::text, t.course_id::text as "courseId", c.title as course, json_build_object('en', t.title_en, 'hi', t.title_hi) as title,
            t.pattern, t.kind, t.duration_minutes as "durationMinutes", t.marks_per_question as "marksPerQuestion",
            t.negative_marks as "negativeMarks", t.pass_marks as "passMarks", t.attempts_allowed as "attemptsAllowed",
            t.show_answers as "showAnswers", t.sample, t.archived_at as "archivedAt", t.version,
            (select count(*)::int from practice_attempts a where a.test_id = t.id) as attempts
       from practice_tests t join courses c on c.id = t.course_id where t.id = $1`,
    [id],
  );
  const test = rows[0];
  if (!test) return null;
  const { rows: draws } = await db.query<PracticeTest['draws'][number]>(
    `select d.chapter_id::text as "chapterId", d.difficulty, d.count, ch.title_en as chapter
       from practice_test_draws d join course_chapters ch on ch.id = d.chapter_id where d.test_id = $1 order by d.id`,
    [id],
  );
  const { rows: questions } = await db.query<{ id: string }>(
    `select question_id::text as id from practice_test_questions where test_id = $1 order by position`,
    [id],
  );
  const questionIds = questions.map((q) => q.id);
  const count = questionCount({ kind: test.kind, draws, questionIds });
  return { ...test, draws, questionIds, questions: count, maxMarks: count * test.marksPerQuestion };
}

/**
 * Refuses, in words, a test that cannot be drawn from its course's bank as it is now: a chapter of
 * another course, a rule asking for more current questions than the chapter has (of that
 * difficulty, or in all for its rules together), a fixed paper's question that is not in the
 * course's bank or was archived. Nothing is saved when it refuses.
 */
export async function refuseUndrawable(db: Queryable, fields: PracticeTestFields): Promise<void> {
  const { rows: course } = await db.query(`select 1 from courses where id = $1`, [fields.courseId]);
  if (!course.length) throw refused('This course was not found. Please choose a course from the list.', { courseId: 'Please choose a course from the list.' });

  if (fields.kind === 'fixed') {
    const { rows } = await db.query<{ id: string }>(`select id::text from questions where id = any($1::bigint[]) and course_id = $2 and archived_at is null`, [
      fields.questionIds,
      fields.courseId,
    ]);
    const found = new Set(rows.map((r) => r.id));
    const missing = fields.questionIds.filter((q) => !found.has(q));
    if (missing.length) {
      const message = `${missing.length === 1 ? 'A question of the paper is' : `${missing.length} questions of the paper are`} not in this course’s bank (archived, or of another course): please pick again.`;
      throw refused(message, { questionIds: message });
    }
    return;
  }

  const chapterIds = [...new Set(fields.draws.map((d) => d.chapterId))];
  const { rows: chapters } = await db.query<{ id: string; title: string; course: string; easy: number; medium: number; hard: number }>(
    `select ch.id::text, ch.title_en as title, ch.course_id::text as course,
            count(q.id) filter (where q.difficulty = 'easy')::int as easy,
            count(q.id) filter (where q.difficulty = 'medium')::int as medium,
            count(q.id) filter (where q.difficulty = 'hard')::int as hard
       from course_chapters ch left join questions q on q.chapter_id = ch.id and q.archived_at is null
      where ch.id = any($1::bigint[]) group by ch.id`,
    [chapterIds],
  );
  const byId = new Map(chapters.map((c) => [c.id, c]));
  const errors: Record<string, string> = {};
  const problems: string[] = [];
  fields.draws.forEach((d, i) => {
    const chapter = byId.get(d.chapterId);
    if (!chapter || chapter.course !== fields.courseId) {
      errors[`draws.${i}.chapterId`] ??= 'Please choose a chapter of this test’s course.';
      problems.push('A chapter of the rules is not one of this course’s chapters.');
      return;
    }
    const has = d.difficulty ? chapter[d.difficulty] : chapter.easy + chapter.medium + chapter.hard;
    if (d.count > has) {
      const what = d.difficulty ? `${DIFFICULTY_LABELS[d.difficulty as Difficulty].toLowerCase()} question` : 'question';
      const sentence = `Chapter “${chapter.title}” has ${has} ${what}${has === 1 ? '' : 's'}; this test asks for ${d.count}.`;
      errors[`draws.${i}.count`] = sentence;
      problems.push(sentence);
    }
  });
  // Rules of one chapter together: those of one difficulty take theirs first, 'any' takes from the rest.
  for (const chapter of chapters) {
    const rules = fields.draws.map((d, i) => ({ d, i })).filter(({ d }) => d.chapterId === chapter.id);
    const asked = rules.reduce((sum, { d }) => sum + d.count, 0);
    const has = chapter.easy + chapter.medium + chapter.hard;
    if (rules.length > 1 && asked > has && rules.every(({ i }) => !errors[`draws.${i}.count`])) {
      const sentence = `Chapter “${chapter.title}” has ${has} questions; this test’s rules ask for ${asked} of it in all.`;
      errors[`draws.${rules.at(-1)!.i}.count`] = sentence;
      problems.push(sentence);
    }
  }
  if (problems.length) throw refused(problems.join(' '), errors);
}

/** Writes the rules or the paper of test `testId` (replacing what it had). */
export async function saveTestParts(client: PoolClient, testId: string, fields: PracticeTestFields): Promise<void> {
  await client.query(`delete from practice_test_draws where test_id = $1`, [testId]);
  await client.query(`delete from practice_test_questions where test_id = $1`, [testId]);
  if (fields.kind === 'drawn') {
    await client.query(
      `insert into practice_test_draws (test_id, chapter_id, difficulty, count)
       select $1, r.chapter, r.difficulty, r.count from unnest($2::bigint[], $3::text[], $4::int[]) as r (chapter, difficulty, count)`,
      [testId, fields.draws.map((d) => d.chapterId), fields.draws.map((d) => d.difficulty), fields.draws.map((d) => d.count)],
    );
  } else {
    await client.query(
      `insert into practice_test_questions (test_id, position, question_id) select $1, p.n, p.q from unnest($2::bigint[]) with ordinality as p (q, n)`,
      [testId, fields.questionIds],
    );
  }
}

/** The columns of practice_tests a test's fields set, in order from $2. */
export const testValues = (f: PracticeTestFields) => [
  f.courseId,
  f.title.en,
  f.title.hi,
  f.pattern,
  f.kind,
  f.durationMinutes,
  f.marksPerQuestion,
  f.negativeMarks,
  f.passMarks,
  f.attemptsAllowed,
  f.showAnswers,
];

/** Refuses a second test of the same English title in a course (a double tap, or a mix-up). */
export async function refuseSameTitle(db: Queryable, fields: PracticeTestFields, except: string | null): Promise<void> {
  const { rows } = await db.query(
    `select 1 from practice_tests where course_id = $1 and lower(title_en) = lower($2) and archived_at is null and ($3::bigint is null or id <> $3)`,
    [fields.courseId, fields.title.en, except],
  );
  if (rows.length) {
    const message = `A test named “${fields.title.en}” is already in this course: open it from My Courses, or choose another title.`;
    throw refused(message, { 'title.en': message });
  }
}

/** The test's figures in words for its audit line: '35 questions × 2 marks, 60 minutes, pass 28'. */
export const testFigures = (f: PracticeTestFields) =>
  `${questionCount(f)} questions × ${marksInWords(f.marksPerQuestion)} mark${f.marksPerQuestion === 100 ? '' : 's'}, ${f.durationMinutes} minutes, pass ${marksInWords(f.passMarks)}`;

/** Tests of the courses `courseIds` (null: every course), newest first, with their openings now and to come. */
export async function testSummaries(db: Queryable, courseIds: string[] | null, archived = false): Promise<PracticeTestSummary[]> {
  const { rows } = await db.query<PracticeTestSummary>(
    `select t.id::text, t.course_id::text as "courseId", c.title as course, json_build_object('en', t.title_en, 'hi', t.title_hi) as title,
            t.pattern, t.kind, q.n as questions, t.duration_minutes as "durationMinutes", t.marks_per_question as "marksPerQuestion",
            q.n * t.marks_per_question as "maxMarks", t.pass_marks as "passMarks", t.sample, t.archived_at as "archivedAt",
            (select count(*)::int from practice_test_openings o where o.test_id = t.id and o.opens_at <= now() and o.closes_at > now()) as "openNow",
            (select count(*)::int from practice_test_openings o where o.test_id = t.id and o.opens_at > now()) as upcoming
       from practice_tests t join courses c on c.id = t.course_id
       cross join lateral (select case when t.kind = 'fixed' then (select count(*)::int from practice_test_questions x where x.test_id = t.id)
                                       else (select coalesce(sum(d.count), 0)::int from practice_test_draws d where d.test_id = t.id) end as n) q
      where ($1::bigint[] is null or t.course_id = any($1::bigint[])) and ((t.archived_at is null) <> $2)
      order by c.title, t.created_at desc, t.id desc limit 500`,
    [courseIds, archived],
  );
  return rows;
}
