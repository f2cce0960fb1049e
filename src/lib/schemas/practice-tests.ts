/**
 * Practice tests as staff build them and open them to batches (decision 052): a test's fields, its
 * ready-made patterns, an opening's window, and the marks and moments as staff type and read them.
 * Marks are whole hundredths of a mark (100 = 1 mark) here and in the API; staff type "2" or
 * "0.25". The same schemas check the forms in the browser and the requests in the functions.
 */
import { z } from './zod';
import { TextSchema } from './fields';
import { isRealDay } from './real-day';
import { RecordIdSchema, VersionSchema } from './records';
import { MAX_PAPER_QUESTIONS } from './practice-attempts';
import { DIFFICULTIES, type Difficulty } from './practice-questions';

/** The patterns a test may be made from ('custom': none). */
export const PATTERN_KEYS = ['ccc-mock', 'rscit-final', 'chapter-test', 'custom'] as const;
/** A pattern's key. */
export type PatternKey = (typeof PATTERN_KEYS)[number];

/** A ready-made pattern: the figures one tap puts in the form (staff may change them after). */
export interface Pattern {
  /** What staff read on its button. */
  label: string;
  /** Its figures in words. */
  summary: string;
  questions: number;
  durationMinutes: number;
  /** Hundredths of a mark. */
  marksPerQuestion: number;
  /** Hundredths of a mark. */
  passMarks: number;
  /** Whether its questions come from one chapter (staff pick it). */
  oneChapter: boolean;
}

/** The ready-made patterns (decision 052): the exams the institute's students sit, and a chapter's test. */
export const PATTERNS: Record<Exclude<PatternKey, 'custom'>, Pattern> = {
  'ccc-mock': {
    label: 'CCC mock',
    summary: '100 questions, 90 minutes, 1 mark each, pass 50%',
    questions: 100,
    durationMinutes: 90,
    marksPerQuestion: 100,
    passMarks: 5000,
    oneChapter: false,
  },
  'rscit-final': {
    label: 'RS-CIT final mock',
    summary: '35 questions × 2 marks, 60 minutes, pass 28 of 70',
    questions: 35,
    durationMinutes: 60,
    marksPerQuestion: 200,
    passMarks: 2800,
    oneChapter: false,
  },
  'chapter-test': {
    label: 'Chapter test',
    summary: '15 questions of one chapter, 15 minutes, 1 mark each, pass 6 of 15 (40%)',
    questions: 15,
    durationMinutes: 15,
    marksPerQuestion: 100,
    passMarks: 600,
    oneChapter: true,
  },
};

/** A pattern's name as staff read it ('Custom' for a test made by hand). */
export const patternLabel = (key: string): string => (key in PATTERNS ? PATTERNS[key as Exclude<PatternKey, 'custom'>].label : 'Custom');

/** The attempts a test made from a pattern allows (practice: a second and a third go). */
export const PATTERN_ATTEMPTS = 3;

// A question's difficulties, as the question bank names them.
export { DIFFICULTIES, DIFFICULTY_LABELS, type Difficulty } from './practice-questions';

/** Most draw rules a test has. */
export const MAX_DRAWS = 40;

/** Hundredths of a mark as staff read them: 200 → '2', 25 → '0.25', 150 → '1.5'. */
export const marksInWords = (hundredths: number): string => String(Math.round(hundredths) / 100);

/**
 * Marks as staff type them ('2', '0.25', '1.5') in hundredths; undefined when blank, NaN when not
 * a number of marks with at most two decimals (the schema then says so in words).
 */
