/**
 * An attempt's paper as the student sees it (the `Paper` of src/lib/schemas/practice-attempts.ts):
 * each question's text and options in the order this attempt shows them, with the ids the answers
 * name — and never the right answers or the explanations, which this module does not even read.
 */
import type { Answer, BothLanguages, Paper, PaperQuestion } from '../../../src/lib/schemas/practice-attempts';
import type { Queryable } from '../platform/db';
import type { AttemptRow } from './attempts';
import { questionPictureAddress } from './question-picture';

/** One question of a paper as read for showing it. */
export interface QuestionRow {
  position: number;
  text_en: string;
  text_hi: string;
  options: BothLanguages[];
  multiple: boolean;
  picture: string | null;
  chapter_en: string;
  chapter_hi: string;
  order: number[];
}

/** The questions of `attempt`'s paper in its order, as shown (no right answers). */
export async function paperQuestions(db: Queryable, attemptId: string): Promise<PaperQuestion[]> {
  const { rows } = await db.query<QuestionRow>(
    `select p.ord::int as position, v.text_en, v.text_hi, v.options, cardinality(v.correct) > 1 as multiple, v.picture,
            c.title_en as chapter_en, c.title_hi as chapter_hi, p.e->'order' as "order"
       from practice_attempts a cross join lateral jsonb_array_elements(a.paper) with ordinality as p(e, ord)
       join question_versions v on v.question_id = (p.e->>'q')::bigint and v.version = (p.e->>'v')::int
       join course_chapters c on c.id = (p.e->>'chapter')::bigint
      where a.id = $1
      order by p.ord`,
    [attemptId],
  );
  return rows.map(shownQuestion);
}

/** A question as the student sees it: the options in the order shown, each with its id. */
export const shownQuestion = (row: QuestionRow): PaperQuestion => ({
  position: row.position,
  text: { en: row.text_en, hi: row.text_hi },
  options: row.order.map((id) => ({ id, en: row.options[id]!.en, hi: row.options[id]!.hi })),
  multiple: row.multiple,
  picture: questionPictureAddress(row.picture),
  chapter: { en: row.chapter_en, hi: row.chapter_hi },
});

/** The answers of attempt `attemptId` that reached the server, by position. */
export async function savedAnswers(db: Queryable, attemptId: string): Promise<Answer[]> {
  const { rows } = await db.query<{ position: number; chosen: number[]; review: boolean; at: Date }>(
    `select position, chosen::int[] as chosen, review, answered_at as at from practice_answers where attempt_id = $1 order by position`,
    [attemptId],
  );
  return rows.map((row) => ({ position: row.position, chosen: row.chosen, review: row.review, at: new Date(row.at).toISOString() }));
}

/** The test's title and duration as the paper shows them. */
export async function testHeading(db: Queryable, testId: string): Promise<{ title: BothLanguages; durationMinutes: number }> {
  const { rows } = await db.query<{ title_en: string; title_hi: string; duration_minutes: number }>(
    `select title_en, title_hi, duration_minutes from practice_tests where id = $1`,
    [testId],
  );
  const test = rows[0]!;
  return { title: { en: test.title_en, hi: test.title_hi }, durationMinutes: test.duration_minutes };
}

/** The `Paper` of `attempt`, with the answers that reached the server (none yet when it is `fresh`). */
export async function paperOf(db: Queryable, attempt: AttemptRow, { fresh = false } = {}): Promise<Paper> {
  const questions = await paperQuestions(db, attempt.id);
  const answers = fresh ? [] : await savedAnswers(db, attempt.id);
  const heading = await testHeading(db, attempt.test_id);
  const { terms } = attempt;
  return {
    attemptId: attempt.id,
    number: attempt.number,
    test: {
      id: attempt.test_id,
      title: heading.title,
      // The attempt's own length (the test's duration when it started), not the test's as edited since.
      durationMinutes: Math.round((new Date(attempt.deadline_at).getTime() - new Date(attempt.started_at).getTime()) / 60_000) || heading.durationMinutes,
      marksPerQuestion: terms.marks,
      negativeMarks: terms.negative,
      passMarks: terms.pass,
      maxMarks: terms.marks * questions.length,
    },
    startedAt: new Date(attempt.started_at).toISOString(),
    deadlineAt: new Date(attempt.deadline_at).toISOString(),
    serverNow: new Date(attempt.now).toISOString(),
    questions,
    answers,
    submittedAt: attempt.submitted_at ? new Date(attempt.submitted_at).toISOString() : null,
  };
}
