/**
 * Practice-test records for the API tests, inserted by SQL (decision 052): a course with chapters,
 * bilingual questions (each with its first version), drawn or fixed tests, a batch, students on
 * its roster with website accounts linked (students.user_id) and signed in, and a test opened to
 * the batch. `cccFixture` makes all of it at once: a CCC-style mock of 100 questions drawn from
 * four chapters. Every text carries the fixture's tag, and every explanation EXPLANATION_MARK, so
 * a test can search an answer for what must not be in it.
 */
import { randomBytes } from 'node:crypto';
import { createQuickAccount, login } from './accounts';
import type { Target } from './global-setup';
import { db, newClientIp, uniqueName } from './helpers';

/** Every explanation contains this: an answer holding it has leaked an explanation. */
export const EXPLANATION_MARK = 'EXPLAINED';

/** A fresh tag for one fixture's texts. */
export const practiceTag = () => randomBytes(4).toString('hex');

const one = async (target: Target, sql: string, params: unknown[]) => String((await db<{ id: string }>(target, sql, params))[0]!.id);

/** A course with `chapters` chapters (ids in order). */
export async function insertCourseWithChapters(target: Target, chapters = 4, tag = practiceTag()): Promise<{ courseId: string; chapterIds: string[] }> {
  const courseId = await one(
    target,
    `insert into courses (title, category, price, duration, description, image) values ($1, 'IT', 3000, '3 months', 'Computer concepts.', '/images/ccc.webp') returning id`,
    [uniqueName(`CCC ${tag}`)],
  );
  const chapterIds: string[] = [];
  for (let i = 1; i <= chapters; i += 1) {
    chapterIds.push(
      await one(target, `insert into course_chapters (course_id, title_en, title_hi, position) values ($1, $2, $3, $4) returning id`, [
        courseId,
        `Chapter ${i} ${tag}`,
        `अध्याय ${i} ${tag}`,
        i,
      ]),
    );
  }
  return { courseId, chapterIds };
}

/** How the questions of `insertQuestions` are made. */
export interface QuestionShape {
  count: number;
  difficulty?: 'easy' | 'medium' | 'hard';
  /** Options per question (2 to 6). */
  options?: number;
  /** The right options' positions (default [0]). */
  correct?: number[];
  keepOrder?: boolean;
}

/**
 * `count` questions of chapter `chapterId` (ids), each with version 1: texts "Q{n} {tag}" in both
 * languages, options "Option {k} of Q{n}", the right ones as `correct` says.
 */
export async function insertQuestions(target: Target, courseId: string, chapterId: string, shape: QuestionShape, tag = practiceTag()): Promise<string[]> {
  const { count, difficulty = 'easy', options = 4, correct = [0], keepOrder = false } = shape;
  const rows = await db<{ id: string }>(
    target,
    `with made as (
       insert into questions (course_id, chapter_id, difficulty)
       select $1, $2, $3 from generate_series(1, $4) returning id
     ), versions as (
       insert into question_versions (question_id, version, text_en, text_hi, options, correct, explanation_en, explanation_hi, keep_order)
       select m.id, 1, 'Q' || m.id || ' ' || $5, 'प्रश्न ' || m.id || ' ' || $5,
              (select jsonb_agg(jsonb_build_object('en', 'Option ' || k || ' of Q' || m.id, 'hi', 'विकल्प ' || k || ' प्रश्न ' || m.id) order by k)
                 from generate_series(0, $6 - 1) k),
              $7::smallint[], $8 || ' Q' || m.id, $8 || ' प्रश्न ' || m.id, $9
         from made m returning question_id
     )
     select question_id::text as id from versions order by question_id`,
    [courseId, chapterId, difficulty, count, tag, options, correct, EXPLANATION_MARK, keepOrder],
  );
  return rows.map((r) => r.id);
}

/** A test's terms (marks in hundredths). */
export interface TestTerms {
  title?: string;
  durationMinutes?: number;
  marks?: number;
  negative?: number;
  pass?: number;
  attempts?: number;
  showAnswers?: boolean;
  pattern?: 'ccc-mock' | 'rscit-final' | 'chapter-test' | 'custom';
}

