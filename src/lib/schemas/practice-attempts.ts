/**
 * A student's attempt at a practice test, as the browser and the functions exchange it (decision
 * 052): the paper (never the right answers before the attempt is submitted), the answers sent in
 * the background, the submission and the result. Marks are hundredths of a mark (100 = 1 mark).
 */
import { z } from './zod';

/** A text in both languages, as a question, an option or a title carries it. */
export interface BothLanguages {
  en: string;
  hi: string;
}

/** Most options a question has. */
export const MAX_OPTIONS = 6;
/** Most questions a paper holds. */
export const MAX_PAPER_QUESTIONS = 200;

/** One question of the paper as the student sees it: no right answer, no explanation. */
export interface PaperQuestion {
  /** Its place in this attempt's paper, from 1. */
  position: number;
  text: BothLanguages;
  /**
   * The options in the order this attempt shows them; `id` is the option's place in the question
   * as written (what an answer names), so a shuffled paper and the marking agree.
   */
  options: (BothLanguages & { id: number })[];
  /** Whether more than one option is right (the student may tick several). */
  multiple: boolean;
  /** The address of its picture, if it has one. */
  picture: string | null;
  /** Its chapter's title. */
  chapter: BothLanguages;
}

/** An answer as the phone keeps it and sends it. */
export interface Answer {
  /** The question's place in the paper. */
  position: number;
  /** The options chosen (their `id`s); empty when the student cleared the answer. */
  chosen: number[];
  /** Marked for review. */
  review: boolean;
  /** When the student gave it, by the phone's clock (ISO): the later of two sends wins. */
  at: string;
}

/** GET /api/tests/attempts/{id} and POST /api/tests/{openingId}/start: the attempt to take. */
export interface Paper {
  attemptId: string;
  /** Attempt 1, 2… of this test. */
  number: number;
  test: { id: string; title: BothLanguages; durationMinutes: number; marksPerQuestion: number; negativeMarks: number; passMarks: number; maxMarks: number };
  startedAt: string;
  /** Fixed when the attempt started, by the server's clock (ISO). */
  deadlineAt: string;
  /** The server's clock when it answered (ISO): the phone counts down from the difference. */
  serverNow: string;
  questions: PaperQuestion[];
  /** The answers that have reached the server. */
  answers: Answer[];
  /** Null while open; once submitted (by the student or at the deadline) the attempt's result address. */
  submittedAt: string | null;
}

const answer = z.object({
  position: z.int().min(1).max(MAX_PAPER_QUESTIONS),
  chosen: z
    .array(
      z
        .int()
        .min(0)
        .max(MAX_OPTIONS - 1),
    )
    .max(MAX_OPTIONS)
    .refine((ids) => new Set(ids).size === ids.length, 'An option was chosen twice.'),
  review: z.boolean(),
  at: z.iso.datetime({ offset: true }),
});

/** PUT /api/tests/attempts/{id}/answers: the answers the phone has not yet seen saved. */
export const SaveAnswersSchema = z.object({
  answers: z.array(answer).min(1).max(MAX_PAPER_QUESTIONS),
});
export type SaveAnswers = z.infer<typeof SaveAnswersSchema>;

/**
 * POST /api/tests/attempts/{id}/submit: the answers still waiting on the phone (may be none), sent
 * with the submission.
 */
export const SubmitAttemptSchema = z.object({
  answers: z.array(answer).max(MAX_PAPER_QUESTIONS).default([]),
});
export type SubmitAttempt = z.infer<typeof SubmitAttemptSchema>;

/** PUT …/answers answered: how many were kept, and the clock again. */
export interface AnswersSaved {
  saved: number;
  deadlineAt: string;
  serverNow: string;
}

/** One question in the review after submitting (when the test shows answers). */
export interface ReviewQuestion extends PaperQuestion {
  /** What the student chose (option ids). */
  chosen: number[];
  /** The right option ids. */
  correct: number[];
  explanation: BothLanguages;
  /** Hundredths of a mark this question gave (negative when marked down). */
  marks: number;
}

/** GET /api/tests/attempts/{id}/result: the marked attempt. */
export interface AttemptResult {
  attemptId: string;
  number: number;
  test: { id: string; title: BothLanguages };
  /** Hundredths of a mark. */
  score: number;
  maxScore: number;
  passMarks: number;
  passed: boolean;
  correct: number;
  answered: number;
  questions: number;
  /** Seconds from the start to the submission. */
  timeTakenSeconds: number;
  submittedAt: string;
  /** 'student', or 'deadline' when the server submitted it. */
  submittedBy: 'student' | 'deadline';
  /** Answers the phone still held at the deadline (they did not count); null when not known. */
  unsent: number | null;
  chapters: { title: BothLanguages; score: number; max: number }[];
  /**
   * The review, when the test shows answers after submitting; null otherwise, and always null in
   * the answer of POST …/submit (GET …/result has it).
   */
  review: ReviewQuestion[] | null;
}

/** A test open to the student now, as GET /api/tests lists it. */
export interface OpenTest {
  /** What POST /api/tests/{openingId}/start takes. */
  openingId: string;
  testId: string;
  title: BothLanguages;
  questions: number;
  durationMinutes: number;
  /** Hundredths of a mark. */
  maxMarks: number;
  passMarks: number;
  /** Attempts at this test so far (submitted or in progress), of `attemptsAllowed`. */
  attemptsUsed: number;
  attemptsAllowed: number;
  /** When the window closes (ISO): no attempt may start after it. */
  closesAt: string;
  /** The student's attempt of this opening in progress, if any (resume it). */
  inProgress: { attemptId: string; number: number; deadlineAt: string } | null;
}

/** A submitted attempt in the student's test history. */
export interface HistoryAttempt {
  attemptId: string;
  test: { id: string; title: BothLanguages };
  number: number;
  /** Hundredths of a mark. */
  score: number;
  maxScore: number;
  passed: boolean;
  submittedAt: string;
  /** India's day of the submission (YYYY-MM-DD). */
  day: string;
}

/** GET /api/tests: the tests open to the signed-in student, their attempt in progress and their history. */
export interface TestsOverview {
  open: OpenTest[];
  /**
   * The student's one attempt in progress (of any test, even one whose window has since closed:
   * the window bounds starting only), or null.
   */
  inProgress: { attemptId: string; openingId: string; test: { id: string; title: BothLanguages }; number: number; deadlineAt: string } | null;
  /** Every submitted attempt still shown under the Terms, newest first. */
  history: HistoryAttempt[];
  /** How many submitted attempts the Terms no longer show (30 days after access ended). */
  hiddenHistory: number;
  serverNow: string;
}