export function hundredthsOf(text: string): number | undefined {
  const value = text.trim().replace(',', '.');
  if (value === '') return undefined;
  if (!/^\d{1,5}(\.\d{1,2})?$/.test(value)) return Number.NaN;
  const [whole, part = ''] = value.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

const marks = (label: string, min: number, max: number) =>
  z
    .number({ message: `Please enter ${label}, e.g. 1 or 0.25.` })
    .int(`Please enter ${label} with at most two decimals, e.g. 0.25.`)
    .min(min, min > 0 ? `${label[0]!.toUpperCase()}${label.slice(1)} must be more than 0.` : `Please enter ${label}, e.g. 1 or 0.25.`)
    .max(max, `${label[0]!.toUpperCase()}${label.slice(1)} can be at most ${marksInWords(max)}.`);

const whole = (label: string, min: number, max: number) =>
  z.coerce
    .number({ message: `Please enter ${label}.` })
    .int(`Please enter ${label} as a whole number.`)
    .min(min, `${label[0]!.toUpperCase()}${label.slice(1)} must be at least ${min}.`)
    .max(max, `${label[0]!.toUpperCase()}${label.slice(1)} can be at most ${max}.`);

/** One rule of a drawn test: `count` questions of a chapter, of one difficulty or any. */
export const DrawSchema = z.object({
  /** The chapter (of the test's course). */
  chapterId: RecordIdSchema,
  /** 'easy', 'medium', 'hard', or null for any. */
  difficulty: z.enum(DIFFICULTIES, { message: 'Please choose a difficulty, or Any.' }).nullable(),
  /** How many questions of it each attempt draws. */
  count: whole('the number of questions', 1, MAX_PAPER_QUESTIONS),
});
export type Draw = z.infer<typeof DrawSchema>;

const testFields = z.object({
  /** The course whose bank it draws from. */
  courseId: RecordIdSchema,
  /** Its title in both languages (students read both). */
  title: z.object({ en: TextSchema('the title in English', 1, 120), hi: TextSchema('the title in Hindi', 1, 120) }),
  /** The ready-made pattern it was made from, or 'custom'. */
  pattern: z.enum(PATTERN_KEYS, { message: 'Please choose a pattern, or Custom.' }).default('custom'),
  /** Drawn from chapters (each attempt its own draw and order) or a fixed paper. */
  kind: z.enum(['drawn', 'fixed'], { message: 'Please choose how the questions are chosen.' }),
  /** A drawn test's rules. */
  draws: z.array(DrawSchema).max(MAX_DRAWS, `A test can have at most ${MAX_DRAWS} rules.`).default([]),
  /** A fixed paper's questions, in order (ids of the course's bank). */
  questionIds: z.array(RecordIdSchema).max(MAX_PAPER_QUESTIONS, `A paper can have at most ${MAX_PAPER_QUESTIONS} questions.`).default([]),
  /** Minutes from an attempt's start to its deadline. */
  durationMinutes: whole('the duration in minutes', 1, 300),
  /** Hundredths of a mark a right answer gives. */
  marksPerQuestion: marks('the marks per question', 1, 10000),
  /** Hundredths of a mark a wrong answer takes off (0: no negative marking). */
  negativeMarks: marks('the negative marks', 0, 10000).default(0),
  /** Hundredths of a mark needed to pass. */
  passMarks: marks('the pass marks', 0, 2_000_000),
  /** How many attempts a student may make. */
  attemptsAllowed: whole('the attempts allowed', 1, 50).default(1),
  /** Whether the review (right answers, explanations) is shown after submitting. */
  showAnswers: z.boolean().default(true),
});

/** What a test's fields must agree on: rules or questions, no rule twice, the pass marks within the total. */
function checkTest(t: z.infer<typeof testFields>, ctx: z.RefinementCtx) {
  if (t.kind === 'drawn' && t.draws.length === 0) ctx.addIssue({ code: 'custom', path: ['draws'], message: 'Please add at least one chapter to draw from.' });
  if (t.kind === 'fixed' && t.questionIds.length === 0)
    ctx.addIssue({ code: 'custom', path: ['questionIds'], message: 'Please pick the questions of the paper.' });
  if (t.kind === 'fixed' && new Set(t.questionIds).size !== t.questionIds.length)
    ctx.addIssue({ code: 'custom', path: ['questionIds'], message: 'A question is in the paper twice.' });
  const seen = new Set<string>();
  t.draws.forEach((d, i) => {
    const key = `${d.chapterId}:${d.difficulty ?? 'any'}`;
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['draws', i, 'difficulty'], message: 'This chapter and difficulty are already a rule above.' });
    seen.add(key);
  });
  const questions = questionCount(t);
  if (questions > MAX_PAPER_QUESTIONS)
    ctx.addIssue({ code: 'custom', path: ['draws'], message: `A test can have at most ${MAX_PAPER_QUESTIONS} questions; these rules draw ${questions}.` });
  if (t.negativeMarks > t.marksPerQuestion)
    ctx.addIssue({ code: 'custom', path: ['negativeMarks'], message: 'A wrong answer cannot take off more than a right one gives.' });
  const total = questions * t.marksPerQuestion;
  if (questions > 0 && t.passMarks > total)
    ctx.addIssue({
      code: 'custom',
      path: ['passMarks'],
      message: `The pass marks (${marksInWords(t.passMarks)}) are more than the test’s total of ${marksInWords(total)} (${questions} × ${marksInWords(t.marksPerQuestion)}).`,
    });
}

