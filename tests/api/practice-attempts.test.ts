/**
 * A student taking a practice test (decision 052), through the functions on a real database:
 * the paper never holds the right answers or the explanations; one attempt open at a time (also
 * under two starts at once); answers after the deadline are refused and save nothing, and the
 * deadline's submission counts what reached the server; negative marking and the pass mark as
 * the test has them; an edit of a question after the attempt leaves its result as marked; the
 * history and the result hide on the Terms' day; nobody else reads or writes an attempt (404).
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../functions/_shared/platform/db';
import { submitOwn } from '../../functions/_shared/practice/submit-own';
import type { AnswersSaved, AttemptResult, Paper, TestsOverview } from '../../src/lib/schemas/practice-attempts';
import { indiaToday } from '../../src/lib/schemas/real-day';
import { db, targets } from './helpers';
import {
  EXPLANATION_MARK,
  asStudent,
  cccFixture,
  insertCourseWithChapters,
  insertDrawnTest,
  insertFixedTest,
  insertPracticeBatch,
  insertPracticeStudent,
  insertQuestions,
  openTest,
  practiceTag,
  type TestTerms,
} from './practice-attempt-fixtures';
import type { Target } from './global-setup';
import { LIMITS } from '../../functions/_shared/platform/limits';
import { rateLimitsOn } from '../support/rate-limits';

const now = () => new Date().toISOString();
/** An India day `offset` days from today. */
const indiaDayFrom = (offset: number) => indiaToday(new Date(Date.now() + offset * 86_400_000));

/** A fixed test of 4 one-answer questions (right option: the first as written) and one of two right options, opened to a batch of `students`. */
async function fixedFixture(target: Target, terms: TestTerms, students = 1) {
  const tag = practiceTag();
  const { courseId, chapterIds } = await insertCourseWithChapters(target, 2, tag);
  const single = await insertQuestions(target, courseId, chapterIds[0]!, { count: 4 }, tag);
  const multiple = await insertQuestions(target, courseId, chapterIds[1]!, { count: 1, options: 5, correct: [1, 3] }, tag);
  const testId = await insertFixedTest(target, courseId, [...single, ...multiple], { durationMinutes: 15, ...terms });
  const batchId = await insertPracticeBatch(target, courseId);
  const openingId = await openTest(target, testId, batchId);
  const people = [];
  for (let i = 0; i < students; i += 1) people.push(await insertPracticeStudent(target, batchId, `fixed${tag}${i}`));
  return { tag, courseId, chapterIds, single, multiple, testId, batchId, openingId, students: people };
}

const start = (target: Target, token: string, openingId: string, language?: 'en' | 'hi') =>
  asStudent(target, token, `/api/tests/${openingId}/start`, { body: {}, ...(language ? { language } : {}) });
const save = (target: Target, token: string, attemptId: string, answers: unknown[], language?: 'en' | 'hi') =>
  asStudent(target, token, `/api/tests/attempts/${attemptId}/answers`, { method: 'PUT', body: { answers }, ...(language ? { language } : {}) });
const submit = (target: Target, token: string, attemptId: string, answers: unknown[] = []) =>
  asStudent(target, token, `/api/tests/attempts/${attemptId}/submit`, { body: { answers } });

/** The answer choosing `chosen` for `position`, at `at`. */
const answer = (position: number, chosen: number[], at = now()) => ({ position, chosen, review: false, at });

