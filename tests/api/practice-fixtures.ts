/**
 * Practice tests as the tests of staff's results need them, inserted by SQL: a course with a
 * chapter, questions with their versions, a fixed test, its opening to a batch, and students'
 * submitted attempts with their answers (as the attempt's functions would have left them).
 */
import type { Target } from './global-setup';
import { db, uniqueName } from './helpers';

const one = async (target: Target, text: string, params: unknown[]) => String((await db<{ id: string }>(target, text, params))[0]!.id);

/** A course (id) and one chapter of it (id). */
export async function insertPracticeCourse(target: Target): Promise<{ courseId: string; chapterId: string }> {
  const courseId = await one(
    target,
    `insert into courses (title, category, price, duration, description, image) values ($1, 'Computer', 4200, '3 months', 'A course.', '/logo.svg') returning id`,
    [uniqueName('RS-CIT')],
  );
  const chapterId = await one(target, `insert into course_chapters (course_id, title_en, title_hi) values ($1, $2, 'कंप्यूटर की मूल बातें') returning id`, [
    courseId,
    uniqueName('Computer basics'),
  ]);
  return { courseId, chapterId };
}

/** A question version's words: its text and options (English; the Hindi is made from them). */
export interface VersionWords {
  text: string;
  options: string[];
  correct: number[];
}

/** A question with its versions (the last one current): its id. */
export async function insertQuestion(target: Target, course: { courseId: string; chapterId: string }, versions: VersionWords[]): Promise<string> {
  const id = await one(target, `insert into questions (course_id, chapter_id, difficulty, current_version) values ($1, $2, 'easy', $3) returning id`, [
    course.courseId,
    course.chapterId,
    versions.length,
  ]);
  for (const [i, v] of versions.entries()) {
    await db(
      target,
      `insert into question_versions (question_id, version, text_en, text_hi, options, correct) values ($1, $2, $3, $4, $5::jsonb, $6::smallint[])`,
      [id, i + 1, v.text, `प्रश्न: ${v.text}`, JSON.stringify(v.options.map((o) => ({ en: o, hi: `विकल्प ${o}` }))), v.correct],
    );
  }
  return id;
}

/** A fixed test of `questionIds` (marks and pass marks in hundredths): its id. */
export async function insertPracticeTest(
  target: Target,
  courseId: string,
  options: { title?: string; questionIds?: string[]; marks?: number; negative?: number; pass?: number; attempts?: number } = {},
): Promise<string> {
  const id = await one(
    target,
    `insert into practice_tests (course_id, title_en, title_hi, kind, duration_minutes, marks_per_question, negative_marks, pass_marks, attempts_allowed)
     values ($1, $2, 'अभ्यास परीक्षा', 'fixed', 30, $3, $4, $5, $6) returning id`,
    [courseId, options.title ?? uniqueName('Mock test'), options.marks ?? 100, options.negative ?? 0, options.pass ?? 100, options.attempts ?? 5],
  );
  for (const [i, q] of (options.questionIds ?? []).entries()) {
    await db(target, 'insert into practice_test_questions (test_id, position, question_id) values ($1, $2, $3)', [id, i + 1, q]);
  }
  return id;
}

/** The test opened to the batch (a window around now, `hoursAgo` hours back at its start): the opening's id. */
export const insertOpening = (target: Target, testId: string, batchId: string, hoursAgo = 48) =>
  one(
    target,
    `insert into practice_test_openings (test_id, batch_id, opens_at, closes_at, opened_by_name)
     values ($1, $2, now() - make_interval(hours => $3), now() + interval '7 days', 'A teacher') returning id`,
    [testId, batchId, hoursAgo],
  );

/** A student (id) on the batch's roster. */
export async function insertRosterStudent(target: Target, batchId: string, name: string, status = 'active'): Promise<string> {
  const id = await one(target, `insert into students (name, email, course) values ($1, '', 'RS-CIT') returning id`, [name]);
  await db(target, 'insert into batch_students (batch_id, student_id, status) values ($1, $2, $3)', [batchId, id, status]);
  return id;
}

/** One question of an attempt's paper, and what was answered to it (null: no answer reached the server). */
export interface AskedAnswer {
  question: string;
  version: number;
  chosen: number[] | null;
}

/**
 * An attempt at the opening's test: submitted `minutesAgo` minutes ago with `score` out of
 * `maxScore` (hundredths), unless `open` (still being taken). The paper is `asked` in its order.
 */
export async function insertAttempt(
  target: Target,
  attempt: {
    openingId: string;
    testId: string;
    studentId: string;
    number: number;
    asked: AskedAnswer[];
    score?: number;
    maxScore?: number;
    pass?: number;
    minutesAgo?: number;
    open?: boolean;
  },
): Promise<string> {
  const paper = attempt.asked.map((a) => ({ q: Number(a.question), v: a.version, chapter: 0, order: [0, 1, 2, 3] }));
  const minutesAgo = attempt.minutesAgo ?? 60;
  const open = attempt.open === true;
  const id = await one(
    target,
    `insert into practice_attempts (opening_id, test_id, student_id, number, paper, terms, started_at, deadline_at,
                                    submitted_at, submitted_by, score, max_score, passed, correct_count, answered_count, chapter_scores)
     values ($1, $2, $3, $4, $5::jsonb, '{"marks": 100, "negative": 0, "pass": 100, "showAnswers": true}'::jsonb,
             now() - make_interval(mins => $6 + 20), now() - make_interval(mins => $6) + interval '40 minutes',
             case when $7::boolean then null else now() - make_interval(mins => $6) end, case when $7::boolean then null else 'student' end,
             $8, $9, $10, null, null, null)
     returning id`,
    [
      attempt.openingId,
      attempt.testId,
      attempt.studentId,
      attempt.number,
      JSON.stringify(paper),
      minutesAgo,
      open,
      open ? null : (attempt.score ?? 0),
      open ? null : (attempt.maxScore ?? 300),
      open ? null : (attempt.score ?? 0) >= (attempt.pass ?? 150),
    ],
  );
  for (const [i, a] of attempt.asked.entries()) {
    if (a.chosen === null) continue;
    await db(target, `insert into practice_answers (attempt_id, position, chosen, answered_at) values ($1, $2, $3::smallint[], now())`, [id, i + 1, a.chosen]);
  }
  return id;
}
