/**
 * A practice test's form as staff fill it: the values as typed (marks as "2" or "0.25"), what a
 * ready-made pattern puts in it, and the request it becomes (checked with the shared schema).
 */
import {
  hundredthsOf,
  marksInWords,
  PATTERN_ATTEMPTS,
  PATTERNS,
  PracticeTestFieldsSchema,
  type Difficulty,
  type PatternKey,
  type PracticeTest,
  type TestBank,
} from '../../lib/schemas/practice-tests';
import { fieldErrorsOf } from '../../lib/schemas/field-errors';

/** A rule of a drawn test as the form holds it. */
export interface DrawValues {
  /** A key of its own for React (rules are added and removed). */
  key: number;
  chapterId: string;
  difficulty: Difficulty | '';
  count: string;
}

/** The form's values, as typed. */
export interface TestValues {
  courseId: string;
  titleEn: string;
  titleHi: string;
  pattern: PatternKey;
  kind: 'drawn' | 'fixed';
  draws: DrawValues[];
  questionIds: string[];
  durationMinutes: string;
  marksPerQuestion: string;
  negativeMarks: string;
  passMarks: string;
  attemptsAllowed: string;
  showAnswers: boolean;
}

let keys = 0;
/** A new rule's key. */
export const nextKey = () => ++keys;

/** The form of test `t`, or of a new test of course `courseId`. */
export const valuesOf = (t: PracticeTest | undefined, courseId = ''): TestValues => ({
  courseId: t?.courseId ?? courseId,
  titleEn: t?.title.en ?? '',
  titleHi: t?.title.hi ?? '',
  pattern: t?.pattern ?? 'custom',
  kind: t?.kind ?? 'drawn',
  draws: (t?.draws ?? []).map((d) => ({ key: nextKey(), chapterId: d.chapterId, difficulty: d.difficulty ?? '', count: String(d.count) })),
  questionIds: t?.questionIds ?? [],
  durationMinutes: t ? String(t.durationMinutes) : '',
  marksPerQuestion: t ? marksInWords(t.marksPerQuestion) : '1',
  negativeMarks: t ? marksInWords(t.negativeMarks) : '0',
  passMarks: t ? marksInWords(t.passMarks) : '',
  attemptsAllowed: t ? String(t.attemptsAllowed) : '1',
  showAnswers: t?.showAnswers ?? true,
});

/** Current questions of a chapter of the bank. */
export const chapterSize = (c: TestBank['chapters'][number]) => c.easy + c.medium + c.hard;

/**
 * `total` questions spread over `chapters` in proportion to the questions each has (evenly when
 * none has any yet), largest remainders first; chapters given none are left out.
 */
export function spread(total: number, chapters: TestBank['chapters']): { chapterId: string; count: number }[] {
  if (chapters.length === 0) return [];
  const weights = chapters.map((c) => chapterSize(c));
  const sum = weights.reduce((a, b) => a + b, 0);
  const shares = chapters.map((c, i) => ({ chapterId: c.id, exact: (total * (sum ? weights[i]! : 1)) / (sum || chapters.length) }));
  const counts = shares.map((s) => ({ chapterId: s.chapterId, count: Math.floor(s.exact), rest: s.exact - Math.floor(s.exact) }));
  let left = total - counts.reduce((a, c) => a + c.count, 0);
  for (const c of [...counts].sort((a, b) => b.rest - a.rest)) {
    if (left <= 0) break;
    c.count += 1;
    left -= 1;
  }
  return counts.filter((c) => c.count > 0).map(({ chapterId, count }) => ({ chapterId, count }));
}

/** Hindi titles a pattern gives a test left without one. */
const HINDI_TITLES: Record<Exclude<PatternKey, 'custom'>, string> = {
  'ccc-mock': 'CCC अभ्यास परीक्षा',
  'rscit-final': 'RS-CIT अंतिम अभ्यास परीक्षा',
  'chapter-test': 'अध्याय परीक्षा',
};

/**
 * The form filled from pattern `key` over the course's `bank` (a chapter test from `chapterId`, or
 * the chapter with the most questions): its figures, its rules, and titles where none were typed.
 */
export function withPattern(values: TestValues, key: Exclude<PatternKey, 'custom'>, bank: TestBank | undefined, chapterId?: string): TestValues {
  const p = PATTERNS[key];
  const chapters = bank?.chapters ?? [];
  let draws: DrawValues[];
  let chapterTitle = '';
  let chapterHi = '';
  if (p.oneChapter) {
    const chosen = chapters.find((c) => c.id === chapterId) ?? [...chapters].sort((a, b) => chapterSize(b) - chapterSize(a))[0];
    draws = chosen ? [{ key: nextKey(), chapterId: chosen.id, difficulty: '', count: String(p.questions) }] : [];
    chapterTitle = chosen?.title ?? '';
    chapterHi = chosen?.titleHi ?? '';
  } else {
    draws = spread(p.questions, chapters).map((d) => ({ key: nextKey(), chapterId: d.chapterId, difficulty: '', count: String(d.count) }));
  }
  const title = p.oneChapter && chapterTitle ? `Chapter test: ${chapterTitle}` : p.label;
  const titleHi = p.oneChapter && chapterHi ? `${HINDI_TITLES[key]}: ${chapterHi}` : HINDI_TITLES[key];
  return {
    ...values,
    pattern: key,
    kind: 'drawn',
    draws,
    titleEn: values.titleEn.trim() ? values.titleEn : title,
    titleHi: values.titleHi.trim() ? values.titleHi : titleHi,
    durationMinutes: String(p.durationMinutes),
    marksPerQuestion: marksInWords(p.marksPerQuestion),
    negativeMarks: '0',
    passMarks: marksInWords(p.passMarks),
    attemptsAllowed: String(PATTERN_ATTEMPTS),
    showAnswers: true,
  };
}

/** The request of the form's values, or the errors the shared schema finds (by field). */
export function requestOf(values: TestValues) {
  const parsed = PracticeTestFieldsSchema.safeParse({
    courseId: values.courseId,
    title: { en: values.titleEn, hi: values.titleHi },
    pattern: values.pattern,
    kind: values.kind,
    draws: values.kind === 'drawn' ? values.draws.map((d) => ({ chapterId: d.chapterId, difficulty: d.difficulty || null, count: d.count })) : [],
    questionIds: values.kind === 'fixed' ? values.questionIds : [],
    durationMinutes: values.durationMinutes,
    marksPerQuestion: hundredthsOf(values.marksPerQuestion),
    negativeMarks: hundredthsOf(values.negativeMarks) ?? 0,
    passMarks: hundredthsOf(values.passMarks),
    attemptsAllowed: values.attemptsAllowed,
    showAnswers: values.showAnswers,
  });
  return parsed.success ? { data: parsed.data, errors: null } : { data: null, errors: fieldErrorsOf(parsed.error.issues) };
}

/** The questions and total marks the form's values make, in words: '35 questions, 70 marks in all'. */
export function totalInWords(values: TestValues): string {
  const questions = values.kind === 'fixed' ? values.questionIds.length : values.draws.reduce((sum, d) => sum + (Number(d.count) || 0), 0);
  const each = hundredthsOf(values.marksPerQuestion);
  if (!questions) return 'No questions yet.';
  const total = each && Number.isFinite(each) ? `, ${marksInWords(questions * each)} marks in all` : '';
  return `${questions} question${questions === 1 ? '' : 's'}${total}.`;
}
