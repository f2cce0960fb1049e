/**
 * What staff see of practice-test results (decision 052): a batch's students by the tests opened
 * to it (best and last score, attempts, who has not attempted), each question's statistics, the
 * batch's results as a spreadsheet, and a student's best score offered as the marks on their
 * certificate. The queries' schemas and the answers' shapes, shared by the admin app and the
 * functions. Marks are hundredths of a mark (100 = 1 mark), as the attempts keep them.
 */
import { z } from './zod';

const BATCH = 'Please choose a batch from the list.';
const RECORD_ID = /^[1-9]\d{0,17}$/;

/** `?batch=`: one of the caller's batches (an id as RecordIdSchema takes it, refused in words of a batch). */
const batchParam = z.string({ message: BATCH }).regex(RECORD_ID, BATCH);

/** GET /api/admin/practice/results: the caller's batches; with `batch`, that batch's grid. */
export const ResultsQuerySchema = z.object({
  /** The batch whose results to show; none: only the list of batches. */
  batch: z.preprocess((v) => (v === '' ? undefined : v), batchParam.optional()),
});

/** GET /api/admin/practice/results/export and /api/admin/practice/best-scores: one batch. */
export const BatchQuerySchema = z.object({
  /** The batch (one the caller may see). */
  batch: batchParam,
});

/** GET /api/admin/practice/tests/{id}/question-stats: the test's attempts, of one batch or of every batch the caller may see. */
export const QuestionStatsQuerySchema = z.object({
  /** Only the attempts made by this batch's students (an opening to it). */
  batch: z.preprocess((v) => (v === '' ? undefined : v), batchParam.optional()),
});

/** A batch the caller may see the results of. */
export interface ResultsBatch {
  id: string;
  name: string;
  course: string;
  /** In words: Planned, Running, Completed. */
  status: string;
  teacher: string | null;
}

/** A test opened to the batch: one column of the grid. */
export interface ResultsTest {
  id: string;
  title: string;
  /** The test's most marks (hundredths) and its pass mark, as the latest attempt had them (else as the test is now). */
  maxScore: number;
  passMarks: number;
  attemptsAllowed: number;
  /** The window of its latest opening to the batch (ISO). */
  opensAt: string;
  closesAt: string;
}

/** A marked attempt as a cell shows it. */
export interface ScoreShown {
  /** Hundredths of a mark (negative when negative marking took more than it gave). */
  score: number;
  maxScore: number;
  passed: boolean;
  /** When it was submitted (ISO). */
  submittedAt: string;
}

/** One student's results in one test. */
export interface ResultsCell {
  testId: string;
  /** Submitted attempts. */
  attempts: number;
  /** The highest score (the earliest of equal ones); null: not attempted. */
  best: ScoreShown | null;
  /** The latest submitted attempt; null: not attempted. */
  last: ScoreShown | null;
  /** An attempt is being taken now. */
  inProgress: boolean;
}

/** One student of the batch: a row of the grid. */
export interface ResultsStudent {
  studentId: string;
  name: string;
  /** Their place on the roster in words: Active, Completed, Left. */
  rosterStatus: string;
  /** One per test, in the order of `tests`. */
  cells: ResultsCell[];
}

/** GET /api/admin/practice/results. */
export interface ResultsAnswer {
  batches: ResultsBatch[];
  batch?: ResultsBatch;
  tests?: ResultsTest[];
  students?: ResultsStudent[];
}

/** One option of a question version, with how many chose it. */
export interface OptionStats {
  /** Its place in the question as written (from 0). */
  id: number;
  en: string;
  hi: string;
  correct: boolean;
  /** How many answers chose it. */
  chosen: number;
}

/** One question version's statistics. */
export interface QuestionStats {
  questionId: string;
  version: number;
  /** Whether this is the question's current version (an older one was edited since). */
  current: boolean;
  /** How many versions the question has (to say "version 2 of 3"). */
  versions: number;
  text: { en: string; hi: string };
  chapter: string;
  /** How many submitted attempts had it in their paper. */
  asked: number;
  /** How many answered it (chose at least one option). */
  answered: number;
  /** How many chose exactly the right options. */
  right: number;
  /** Whole percent of those asked who got it right; null when nobody was asked. */
  rightPercent: number | null;
  options: OptionStats[];
  /** The wrong option chosen most (the first of equal ones); null when no wrong option was chosen. */
  topWrong: OptionStats | null;
  /** Why it may be a bad question, in words; empty when nothing stands out. */
  flags: string[];
}

/** GET /api/admin/practice/tests/{id}/question-stats. */
export interface QuestionStatsAnswer {
  test: { id: string; title: string };
  /** The batch the figures are limited to, or null: every batch the caller may see. */
  batch: ResultsBatch | null;
  /** Submitted attempts counted. */
  attempts: number;
  /** Worst first: flagged, then by the share who got it right. */
  questions: QuestionStats[];
}

/** A student's best score in one test, as the certificate form offers it. */
export interface BestScore {
  testId: string;
  title: string;
  score: number;
  maxScore: number;
  passed: boolean;
  submittedAt: string;
  /** What would go into the certificate's marks: "62 / 100". */
  marks: string;
}

/** GET /api/admin/practice/best-scores. */
export interface BestScoresAnswer {
  batch: ResultsBatch;
  /** Each student of the batch with a submitted attempt: their best per test, highest share first. */
  students: { studentId: string; name: string; best: BestScore[] }[];
}

/** A question is flagged only once at least this many were asked it (fewer say little). */
export const FLAG_MIN_ASKED = 5;
/** A question fewer than this percent of those asked got right is flagged. */
export const FLAG_FEW_RIGHT_PERCENT = 30;

/** Hundredths of a mark as the mark it is: 6200 → '62', 6250 → '62.5', -25 → '-0.25'. */
export function marksFigure(hundredths: number): string {
  const sign = hundredths < 0 ? '-' : '';
  const whole = Math.floor(Math.abs(hundredths) / 100);
  const part = Math.abs(hundredths) % 100;
  return `${sign}${whole}${part === 0 ? '' : `.${String(part).padStart(2, '0').replace(/0$/, '')}`}`;
}

/** A score out of the most marks: '62 / 100'. */
export const scoreText = (score: number, maxScore: number): string => `${marksFigure(score)} / ${marksFigure(maxScore)}`;

/** A score's whole percent of the most marks (0 when there are none). */
export const scorePercent = (score: number, maxScore: number): number => (maxScore > 0 ? Math.round((score * 100) / maxScore) : 0);
