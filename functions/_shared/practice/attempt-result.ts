/**
 * A submitted attempt's result (`AttemptResult`, src/lib/schemas/practice-attempts.ts): the
 * marking stored at its submission, each chapter's score in the course's order, and — only when
 * the test shows answers after submitting — the review: each question with the student's answer,
 * the right one, the explanation in both languages and its marks, from the versions the paper
 * named (an edit since changes nothing). Two queries: the heading, and the review when shown.
 */
import type { AttemptResult, BothLanguages, ReviewQuestion } from '../../../src/lib/schemas/practice-attempts';
import type { Queryable } from '../platform/db';
import type { AttemptRow } from './attempts';
import { markPaper } from './marking';
import { shownQuestion, type QuestionRow } from './paper-view';

/** The test's title and the titles of the attempt's chapters (in the course's order), as the result shows them. */
export interface ResultHeading {
  title_en: string;
  title_hi: string;
  chapters: { id: string; en: string; hi: string }[] | null;
}

/** The result of `attempt` (submitted), read. */
export async function resultOf(db: Queryable, attempt: AttemptRow): Promise<AttemptResult> {
  const { rows: headings } = await db.query<ResultHeading>(
    `select t.title_en, t.title_hi,
            (select json_agg(json_build_object('id', c.id::text, 'en', c.title_en, 'hi', c.title_hi) order by c.position, c.id)
               from course_chapters c where c.id = any($2::bigint[])) as chapters
       from practice_tests t where t.id = $1`,
    [attempt.test_id, (attempt.chapter_scores ?? []).map((c) => c.chapter)],
  );
  return resultFrom(attempt, headings[0]!, attempt.terms.showAnswers ? await reviewRows(db, attempt.id) : []);
}

/**
 * The result of `attempt` (submitted) from its heading and its paper's review rows (used only when
 * the test shows answers); `rows` null leaves the review out (the submission's answer: the result
 * page reads it from GET …/result).
 */
export function resultFrom(attempt: AttemptRow, heading: ResultHeading, rows: readonly ReviewRow[] | null): AttemptResult {
  // In the course's order of chapters (a drawn paper is shuffled, so its first questions say nothing).
  const chapters = heading.chapters ?? [];
  const order = chapters.map((c) => c.id);
  const titles = new Map<string, BothLanguages>(chapters.map((c) => [c.id, { en: c.en, hi: c.hi }]));
  const submittedAt = new Date(attempt.submitted_at!);
  const scores = attempt.chapter_scores ?? [];
  return {
    attemptId: attempt.id,
    number: attempt.number,
    test: { id: attempt.test_id, title: { en: heading.title_en, hi: heading.title_hi } },
    score: attempt.score!,
    maxScore: attempt.max_score!,
    passMarks: attempt.terms.pass,
    passed: attempt.passed!,
    correct: attempt.correct_count!,
    answered: attempt.answered_count!,
    questions: attempt.paper.length,
    timeTakenSeconds: Math.max(0, Math.round((submittedAt.getTime() - new Date(attempt.started_at).getTime()) / 1000)),
    submittedAt: submittedAt.toISOString(),
    submittedBy: attempt.submitted_by!,
    unsent: attempt.unsent_count,
    chapters: [...scores]
      .sort((a, b) => order.indexOf(String(a.chapter)) - order.indexOf(String(b.chapter)))
      .map((c) => ({ title: titles.get(String(c.chapter)) ?? { en: '', hi: '' }, score: c.score, max: c.max })),
    review: attempt.terms.showAnswers && rows ? reviewOf(attempt, rows) : null,
  };
}

/** One question of a submitted paper with all a review shows: its words, the answer, the right one, the explanation. */
export interface ReviewRow extends QuestionRow {
  chapter: string;
  correct: number[];
  chosen: number[] | null;
  explanation_en: string;
  explanation_hi: string;
}

/** The paper of attempt `attemptId` in order, each question as given (its version) with the answer stored: what marking and the review read. */
export async function reviewRows(db: Queryable, attemptId: string): Promise<ReviewRow[]> {
  const { rows } = await db.query<ReviewRow>(
    `select p.ord::int as position, v.text_en, v.text_hi, v.options, cardinality(v.correct) > 1 as multiple, v.picture,
            c.title_en as chapter_en, c.title_hi as chapter_hi, p.e->'order' as "order", p.e->>'chapter' as chapter,
            v.correct::int[] as correct, ans.chosen::int[] as chosen, v.explanation_en, v.explanation_hi
       from practice_attempts a cross join lateral jsonb_array_elements(a.paper) with ordinality as p(e, ord)
       join question_versions v on v.question_id = (p.e->>'q')::bigint and v.version = (p.e->>'v')::int
       join course_chapters c on c.id = (p.e->>'chapter')::bigint
       left join practice_answers ans on ans.attempt_id = a.id and ans.position = p.ord
      where a.id = $1
      order by p.ord`,
    [attemptId],
  );
  return rows;
}

/** The review of `attempt` from its rows: each question as shown, with the answer chosen, the right one, the explanation and the marks. */
function reviewOf(attempt: AttemptRow, rows: readonly ReviewRow[]): ReviewQuestion[] {
  const { marks } = markPaper(rows, attempt.terms);
  return rows.map((row, i) => ({
    ...shownQuestion(row),
    chosen: row.chosen ?? [],
    correct: row.correct,
    explanation: { en: row.explanation_en, hi: row.explanation_hi },
    marks: marks[i]!,
  }));
}