/** The fields of a practice test (POST /api/admin/practice/tests). */
export const PracticeTestFieldsSchema = testFields.superRefine(checkTest);
export type PracticeTestFields = z.infer<typeof PracticeTestFieldsSchema>;
export type PracticeTestFieldsInput = z.input<typeof PracticeTestFieldsSchema>;

/** PATCH /api/admin/practice/tests/{id}: the fields and the version edited. */
export const PracticeTestUpdateSchema = testFields.extend({ version: VersionSchema }).superRefine(checkTest);

/** How many questions each attempt of the test has. */
export const questionCount = (t: { kind: 'drawn' | 'fixed'; draws: { count: number }[]; questionIds: unknown[] }): number =>
  t.kind === 'fixed' ? t.questionIds.length : t.draws.reduce((sum, d) => sum + d.count, 0);

/** A test as GET /api/admin/practice/tests/{id} answers it. */
export interface PracticeTest {
  id: string;
  courseId: string;
  course: string;
  title: { en: string; hi: string };
  pattern: PatternKey;
  kind: 'drawn' | 'fixed';
  draws: (Draw & { chapter: string })[];
  questionIds: string[];
  durationMinutes: number;
  marksPerQuestion: number;
  negativeMarks: number;
  passMarks: number;
  attemptsAllowed: number;
  showAnswers: boolean;
  sample: boolean;
  archivedAt: string | null;
  version: number;
  /** Questions each attempt has, and the total marks (hundredths). */
  questions: number;
  maxMarks: number;
  /** How many attempts have been made of it (editing changes future attempts only). */
  attempts: number;
}

/** A test in a list (My Courses, a course's tests). */
export interface PracticeTestSummary {
  id: string;
  courseId: string;
  course: string;
  title: { en: string; hi: string };
  pattern: PatternKey;
  kind: 'drawn' | 'fixed';
  questions: number;
  durationMinutes: number;
  marksPerQuestion: number;
  maxMarks: number;
  passMarks: number;
  sample: boolean;
  archivedAt: string | null;
  /** Openings whose window is now, and those still to come. */
  openNow: number;
  upcoming: number;
}

/* ------------------------------------------------------------------------- openings --- */

const MOMENT = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d$/;

/** An India date and time as staff type it (a datetime-local field: 2026-12-01T10:00). */
const IndiaMomentSchema = (label: string) =>
  z
    .string({ message: `Please enter ${label}.` })
    .regex(MOMENT, `Please enter ${label} as a date and a time.`)
    .refine((v) => isRealDay(v.slice(0, 10)), 'Please enter a real date.')
    .refine((v) => v.slice(0, 4) >= '2000' && v.slice(0, 4) <= '2100', 'Please enter a date between the years 2000 and 2100.');

/** The instant (ISO, UTC) of an India date and time typed as 2026-12-01T10:00. */
export const instantOfIndia = (moment: string): string => new Date(`${moment}:00+05:30`).toISOString();

/** An instant as India's date and time for a datetime-local field: '2026-12-01T10:00'. */
export function indiaMomentOf(instant: string | Date): string {
  const shifted = new Date(new Date(instant).getTime() + 330 * 60_000);
  return shifted.toISOString().slice(0, 16);
}