async function insertTest(target: Target, courseId: string, kind: 'drawn' | 'fixed', terms: TestTerms): Promise<string> {
  const title = terms.title ?? uniqueName('Mock');
  return one(
    target,
    `insert into practice_tests (course_id, title_en, title_hi, pattern, kind, duration_minutes, marks_per_question, negative_marks, pass_marks, attempts_allowed, show_answers)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
    [
      courseId,
      title,
      `${title} (हिंदी)`,
      terms.pattern ?? 'custom',
      kind,
      terms.durationMinutes ?? 90,
      terms.marks ?? 100,
      terms.negative ?? 0,
      terms.pass ?? 5000,
      terms.attempts ?? 1,
      terms.showAnswers ?? true,
    ],
  );
}

/** A drawn test of `rules` (each: `count` of a chapter, of one difficulty or any). */
export async function insertDrawnTest(
  target: Target,
  courseId: string,
  rules: { chapterId: string; count: number; difficulty?: 'easy' | 'medium' | 'hard' }[],
  terms: TestTerms = {},
): Promise<string> {
  const testId = await insertTest(target, courseId, 'drawn', terms);
  for (const rule of rules) {
    await db(target, 'insert into practice_test_draws (test_id, chapter_id, difficulty, count) values ($1, $2, $3, $4)', [
      testId,
      rule.chapterId,
      rule.difficulty ?? null,
      rule.count,
    ]);
  }
  return testId;
}

/** A fixed test of `questionIds` in that order. */
export async function insertFixedTest(target: Target, courseId: string, questionIds: string[], terms: TestTerms = {}): Promise<string> {
  const testId = await insertTest(target, courseId, 'fixed', terms);
  await db(
    target,
    'insert into practice_test_questions (test_id, position, question_id) select $1, p, q from unnest($2::bigint[]) with ordinality as x(q, p)',
    [testId, questionIds],
  );
  return testId;
}

/** A running batch of course `courseId` ending on `endsOn` (an India day; default 60 days on). */
export async function insertPracticeBatch(target: Target, courseId: string, endsOn?: string): Promise<string> {
  return one(
    target,
    `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, seats, status)
     values ($1, $2, current_date - 30, coalesce($3::date, current_date + 60), '{1,2,3,4,5,6}', '07:00', '08:00', 'Lab 1', 300, 'running') returning id`,
    [courseId, uniqueName('Practice Batch'), endsOn ?? null],
  );
}

/** Opens test `testId` to batch `batchId` from `opensAt` until `closesAt` (SQL expressions of now; default an hour ago until tomorrow). */
export async function openTest(target: Target, testId: string, batchId: string, window: { opensAt?: string; closesAt?: string } = {}): Promise<string> {
  return one(
    target,
    `insert into practice_test_openings (test_id, batch_id, opens_at, closes_at, opened_by_name)
     values ($1, $2, ${window.opensAt ?? "now() - interval '1 hour'"}, ${window.closesAt ?? "now() + interval '1 day'"}, 'Test Teacher') returning id`,
    [testId, batchId],
  );
}

/** A student signed in with the website account linked to their record. */
export interface PracticeStudent {
  studentId: string;
  userId: string;
  email: string;
  /** The session token (the `token` header). */
  token: string;
}

/** A student with a verified, signed-in account linked to a new student record, on the roster of `batchId` (if given). */
export async function insertPracticeStudent(target: Target, batchId: string | null, label = 'practice'): Promise<PracticeStudent> {
  // The account's name is "Student {label}": a name is letters only.
  const account = await createQuickAccount(
    target,
    label.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!),
  );
  const studentId = await one(target, `insert into students (name, email, course, user_id) values ($1, $2, 'CCC', $3::uuid) returning id`, [
    account.name,
    account.email,
    account.id,
  ]);
  if (batchId) await db(target, 'insert into batch_students (batch_id, student_id) values ($1, $2)', [batchId, studentId]);
  return { studentId, userId: account.id, email: account.email, token: await login(target, account.email, account.password) };
}

/** A CCC-style mock and what it needs: 4 chapters of 30 questions, 100 drawn (25 each), a batch, its students, the test opened to it. */
export async function cccFixture(target: Target, { students = 2, terms = {} as TestTerms } = {}) {
  const tag = practiceTag();
  const { courseId, chapterIds } = await insertCourseWithChapters(target, 4, tag);
  const questions: string[] = [];
  for (const chapterId of chapterIds) questions.push(...(await insertQuestions(target, courseId, chapterId, { count: 30 }, tag)));
  const testId = await insertDrawnTest(
    target,
    courseId,
    chapterIds.map((chapterId) => ({ chapterId, count: 25 })),
    { pattern: 'ccc-mock', durationMinutes: 90, marks: 100, pass: 5000, ...terms },
  );
  const batchId = await insertPracticeBatch(target, courseId);
  const openingId = await openTest(target, testId, batchId);
  const people: PracticeStudent[] = [];
  for (let i = 0; i < students; i += 1) people.push(await insertPracticeStudent(target, batchId, `ccc${tag}${i}`));
  return { tag, courseId, chapterIds, questions, testId, batchId, openingId, students: people };
}

/** A student's request to the API: `token` header, JSON body, the language asked for. */
export function asStudent(
  target: Target,
  token: string | null,
  route: string,
  init: { method?: string; body?: unknown; language?: 'en' | 'hi'; ip?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { 'x-forwarded-for': init.ip ?? newClientIp() };
  if (token) headers['token'] = token;
  if (init.language) headers['x-language'] = init.language;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  return target.fetch(route, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? null : JSON.stringify(init.body),
  });
}
