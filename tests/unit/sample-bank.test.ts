/**
 * The sample question bank itself (content/practice/sample-bank.json): sound as a bank, not only
 * valid. Every question has 2 to 6 options and its right options among them; its two languages
 * differ everywhere; each chapter holds enough questions for every sample test's draw, so each
 * pattern can be drawn in full (the CCC mock takes 100); and it is labelled as demo material.
 * Also the rule that keeps English words out of its Hindi.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { englishWordIn, OPTION_LETTERS, SAMPLE_PATTERNS, sampleBankSchema } from '../../src/schemas/content/sample-bank-schema';
import { SAMPLE_BANK_FILE } from '../../scripts/sample-bank.mjs';
import { PATTERNS } from '../../src/lib/schemas/practice-tests';

const bank = sampleBankSchema.parse(JSON.parse(readFileSync(SAMPLE_BANK_FILE, 'utf8')));
const questions = bank.chapters.flatMap((chapter) => chapter.questions.map((question, i) => ({ ...question, where: `${chapter.key} #${i + 1}` })));
const texts = (o: { en: string; hi: string } | string) => (typeof o === 'string' ? null : o);

describe('the sample bank', () => {
  it('holds 100 questions, at least 30 in each of its three chapters', () => {
    expect(questions).toHaveLength(100);
    expect(bank.chapters.map((c) => c.key)).toEqual(['fundamentals', 'ms-office', 'internet']);
    for (const chapter of bank.chapters) expect(chapter.questions.length, chapter.key).toBeGreaterThanOrEqual(30);
  });

  it('gives every question 2 to 6 options and its right options among them, never all of them', () => {
    for (const q of questions) {
      expect(q.options.length, q.where).toBeGreaterThanOrEqual(2);
      expect(q.options.length, q.where).toBeLessThanOrEqual(6);
      const positions = q.right.map((letter) => OPTION_LETTERS.indexOf(letter));
      for (const p of positions) expect(p, `${q.where}: right option ${OPTION_LETTERS[p]}`).toBeLessThan(q.options.length);
      expect(new Set(positions).size, q.where).toBe(positions.length);
      expect(positions.length, q.where).toBeLessThan(q.options.length);
    }
  });

  it('writes every question, option and explanation in both languages, the Hindi in Devanagari and different from the English', () => {
    for (const q of questions) {
      const pairs = [q.text, q.explanation, ...q.options.map(texts).filter((o) => o !== null)];
      for (const pair of pairs) {
        expect(pair.hi, q.where).not.toBe(pair.en);
        expect(pair.hi, q.where).toMatch(/[\u0900-\u097F]/);
        expect(englishWordIn(pair.hi), `${q.where}: ${pair.hi}`).toBeUndefined();
      }
    }
  });

  it('has the kinds of question the tests show: two-option, "All of the above" kept in order, two right options, every difficulty', () => {
    expect(questions.filter((q) => q.options.length === 2).length).toBeGreaterThanOrEqual(3);
    expect(questions.filter((q) => q.options.length === 4).length).toBeGreaterThanOrEqual(80);
    const allOfTheAbove = questions.filter((q) => q.options.some((o) => (typeof o === 'string' ? o : o.en) === 'All of the above'));
    expect(allOfTheAbove.length).toBeGreaterThanOrEqual(2);
    for (const q of allOfTheAbove) expect(q.keepOrder, q.where).toBe(true);
    expect(questions.filter((q) => q.right.length === 2).length).toBeGreaterThanOrEqual(2);
    expect(new Set(questions.map((q) => q.difficulty))).toEqual(new Set(['easy', 'medium', 'hard']));
    // Not every answer is A: a teacher reading the bank sees the right options spread out.
    const firsts = questions.filter((q) => q.right[0] === 'A').length;
    expect(firsts).toBeLessThan(50);
  });

  it('has one sample test of each pattern, each with the pattern’s figures, and chapters enough for every draw', () => {
    expect(bank.tests.map((t) => t.pattern).sort()).toEqual(Object.keys(SAMPLE_PATTERNS).sort());
    for (const test of bank.tests) {
      const pattern = SAMPLE_PATTERNS[test.pattern];
      expect(
        test.draws.reduce((sum, d) => sum + d.count, 0),
        test.pattern,
      ).toBe(pattern.questions);
      expect(test.durationMinutes, test.pattern).toBe(pattern.minutes);
      expect(test.marks, test.pattern).toBe(pattern.marks);
      expect(test.negativeMarks, test.pattern).toBe(0);
      for (const d of test.draws) {
        const chapter = bank.chapters.find((c) => c.key === d.chapter);
        expect(chapter, `${test.pattern} draws from ${d.chapter}`).toBeDefined();
        expect(chapter!.questions.filter((q) => !d.difficulty || q.difficulty === d.difficulty).length).toBeGreaterThanOrEqual(d.count);
      }
    }
    const ccc = bank.tests.find((t) => t.pattern === 'ccc-mock')!;
    expect(ccc.passMarks).toBe(50);
    expect(bank.tests.find((t) => t.pattern === 'rscit-final')!.passMarks).toBe(28);
    // The chapter test passes at a mark it can reach.
    const chapterTest = bank.tests.find((t) => t.pattern === 'chapter-test')!;
    expect(chapterTest.passMarks).toBeGreaterThan(0);
    expect(chapterTest.passMarks).toBeLessThanOrEqual(15);
  });

  it('checks the samples against the same figures as the test form’s ready-made patterns', () => {
    // The content schema keeps its own copy (it runs under Node outside the bundler); they must agree.
    for (const [key, pattern] of Object.entries(PATTERNS)) {
      const sample = SAMPLE_PATTERNS[key as keyof typeof SAMPLE_PATTERNS];
      expect({ questions: sample.questions, minutes: sample.minutes, marks: sample.marks * 100, chapters: sample.chapters }, key).toEqual({
        questions: pattern.questions,
        minutes: pattern.durationMinutes,
        marks: pattern.marksPerQuestion,
        chapters: pattern.oneChapter ? 'one' : 'any',
      });
      if (sample.pass !== null) expect(sample.pass * 100, key).toBe(pattern.passMarks);
    }
  });

  it('says it is demo material written for this website, on the set, its course and each test', () => {
    expect(bank.label.en).toMatch(/sample/i);
    expect(bank.label.en).toMatch(/not taken from the papers of any exam body/);
    expect(bank.label.hi).toContain('नमूना');
    expect(bank.course.title).toMatch(/sample/i);
    for (const test of bank.tests) {
      expect(test.title.en).toMatch(/\(sample\)/);
      expect(test.title.hi).toContain('(नमूना)');
    }
  });

  it('asks each question once', () => {
    const seen = new Set(questions.map((q) => q.text.en.toLowerCase()));
    expect(seen.size).toBe(questions.length);
    const seenHindi = new Set(questions.map((q) => q.text.hi));
    expect(seenHindi.size).toBe(questions.length);
  });
});

describe('englishWordIn (English words left in a Hindi text)', () => {
  it('finds an English word written in Latin letters', () => {
    expect(englishWordIn('इस file को खोलें।')).toBe('file');
    expect(englishWordIn('(password) डालें')).toBe('password');
  });

  it('lets abbreviations, names, keys, shortcuts, file names, addresses and formulas stay', () => {
    expect(englishWordIn('CPU और RAM में क्या अंतर है?')).toBeUndefined();
    expect(englishWordIn('Ctrl+C दबाएँ, फिर Enter।')).toBeUndefined();
    expect(englishWordIn('.docx फ़ाइल, ram.sharma@gmail.com और https://www.india.gov.in')).toBeUndefined();
    expect(englishWordIn('=SUM(A1:A5) का परिणाम')).toBeUndefined();
    expect(englishWordIn('सेल में Ram लिखा है')).toBeUndefined();
  });
});
