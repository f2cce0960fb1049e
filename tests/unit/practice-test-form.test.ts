/**
 * A practice test's form: marks as staff type them become hundredths and back, a pattern fills the
 * form with its figures (a mock spread over the chapters by their size), and the shared schema
 * refuses pass marks above the total in words.
 */
import { describe, expect, it } from 'vitest';
import { hundredthsOf, marksInWords, PracticeTestFieldsSchema } from '../../src/lib/schemas/practice-tests';
import { requestOf, spread, totalInWords, valuesOf, withPattern } from '../../src/admin/practice/test-form';

const chapter = (id: string, easy: number, titleHi = 'अध्याय') => ({ id, title: `Chapter ${id}`, titleHi, easy, medium: 0, hard: 0 });
const bank = { course: { id: '1', title: 'RS-CIT' }, chapters: [chapter('10', 30), chapter('11', 20)], questions: [] };

describe('marks as staff type them', () => {
  it.each([
    ['2', 200],
    ['0.25', 25],
    ['1.5', 150],
    ['0,5', 50],
    [' 28 ', 2800],
  ])('%s is %i hundredths', (text, hundredths) => expect(hundredthsOf(text)).toBe(hundredths));
  it('blank is none, and three decimals or words are not marks', () => {
    expect(hundredthsOf('')).toBeUndefined();
    expect(hundredthsOf('0.333')).toBeNaN();
    expect(hundredthsOf('two')).toBeNaN();
    expect(hundredthsOf('-1')).toBeNaN();
  });
  it('hundredths read back as typed', () => expect([200, 25, 150, 7000].map(marksInWords)).toEqual(['2', '0.25', '1.5', '70']));
});

describe('patterns', () => {
  it('spread a mock over the chapters by their size, keeping its count', () => {
    expect(spread(35, bank.chapters)).toEqual([
      { chapterId: '10', count: 21 },
      { chapterId: '11', count: 14 },
    ]);
    expect(spread(100, [chapter('1', 0), chapter('2', 0), chapter('3', 0)]).map((d) => d.count)).toEqual([34, 33, 33]);
    expect(spread(15, [])).toEqual([]);
  });
  it('the RS-CIT final mock fills 35 × 2 marks, 60 minutes, pass 28 of 70, and keeps a title typed', () => {
    const filled = withPattern({ ...valuesOf(undefined, '1'), titleEn: 'Mock 3' }, 'rscit-final', bank);
    expect(filled).toMatchObject({
      pattern: 'rscit-final',
      titleEn: 'Mock 3',
      durationMinutes: '60',
      marksPerQuestion: '2',
      passMarks: '28',
      negativeMarks: '0',
    });
    expect(totalInWords(filled)).toBe('35 questions, 70 marks in all.');
    expect(requestOf(filled).data).toMatchObject({ marksPerQuestion: 200, passMarks: 2800, draws: [{ count: 21 }, { count: 14 }] });
  });
  it('a chapter test takes the chapter chosen, 15 questions, pass 6', () => {
    const filled = withPattern(valuesOf(undefined, '1'), 'chapter-test', bank, '11');
    expect(filled.draws.map((d) => [d.chapterId, d.count])).toEqual([['11', '15']]);
    expect(filled).toMatchObject({ titleEn: 'Chapter test: Chapter 11', titleHi: 'अध्याय परीक्षा: अध्याय', passMarks: '6' });
  });
});

it('the schema refuses pass marks above the total, and a rule twice', () => {
  const base = { courseId: '1', title: { en: 'Mock', hi: 'अभ्यास' }, kind: 'drawn', durationMinutes: 60, marksPerQuestion: 200 };
  const above = PracticeTestFieldsSchema.safeParse({ ...base, draws: [{ chapterId: '10', difficulty: null, count: 35 }], passMarks: 7100 });
  expect(above.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
    ['passMarks', 'The pass marks (71) are more than the test’s total of 70 (35 × 2).'],
  ]);
  const twice = PracticeTestFieldsSchema.safeParse({
    ...base,
    draws: [
      { chapterId: '10', difficulty: 'easy', count: 5 },
      { chapterId: '10', difficulty: 'easy', count: 5 },
    ],
    passMarks: 0,
  });
  expect(twice.error?.issues[0]?.path).toEqual(['draws', 1, 'difficulty']);
});
