/**
 * A submitted attempt's result (`AttemptResult`, src/lib/schemas/practice-attempts.ts): the
 * marking stored at its submission, each chapter's score, and — only when the test shows answers
 * after submitting — the review: each question with the student's answer, the right one, the
 * explanation in both languages and its marks, from the versions the paper named.
 */
import type { AttemptResult, BothLanguages, ReviewQuestion } from '../../../src/lib/schemas/practice-attempts';
import type { Queryable } from '../platform/db';
import { markRows, type AttemptRow } from './attempts';
import { markPaper } from './marking';
import { paperQuestions, testHeading } from './paper-view';

/** The result of `attempt` (submitted). */
export async function resultOf(db: Queryable, attempt: AttemptRow): Promise<AttemptResult> {
  const heading = await testHeading(db, attempt.test_id);
  // In the course's order of chapters (a drawn paper is shuffled, so its first questions say nothing).
  const { rows: chapterTitles } = await db.query<{ id: string; title_en: string; title_hi: string }>(
    `select id::text, title_en, title_hi from course_chapters where id = any($1::bigint[]) order by position, id`,
    [(attempt.chapter_scores ?? []).map((c) => c.chapter)],
  );
  const titles = new Map<string, BothLanguages>(chapterTitles.map((c) => [c.id, { en: c.title_en, hi: c.title_hi }]));
  const order = chapterTitles.map((c) => c.id);
  const submittedAt = new Date(attempt.submitted_at!);
  return {
    attemptId: attempt.id,
    number: attempt.number,
    test: { id: attempt.test_id, title: heading.title },
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
    chapters: [...(attempt.chapter_scores ?? [])]
      .sort((a, b) => order.indexOf(String(a.chapter)) - order.indexOf(String(b.chapter)))
      .map((c) => ({ title: titles.get(String(c.chapter)) ?? { en: '', hi: '' }, score: c.score, max: c.max })),
    review: attempt.terms.showAnswers ? await reviewOf(db, attempt) : null,
  };
}

/** The review of `attempt`: its questions as shown, with the answer chosen, the right one, the explanation and the marks. */
async function reviewOf(db: Queryable, attempt: AttemptRow): Promise<ReviewQuestion[]> {
  const questions = await paperQuestions(db, attempt.id);
  const rows = await markRows(db, attempt.id);
  const { marks } = markPaper(rows, attempt.terms);
  const { rows: explanations } = await db.query<{ position: number; en: string; hi: string }>(
    `select p.ord::int as position, v.explanation_en as en, v.explanation_hi as hi
       from practice_attempts a cross join lateral jsonb_array_elements(a.paper) with ordinality as p(e, ord)
       join question_versions v on v.question_id = (p.e->>'q')::bigint and v.version = (p.e->>'v')::int
      where a.id = $1 order by p.ord`,
    [attempt.id],
  );
  return questions.map((question, i) => ({
    ...question,
    chosen: [...(rows[i]!.chosen ?? [])],
    correct: [...rows[i]!.correct],
    explanation: { en: explanations[i]!.en, hi: explanations[i]!.hi },
    marks: marks[i]!,
  }));
}