const window = {
  /** When students may start (India's date and time). */
  opensAt: IndiaMomentSchema('the opening date and time'),
  /** Until when they may start (India's date and time). */
  closesAt: IndiaMomentSchema('the closing date and time'),
};
/** A fresh refinement's words each time (zod rewrites the params object it is given). */
const untilAfterFrom = () => ({ message: 'The test must close after it opens.', path: ['closesAt'] });

/** POST /api/admin/practice/openings: a test opened to a batch for a window. */
export const OpeningSchema = z
  .object({
    /** The test. */
    testId: RecordIdSchema,
    /** The batch (of the test's course, not completed; a Teacher's own). */
    batchId: RecordIdSchema,
    ...window,
  })
  .refine((o) => o.closesAt > o.opensAt, untilAfterFrom());
export type Opening = z.infer<typeof OpeningSchema>;

/** PATCH /api/admin/practice/openings/{id}: close it now ({close: true}), or change its window. */
export const OpeningUpdateSchema = z
  .object({
    /** Close the window now. */
    close: z.literal(true, { message: 'Please send close: true to close it, or a new window.' }).optional(),
    opensAt: window.opensAt.optional(),
    closesAt: window.closesAt.optional(),
    version: VersionSchema,
  })
  .superRefine((o, ctx) => {
    if (o.close) return;
    if (!o.opensAt) ctx.addIssue({ code: 'custom', path: ['opensAt'], message: 'Please enter the opening date and time.' });
    if (!o.closesAt) ctx.addIssue({ code: 'custom', path: ['closesAt'], message: 'Please enter the closing date and time.' });
    if (o.opensAt && o.closesAt && o.closesAt <= o.opensAt) ctx.addIssue({ code: 'custom', ...untilAfterFrom() });
  });
export type OpeningUpdate = z.infer<typeof OpeningUpdateSchema>;

/** Where an opening stands now. */
export type OpeningState = 'upcoming' | 'open' | 'closed';

/** An opening as GET /api/admin/practice/openings lists it. */
export interface OpeningRow {
  id: string;
  testId: string;
  test: string;
  batchId: string;
  batch: string;
  opensAt: string;
  closesAt: string;
  state: OpeningState;
  /** Students on the batch's roster (active), and how many of them have started an attempt. */
  students: number;
  started: number;
  openedBy: string;
  version: number;
  /** Whether the caller may change it (their batch, or any with attendance-any). */
  mine: boolean;
}

/** A batch a test may be opened to. */
export interface OpenableBatch {
  id: string;
  name: string;
  status: string;
  students: number;
}

/** GET /api/admin/practice/test-bank?course=: what a test of the course can be built from. */
export interface TestBank {
  course: { id: string; title: string };
  /** Its chapters with their current questions by difficulty. */
  chapters: { id: string; title: string; titleHi: string; easy: number; medium: number; hard: number }[];
  /** Its current questions (English text, shortened), for a fixed paper. */
  questions: { id: string; chapterId: string; difficulty: Difficulty; text: string; sample: boolean }[];
}

/** Hours before its end within which an open window counts as closing soon. */
export const CLOSING_SOON_HOURS = 48;

/** GET /api/admin/practice/overview: the educator area at a glance for the signed-in member of staff. */
export interface EducatorOverview {
  /** 'teacher': the courses of the batches they teach; 'all': every course with a bank or tests. */
  scope: 'teacher' | 'all';
  courses: {
    id: string;
    title: string;
    chapters: { id: string; title: string; questions: number }[];
    /** Current (not archived) questions of its bank. */
    questions: number;
    /** Tests not archived. */
    tests: number;
    /** Its batches the caller teaches (a Teacher), or all its batches not completed (the Owner). */
    batches: number;
    /** Openings whose window is now (a Teacher: of their batches), soonest to close first. */
    openNow: { id: string; testId: string; test: string; batch: string; closesAt: string; closingSoon: boolean; started: number; students: number }[];
    /** Openings still to come. */
    upcoming: number;
  }[];
}