describe.each(targets)('a student takes a practice test, on $name', (target) => {
  it('draws a paper of 100 questions, 25 of each chapter, without the right answers or explanations, and resumes it', async () => {
    const fx = await cccFixture(target, { students: 1 });
    const [student] = fx.students;
    const list = (await (await asStudent(target, student!.token, '/api/tests')).json()) as TestsOverview;
    expect(list.open).toEqual([
      expect.objectContaining({
        openingId: fx.openingId,
        questions: 100,
        durationMinutes: 90,
        maxMarks: 10000,
        passMarks: 5000,
        attemptsUsed: 0,
        attemptsAllowed: 1,
        inProgress: null,
      }),
    ]);

    const res = await start(target, student!.token, fx.openingId);
    expect(res.status).toBe(201);
    const text = await res.text();
    const paper = JSON.parse(text) as Paper;
    expect(paper.questions).toHaveLength(100);
    // Nothing of the answers: no explanation's words, no key that could carry a right answer.
    expect(text).not.toContain(EXPLANATION_MARK);
    expect(text).not.toMatch(/"(correct|explanation\w*|keep_?order|right)"/i);
    for (const question of paper.questions) {
      expect(Object.keys(question).sort()).toEqual(['chapter', 'multiple', 'options', 'picture', 'position', 'text']);
      expect(question.options.map((o) => Object.keys(o).sort().join())).toEqual(Array(4).fill('en,hi,id'));
      expect(question.options.map((o) => o.id).sort()).toEqual([0, 1, 2, 3]);
      // Each option is the one its id names, as written.
      for (const option of question.options) expect(option.en).toMatch(new RegExp(`^Option ${option.id} of Q\\d+$`));
    }
    const perChapter = new Map<string, number>();
    for (const q of paper.questions) perChapter.set(q.chapter.en, (perChapter.get(q.chapter.en) ?? 0) + 1);
    expect([...perChapter.values()]).toEqual([25, 25, 25, 25]);
    expect(new Set(paper.questions.map((q) => q.text.en)).size).toBe(100);
    expect(Date.parse(paper.deadlineAt) - Date.parse(paper.startedAt)).toBe(90 * 60_000);
    expect(paper).toMatchObject({
      number: 1,
      submittedAt: null,
      answers: [],
      test: { durationMinutes: 90, marksPerQuestion: 100, maxMarks: 10000, passMarks: 5000 },
    });

    // The stored paper names each question's version.
    const [stored] = await db<{ paper: { q: number; v: number; order: number[] }[] }>(target, 'select paper from practice_attempts where id = $1', [
      paper.attemptId,
    ]);
    expect(stored!.paper.every((e) => e.q > 0 && e.v === 1 && e.order.length === 4)).toBe(true);

    // Starting again gives the same attempt back; so does reading it.
    const again = await start(target, student!.token, fx.openingId);
    expect(again.status).toBe(200);
    expect(((await again.json()) as Paper).attemptId).toBe(paper.attemptId);
    const read = (await (await asStudent(target, student!.token, `/api/tests/attempts/${paper.attemptId}`)).json()) as Paper;
    expect(read.questions).toEqual(paper.questions);
    const listed = (await (await asStudent(target, student!.token, '/api/tests')).json()) as TestsOverview;
    expect(listed.inProgress).toMatchObject({ attemptId: paper.attemptId, openingId: fx.openingId, number: 1 });
    expect(listed.open[0]!.inProgress).toMatchObject({ attemptId: paper.attemptId, number: 1 });
  });

  it('keeps one attempt open at a time: another test is refused in words, and two starts at once make one attempt', async () => {
    const fx = await cccFixture(target, { students: 1 });
    const [student] = fx.students;
    const other = await openTest(target, (await cccFixture(target, { students: 0, terms: { title: `Other ${fx.tag}` } })).testId, fx.batchId);

    const both = await Promise.all([start(target, student!.token, fx.openingId), start(target, student!.token, fx.openingId)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    const ids = await Promise.all(both.map(async (r) => ((await r.json()) as Paper).attemptId));
    expect(ids[0]).toBe(ids[1]);
    expect(await db(target, 'select id from practice_attempts where student_id = $1', [student!.studentId])).toHaveLength(1);

    const refused = await start(target, student!.token, other);
    expect(refused.status).toBe(409);
    const [title] = await db<{ title_en: string; title_hi: string }>(target, 'select title_en, title_hi from practice_tests where id = $1', [fx.testId]);
    expect((await refused.json()).message).toBe(
      `You are in the middle of the test “${title!.title_en}”. Please finish and submit it before you start another test.`,
    );
    const hindi = await start(target, student!.token, other, 'hi');
    expect((await hindi.json()).message).toContain(`“${title!.title_hi}”`);

    // Two different tests started at once: one attempt, the other refused in words, never a 500.
    const fresh = await insertPracticeStudent(target, fx.batchId, `race${fx.tag}`);
    const raced = await Promise.all([start(target, fresh.token, fx.openingId), start(target, fresh.token, other)]);
    expect(raced.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await db(target, 'select id from practice_attempts where student_id = $1', [fresh.studentId])).toHaveLength(1);
  });

  it('saves answers per position, the later one winning, and refuses a position or option the paper does not have', async () => {
    const fx = await fixedFixture(target, {});
    const [student] = fx.students;
    const paper = (await (await start(target, student!.token, fx.openingId)).json()) as Paper;
    const early = new Date(Date.now() - 60_000).toISOString();
    const res = await save(target, student!.token, paper.attemptId, [answer(1, [2]), answer(2, [1]), { ...answer(5, [1, 3]), review: true }]);
    expect(res.status).toBe(200);
    const saved = (await res.json()) as AnswersSaved;
    expect(saved).toMatchObject({ saved: 3, deadlineAt: paper.deadlineAt });
    // An older send arriving late does not overwrite the newer answer.
    expect(((await (await save(target, student!.token, paper.attemptId, [answer(1, [3], early)])).json()) as AnswersSaved).saved).toBe(0);

    const before = await db(target, 'select position, chosen, review from practice_answers where attempt_id = $1 order by position', [paper.attemptId]);
    expect(before).toEqual([
      { position: 1, chosen: [2], review: false },
      { position: 2, chosen: [1], review: false },
      { position: 5, chosen: [1, 3], review: true },
    ]);
    const beyond = await save(target, student!.token, paper.attemptId, [answer(3, [0]), answer(6, [0])]);
    expect(beyond.status).toBe(400);
    expect((await beyond.json()).message).toBe('Question 6 is not in this paper.');
    const noOption = await save(target, student!.token, paper.attemptId, [answer(3, [4])]);
    expect(noOption.status).toBe(400);
    expect((await noOption.json()).message).toBe('An option that question 3 does not have was chosen.');
    const twice = await save(target, student!.token, paper.attemptId, [answer(3, [1, 1])]);
    expect(twice.status).toBe(400);
    expect(await db(target, 'select position, chosen, review from practice_answers where attempt_id = $1 order by position', [paper.attemptId])).toEqual(
      before,
    );

    const read = (await (await asStudent(target, student!.token, `/api/tests/attempts/${paper.attemptId}`)).json()) as Paper;
    expect(read.answers.map((a) => [a.position, a.chosen])).toEqual([
      [1, [2]],
      [2, [1]],
      [5, [1, 3]],
    ]);
  });

  it('marks with negative marks and the pass mark as the test has them, once, and a later edit of a question changes nothing', async () => {
    // 1 mark each, a quarter off for a wrong answer, pass at 2.75 of 5.
    const fx = await fixedFixture(target, { marks: 100, negative: 25, pass: 275 }, 2);
    const [passing, failing] = fx.students;
    const paperOf = async (token: string) => (await (await start(target, token, fx.openingId)).json()) as Paper;

    // 2 right, 1 wrong, 1 unanswered, and the two-answer question right: 3 - 0.25 = 2.75, exactly the pass mark.
    const mine = await paperOf(passing!.token);
    expect(mine.questions[4]!.multiple).toBe(true);
    expect((await save(target, passing!.token, mine.attemptId, [answer(1, [0]), answer(2, [0]), answer(3, [1])])).status).toBe(200);
    const [first, second] = await Promise.all([
      submit(target, passing!.token, mine.attemptId, [answer(5, [3, 1])]),
      submit(target, passing!.token, mine.attemptId, [answer(5, [3, 1])]),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const result = (await first.json()) as AttemptResult;
    expect(await second.json()).toEqual(result);
    expect(result).toMatchObject({
      score: 275,
      maxScore: 500,
      passMarks: 275,
      passed: true,
      correct: 3,
      answered: 4,
      questions: 5,
      submittedBy: 'student',
      unsent: 0,
    });
    expect(result.chapters.map((c) => [c.title.en, c.score, c.max])).toEqual([
      [`Chapter 1 ${fx.tag}`, 175, 400],
      [`Chapter 2 ${fx.tag}`, 100, 100],
    ]);
    // The submission answers without the review; the result has it.
    expect(result.review).toBeNull();
    const shown = (await (await asStudent(target, passing!.token, `/api/tests/attempts/${mine.attemptId}/result`)).json()) as AttemptResult;
    expect(shown).toEqual({ ...result, review: shown.review });
    expect(shown.review!.map((q) => q.marks)).toEqual([100, 100, -25, 0, 100]);
    expect(shown.review![2]).toMatchObject({ chosen: [1], correct: [0], explanation: { en: expect.stringContaining(EXPLANATION_MARK) } });
    // Submitted again later: the same result, marked once.
    expect(await (await submit(target, passing!.token, mine.attemptId)).json()).toEqual(result);
    expect(await db(target, 'select count(*)::int as n from practice_attempts where id = $1 and submitted_at is not null', [mine.attemptId])).toEqual([
      { n: 1 },
    ]);

    // A quarter short of the pass mark: 2 right, 3 wrong (one of them only half the two right options) = 2 - 0.75.
    const theirs = await paperOf(failing!.token);
    await save(target, failing!.token, theirs.attemptId, [answer(1, [0]), answer(2, [0]), answer(3, [1]), answer(4, [2]), answer(5, [1])]);
    const failed = (await (await submit(target, failing!.token, theirs.attemptId)).json()) as AttemptResult;
    expect(failed).toMatchObject({ score: 125, passed: false, correct: 2, answered: 5 });

    // The first question edited (a new version, another right option) after the attempts: the results stay as marked.
    await db(
      target,
      `insert into question_versions (question_id, version, text_en, text_hi, options, correct, explanation_en, explanation_hi)
       select question_id, 2, 'Edited ' || text_en, text_hi, options, '{2}', explanation_en, explanation_hi from question_versions where question_id = $1 and version = 1`,
      [fx.single[0]],
    );
    await db(target, 'update questions set current_version = 2 where id = $1', [fx.single[0]]);
    const reread = (await (await asStudent(target, passing!.token, `/api/tests/attempts/${mine.attemptId}/result`)).json()) as AttemptResult;
    expect(reread).toEqual(shown);
    expect(reread.review![0]!.text.en).not.toMatch(/^Edited/);
  });

  it('refuses answers after the deadline, saving nothing, and the deadline submits what reached the server', async () => {
    const fx = await fixedFixture(target, { marks: 100, pass: 300 }, 2);
    const [late, away] = fx.students;
    const paper = (await (await start(target, late!.token, fx.openingId)).json()) as Paper;
    await save(target, late!.token, paper.attemptId, [answer(1, [0]), answer(2, [0])]);
    await db(target, `update practice_attempts set deadline_at = now() - interval '1 minute', started_at = now() - interval '16 minutes' where id = $1`, [
      paper.attemptId,
    ]);
    const [deadline] = await db<{ deadline_at: Date }>(target, 'select deadline_at from practice_attempts where id = $1', [paper.attemptId]);
    const time = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(deadline!.deadline_at);

    const refused = await save(target, late!.token, paper.attemptId, [answer(3, [0]), answer(4, [0])]);
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(`The time for this test ended at ${time}; answers sent after it are not counted.`);
    const hindi = await save(target, late!.token, paper.attemptId, [answer(3, [0])], 'hi');
    expect(hindi.status).toBe(409);
    expect((await hindi.json()).message).toMatch(/^इस टेस्ट का समय .+ पर खत्म हो गया; उसके बाद भेजे गए उत्तर नहीं गिने जाते।$/);
    expect(await db(target, 'select position from practice_answers where attempt_id = $1 order by position', [paper.attemptId])).toEqual([
      { position: 1 },
      { position: 2 },
    ]);

    // Submitted at the deadline with the two answers that reached the server.
    const [row] = await db<{ submitted_by: string; score: number; submitted_at: Date }>(
      target,
      'select submitted_by, score, submitted_at from practice_attempts where id = $1',
      [paper.attemptId],
    );
    expect(row).toMatchObject({ submitted_by: 'deadline', score: 200 });
    expect(row!.submitted_at.getTime()).toBe(deadline!.deadline_at.getTime());
    // The phone comes back and submits what it still held: two answers it never sent, one it had.
    const result = (await (await submit(target, late!.token, paper.attemptId, [answer(2, [0]), answer(3, [0]), answer(4, [0])])).json()) as AttemptResult;
    expect(result).toMatchObject({ score: 200, correct: 2, answered: 2, submittedBy: 'deadline', unsent: 2, passed: false, timeTakenSeconds: 15 * 60 });

    // A phone that never comes back: the schedule submits it.
    const gone = (await (await start(target, away!.token, fx.openingId)).json()) as Paper;
    await save(target, away!.token, gone.attemptId, [answer(1, [0]), answer(5, [1, 3])]);
    await db(target, `update practice_attempts set deadline_at = now() - interval '10 seconds' where id = $1`, [gone.attemptId]);
    const swept = await target.fetch('/.netlify/functions/tests-deadlines', { method: 'POST' });
    expect(swept.status).toBe(204);
    expect(await db(target, 'select submitted_by, score, correct_count, unsent_count from practice_attempts where id = $1', [gone.attemptId])).toEqual([
      { submitted_by: 'deadline', score: 200, correct_count: 2, unsent_count: null },
    ]);
    const read = (await (await asStudent(target, away!.token, `/api/tests/attempts/${gone.attemptId}`)).json()) as Paper;
    expect(read.submittedAt).not.toBeNull();
  });

  it('a read past the deadline submits the attempt first, within the grace an answer still counts', async () => {
    const fx = await fixedFixture(target, {});
    const [student] = fx.students;
    const paper = (await (await start(target, student!.token, fx.openingId)).json()) as Paper;
    // One second past the deadline: inside the grace of a request already on its way.
    await db(target, `update practice_attempts set deadline_at = now() - interval '1 second' where id = $1`, [paper.attemptId]);
    expect((await save(target, student!.token, paper.attemptId, [answer(1, [0])])).status).toBe(200);
    await db(target, `update practice_attempts set deadline_at = now() - interval '5 seconds' where id = $1`, [paper.attemptId]);
    const read = (await (await asStudent(target, student!.token, `/api/tests/attempts/${paper.attemptId}`)).json()) as Paper;
    expect(read.submittedAt).not.toBeNull();
    expect(read.answers).toHaveLength(1);
    const result = (await (await asStudent(target, student!.token, `/api/tests/attempts/${paper.attemptId}/result`)).json()) as AttemptResult;
    expect(result).toMatchObject({ score: 100, submittedBy: 'deadline', unsent: null });
  });

  it('allows the attempts the test allows, inside its window only', async () => {
    const fx = await fixedFixture(target, { attempts: 2, showAnswers: false });
    const [student] = fx.students;
    for (const number of [1, 2]) {
      const paper = (await (await start(target, student!.token, fx.openingId)).json()) as Paper;
      expect(paper.number).toBe(number);
      const result = (await (await submit(target, student!.token, paper.attemptId)).json()) as AttemptResult;
      expect(result).toMatchObject({ number, score: 0, review: null });
    }
    const used = await start(target, student!.token, fx.openingId);
    expect(used.status).toBe(409);
    expect((await used.json()).message).toBe('You have used all your attempts at this test (2 of 2).');
    const list = (await (await asStudent(target, student!.token, '/api/tests')).json()) as TestsOverview;
    expect(list.open[0]).toMatchObject({ attemptsUsed: 2, attemptsAllowed: 2 });
    expect(list.history.map((h) => h.number)).toEqual([2, 1]);

    const later = await openTest(target, fx.testId, fx.batchId, { opensAt: "now() + interval '1 day'", closesAt: "now() + interval '2 days'" });
    const closed = await openTest(target, fx.testId, fx.batchId, { opensAt: "now() - interval '2 days'", closesAt: "now() - interval '1 day'" });
    const other = await insertPracticeStudent(target, fx.batchId, `window${fx.tag}`);
    const notYet = await start(target, other.token, later);
    expect(notYet.status).toBe(403);
    expect((await notYet.json()).message).toMatch(/^This test opens at .+\. Please come back then\.$/);
    const over = await start(target, other.token, closed);
    expect(over.status).toBe(403);
    expect((await over.json()).message).toMatch(/^This test closed at .+; a new attempt can no longer be started\.$/);
    expect(((await (await asStudent(target, other.token, '/api/tests')).json()) as TestsOverview).open.map((o) => o.openingId)).toEqual([fx.openingId]);
  });

  it('shows the history and the result until 30 days after the batch ends, and hides them on the 31st', async () => {
    const fx = await fixedFixture(target, {});
    const [student] = fx.students;
    const paper = (await (await start(target, student!.token, fx.openingId)).json()) as Paper;
    await submit(target, student!.token, paper.attemptId, [answer(1, [0])]);
    const history = async () => ((await (await asStudent(target, student!.token, '/api/tests')).json()) as TestsOverview).history.map((h) => h.attemptId);
    const result = () => asStudent(target, student!.token, `/api/tests/attempts/${paper.attemptId}/result`);

    await db(target, 'update batches set starts_on = $2::date - 60, ends_on = $2 where id = $1', [fx.batchId, indiaDayFrom(-30)]);
    expect(await history()).toEqual([paper.attemptId]);
    expect((await result()).status).toBe(200);

    await db(target, 'update batches set starts_on = $2::date - 60, ends_on = $2 where id = $1', [fx.batchId, indiaDayFrom(-31)]);
    expect(await history()).toEqual([]);
    const gone = await result();
    expect(gone.status).toBe(410);
    expect((await gone.json()).message).toMatch(/^This result is no longer shown: test history is kept until 30 days after your batch ended \(.+\)\.$/);

    // The same test opened to a later batch the student is on too: their access runs to that batch's end.
    const later = await insertPracticeBatch(target, fx.courseId, indiaDayFrom(10));
    await db(target, 'insert into batch_students (batch_id, student_id) values ($1, $2)', [later, student!.studentId]);
    await openTest(target, fx.testId, later);
    expect(await history()).toEqual([paper.attemptId]);
  });

  it('answers 404 to anyone but the attempt’s own student, and to a test not opened to their batch', async () => {
    const fx = await fixedFixture(target, {}, 1);
    const [owner] = fx.students;
    const stranger = await insertPracticeStudent(target, null, `stranger${fx.tag}`);
    const paper = (await (await start(target, owner!.token, fx.openingId)).json()) as Paper;
    await save(target, owner!.token, paper.attemptId, [answer(1, [0])]);
    const before = await db(target, 'select * from practice_answers where attempt_id = $1', [paper.attemptId]);

    const calls: [string, { method?: string; body?: unknown }][] = [
      [`/api/tests/attempts/${paper.attemptId}`, {}],
      [`/api/tests/attempts/${paper.attemptId}/answers`, { method: 'PUT', body: { answers: [answer(1, [2])] } }],
      [`/api/tests/attempts/${paper.attemptId}/submit`, { body: {} }],
      [`/api/tests/attempts/${paper.attemptId}/result`, {}],
      [`/api/tests/${fx.openingId}/start`, { body: {} }],
    ];
    for (const [route, init] of calls) {
      const res = await asStudent(target, stranger.token, route, init);
      expect(res.status, route).toBe(404);
      expect(Object.keys(await res.json()).sort()).toEqual(['error', 'message']);
      expect((await asStudent(target, null, route, init)).status, `${route} signed out`).toBe(401);
    }
    expect(await db(target, 'select * from practice_answers where attempt_id = $1', [paper.attemptId])).toEqual(before);
    expect(await db(target, 'select submitted_at from practice_attempts where id = $1', [paper.attemptId])).toEqual([{ submitted_at: null }]);
    expect(await db(target, 'select id from practice_attempts where student_id = $1', [stranger.studentId])).toEqual([]);
    // A student who left the batch may not start either.
    await db(target, `update batch_students set status = 'left' where student_id = $1`, [owner!.studentId]);
    const left = await insertPracticeStudent(target, fx.batchId, `left${fx.tag}`);
    await db(target, `update batch_students set status = 'left' where student_id = $1`, [left.studentId]);
    expect((await start(target, left.token, fx.openingId)).status).toBe(404);
  });
});

describe.each(targets)('drawing a paper, on $name', (target) => {
  it('never repeats a question when two rules overlap, and refuses in words a bank too small for the rules', async () => {
    const tag = practiceTag();
    const { courseId, chapterIds } = await insertCourseWithChapters(target, 1, tag);
    const easy = await insertQuestions(target, courseId, chapterIds[0]!, { count: 5, keepOrder: true }, tag);
    const overlapping = await insertDrawnTest(target, courseId, [
      { chapterId: chapterIds[0]!, count: 3 },
      { chapterId: chapterIds[0]!, count: 2, difficulty: 'easy' },
    ]);
    const tooMany = await insertDrawnTest(target, courseId, [{ chapterId: chapterIds[0]!, count: 6 }]);
    const batchId = await insertPracticeBatch(target, courseId);
    for (let i = 0; i < 4; i += 1) {
      const student = await insertPracticeStudent(target, batchId, `draw${tag}${i}`);
      const paper = (await (await start(target, student.token, await openTest(target, overlapping, batchId))).json()) as Paper;
      expect(paper.questions.map((q) => /^Q(\d+) /.exec(q.text.en)![1]).sort()).toEqual([...easy].sort());
      // Kept in the order written.
      for (const question of paper.questions) expect(question.options.map((o) => o.id)).toEqual([0, 1, 2, 3]);
    }
    const student = await insertPracticeStudent(target, batchId, `short${tag}`);
    const refused = await start(target, student.token, await openTest(target, tooMany, batchId), 'hi');
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe('यह टेस्ट अभी शुरू नहीं हो सकता: प्रश्न-बैंक में इसके लिए पूरे प्रश्न नहीं हैं। कृपया संस्थान को बताएँ।');
    expect(await db(target, 'select id from practice_attempts where student_id = $1', [student.studentId])).toEqual([]);
  });
});

describe.each(targets)('the limits of saving answers, on $name', (target) => {
  it('are per student and attempt, not per address: a lab behind one address saves on while one student’s spent limit refuses them alone', async () => {
    const fx = await fixedFixture(target, {}, 3);
    const limits = rateLimitsOn((text, params) => db(target, text, params));
    const lab = '100.90.1.1';
    const papers = await Promise.all(fx.students.map(async (s) => ((await (await start(target, s.token, fx.openingId)).json()) as Paper).attemptId));
    // Every student of the lab, from the one address, saves ten times.
    for (let round = 0; round < 10; round += 1) {
      for (const [i, student] of fx.students.entries()) {
        const res = await asStudent(target, student.token, `/api/tests/attempts/${papers[i]}/answers`, {
          method: 'PUT',
          body: { answers: [answer(1, [round % 4])] },
          ip: lab,
        });
        expect(res.status).toBe(200);
      }
    }
    expect(await limits.hitsOf('practice-answers:attempt', `${fx.students[0]!.userId}:${papers[0]}`)).toBe(10);
    await limits.setHits('practice-answers:attempt', `${fx.students[0]!.userId}:${papers[0]}`, LIMITS['practice-answers:attempt'].max);
    const refused = await asStudent(target, fx.students[0]!.token, `/api/tests/attempts/${papers[0]}/answers`, {
      method: 'PUT',
      body: { answers: [answer(2, [0])] },
      ip: lab,
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await db(target, 'select position from practice_answers where attempt_id = $1', [papers[0]])).toEqual([{ position: 1 }]);
    const others = await asStudent(target, fx.students[1]!.token, `/api/tests/attempts/${papers[1]}/answers`, {
      method: 'PUT',
      body: { answers: [answer(2, [0])] },
      ip: lab,
    });
    expect(others.status).toBe(200);
  });
});

describe.each(targets)('a submission racing a save, on $name', (target) => {
  it('counts an answer whose save committed while the marking was being recorded', async () => {
    const fx = await fixedFixture(target, { marks: 100, pass: 100 });
    const [student] = fx.students;
    const paper = (await (await start(target, student!.token, fx.openingId)).json()) as Paper;
    await save(target, student!.token, paper.attemptId, [answer(1, [0])]);
    // The database as the functions use it, with a save landing just after the marking's statement
    // began (as a save already running then commits before the marking does).
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      let landed = false;
      const racing = {
        query: async (text: string, params: unknown[]) => {
          const result = await client.query(text, params);
          if (!landed && /set submitted_at = case/.test(text)) {
            landed = true;
            await client.query(`insert into practice_answers (attempt_id, position, chosen, answered_at) values ($1, 2, '{0}', now())`, [paper.attemptId]);
          }
          return result;
        },
      } as unknown as Queryable;
      const result = await submitOwn(racing, paper.attemptId, { userId: student!.userId, email: student!.email }, []);
      expect(landed).toBe(true);
      expect(result).toMatchObject({ score: 200, correct: 2, answered: 2 });
      expect(await db(target, 'select score, correct_count from practice_attempts where id = $1', [paper.attemptId])).toEqual([
        { score: 200, correct_count: 2 },
      ]);
    } finally {
      await client.end();
    }
  });
});
