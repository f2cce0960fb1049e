/**
 * The answers of an attempt as the phone keeps them (decision 052): every answer the student gave,
 * by position, and those not yet seen saved by the server. One merge rule everywhere — the phone,
 * the server's copy given back on a reload, a batch sent while the student changed an answer —
 * the later `at` wins. Pure, so that it is tested without a browser.
 */
import type { Answer } from '../schemas/practice-attempts';

/**
 * Most answers in one request: the contract's MAX_PAPER_QUESTIONS, written out so that the page
 * does not import the contract's zod schemas (tests/unit/practice-answer-queue.test.ts checks they agree).
 */
export const MOST_PER_REQUEST = 200;

/** Answers by position. */
export type Answers = Record<number, Answer>;

/** Whether `next` replaces `kept`: none kept, or `next` given later (a tie keeps what is there). */
export const isLater = (next: Answer, kept: Answer | undefined): boolean => !kept || Date.parse(next.at) > Date.parse(kept.at);

/** `answers` with `next` merged in by the rule: the later `at` wins. */
export function mergeAnswer(answers: Answers, next: Answer): Answers {
  return isLater(next, answers[next.position]) ? { ...answers, [next.position]: next } : answers;
}

/** `answers` with every one of `more` merged in. */
export const mergeAnswers = (answers: Answers, more: readonly Answer[]): Answers => more.reduce(mergeAnswer, answers);

/**
 * What is still to send once the server has saved `sent`: an answer leaves the queue only if it is
 * the very one sent (same `at`); one given again while the batch was on its way stays.
 */
export function afterSent(unsent: Answers, sent: readonly Answer[]): Answers {
  const left = { ...unsent };
  for (const answer of sent) if (left[answer.position]?.at === answer.at) delete left[answer.position];
  return left;
}

/**
 * The queue once the server's copy is known (a reload online): an answer waiting on the phone that
 * the server already holds, as late or later, has reached it.
 */
export function reachedServer(unsent: Answers, server: readonly Answer[]): Answers {
  const left = { ...unsent };
  for (const answer of server) {
    const waiting = left[answer.position];
    if (waiting && !isLater(waiting, answer)) delete left[answer.position];
  }
  return left;
}

/** The queue's answers in position order, at most `max` (one request's worth). */
export const batchOf = (unsent: Answers, max: number): Answer[] =>
  Object.values(unsent)
    .sort((a, b) => a.position - b.position)
    .slice(0, max);

/** Whether an answer names at least one option (a cleared or review-only answer does not). */
export const isAnswered = (answer: Answer | undefined): boolean => Boolean(answer && answer.chosen.length > 0);

/** The counts the palette and the Submit confirmation show. */
export function answerCounts(answers: Answers, unsent: Answers, questions: number) {
  const all = Object.values(answers);
  const answered = all.filter(isAnswered).length;
  return { answered, notAnswered: questions - answered, review: all.filter((a) => a.review).length, unsent: Object.keys(unsent).length };
}

/** First wait before sending again after a failure, and the longest. */
export const RETRY_FIRST_MS = 2_000;
export const RETRY_MOST_MS = 60_000;

/**
 * How long to wait before the next try after `failures` failed sends in a row: doubling from
 * RETRY_FIRST_MS up to RETRY_MOST_MS, with `spread` (0–1, random in use) adding up to a quarter
 * more so that a lab of phones coming back online together do not all send at once.
 */
export function retryDelay(failures: number, spread = 0): number {
  const base = Math.min(RETRY_MOST_MS, RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (1 + 0.25 * Math.min(1, Math.max(0, spread))));
}
