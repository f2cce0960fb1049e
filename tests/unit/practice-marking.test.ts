/**
 * The marking of a practice test (functions/_shared/practice/marking.ts): right only when the
 * options chosen are exactly the right ones, in any order; a wrong answer takes off the negative
 * marks; unanswered or cleared gives 0; pass at the pass mark exactly; per chapter.
 */
import { describe, expect, it } from 'vitest';
import { isRight, markPaper } from '../../functions/_shared/practice/marking';

const terms = { marks: 100, negative: 25, pass: 175, showAnswers: true };

describe('marking a practice test', () => {
  it('takes a question as right only when the chosen options are exactly the right ones', () => {
    expect(isRight([3, 1], [1, 3])).toBe(true);
    expect(isRight([1], [1, 3])).toBe(false);
    expect(isRight([1, 3, 0], [1, 3])).toBe(false);
    expect(isRight([2], [0])).toBe(false);
  });

  it('adds marks, takes off a quarter for a wrong answer, gives 0 for none, and passes at the pass mark exactly', () => {
    const marking = markPaper(
      [
        { chapter: '1', chosen: [0], correct: [0] },
        { chapter: '1', chosen: [1, 3], correct: [3, 1] },
        { chapter: '2', chosen: [2], correct: [0] },
        { chapter: '2', chosen: [], correct: [0] },
        { chapter: '2', chosen: null, correct: [1] },
      ],
      terms,
    );
    expect(marking).toEqual({
      score: 175,
      max: 500,
      passed: true,
      correct: 2,
      answered: 3,
      chapters: [
        { chapter: '1', score: 200, max: 200 },
        { chapter: '2', score: -25, max: 300 },
      ],
      marks: [100, 100, -25, 0, 0],
    });
    expect(markPaper([{ chapter: '1', chosen: [1], correct: [0] }], { ...terms, pass: 0 }).passed).toBe(false);
  });
});
