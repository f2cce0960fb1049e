/**
 * The marking of a practice test (decision 052), one rule for every way an attempt is submitted:
 * a question is right when the options chosen are exactly the right ones (as sets), and gives
 * the terms' marks; a wrong one takes off the negative marks; one left unanswered (or cleared)
 * gives 0. Marks are hundredths of a mark, so a quarter off adds up exactly.
 */

/** The test's terms as the attempt fixed them at its start (practice_attempts.terms). */
export interface Terms {
  /** Hundredths of a mark for a right answer. */
  marks: number;
  /** Hundredths of a mark taken off for a wrong answer. */
  negative: number;
  /** Hundredths of a mark needed to pass. */
  pass: number;
  /** Whether the review (right answers, explanations) is shown after submitting. */
  showAnswers: boolean;
}

/** One question of the paper to mark: its chapter, the options chosen (none: unanswered) and the right ones. */
export interface MarkRow {
  chapter: string;
  chosen: readonly number[] | null;
  correct: readonly number[];
}

/** The marking of a paper. */
export interface Marking {
  score: number;
  max: number;
  passed: boolean;
  correct: number;
  answered: number;
  /** Per chapter, in the order of their first question. */
  chapters: { chapter: string; score: number; max: number }[];
  /** Each question's marks, in the paper's order. */
  marks: number[];
}

/** Whether `chosen` names exactly the options of `correct`. */
export const isRight = (chosen: readonly number[], correct: readonly number[]): boolean =>
  chosen.length === new Set(correct).size && chosen.every((id) => correct.includes(id));

/** Marks `rows` (the paper in order) under `terms`. */
export function markPaper(rows: readonly MarkRow[], terms: Terms): Marking {
  const chapters = new Map<string, { chapter: string; score: number; max: number }>();
  const marking: Marking = { score: 0, max: 0, passed: false, correct: 0, answered: 0, chapters: [], marks: [] };
  for (const row of rows) {
    const answered = (row.chosen?.length ?? 0) > 0;
    const right = answered && isRight(row.chosen!, row.correct);
    const marks = !answered ? 0 : right ? terms.marks : -terms.negative;
    const chapter = chapters.get(row.chapter) ?? { chapter: row.chapter, score: 0, max: 0 };
    chapters.set(row.chapter, chapter);
    chapter.score += marks;
    chapter.max += terms.marks;
    marking.score += marks;
    marking.max += terms.marks;
    if (answered) marking.answered += 1;
    if (right) marking.correct += 1;
    marking.marks.push(marks);
  }
  marking.passed = marking.score >= terms.pass;
  marking.chapters = [...chapters.values()];
  return marking;
}
