import { describe, expect, it } from 'vitest';
import {
  afterSent,
  answerCounts,
  batchOf,
  mergeAnswer,
  mergeAnswers,
  MOST_PER_REQUEST,
  reachedServer,
  retryDelay,
  RETRY_MOST_MS,
  type Answers,
} from '../../src/lib/practice/answer-queue';
import { MAX_PAPER_QUESTIONS, type Answer } from '../../src/lib/schemas/practice-attempts';

const at = (second: number) => new Date(Date.UTC(2026, 10, 29, 5, 0, second)).toISOString();
const answer = (position: number, chosen: number[], second: number, review = false): Answer => ({ position, chosen, review, at: at(second) });

describe('the merge rule: the later `at` wins', () => {
  it('keeps a later answer over an earlier one, whichever arrives first', () => {
    const early = answer(3, [1], 10);
    const late = answer(3, [2], 20);
    expect(mergeAnswer(mergeAnswer({}, early), late)[3]).toEqual(late);
    expect(mergeAnswer(mergeAnswer({}, late), early)[3]).toEqual(late);
  });

  it('keeps what is there on a tie, and leaves other positions alone', () => {
    const kept: Answers = { 1: answer(1, [0], 5), 2: answer(2, [1], 5) };
    const merged = mergeAnswers(kept, [answer(1, [3], 5), answer(4, [2], 1)]);
    expect(merged[1]!.chosen).toEqual([0]);
    expect(merged[2]).toEqual(kept[2]);
    expect(merged[4]!.chosen).toEqual([2]);
  });

  it('compares moments, not text: an offset time is read as the moment it names', () => {
    const utc = answer(1, [0], 30); // 05:00:30Z
    const india = { ...answer(1, [1], 0), at: '2026-11-29T10:30:20+05:30' }; // 05:00:20Z, earlier
    expect(mergeAnswer({ 1: utc }, india)[1]).toEqual(utc);
  });
});

describe('the queue of answers not yet saved', () => {
  it('drops what was sent, but keeps an answer given again while the batch was on its way', () => {
    const sent = [answer(1, [0], 1), answer(2, [1], 2)];
    const unsent: Answers = { 1: sent[0]!, 2: answer(2, [3], 9), 5: answer(5, [0], 4) };
    expect(Object.keys(afterSent(unsent, sent)).map(Number)).toEqual([2, 5]);
  });

  it('counts as reached what the server holds as late or later', () => {
    const unsent: Answers = { 1: answer(1, [0], 10), 2: answer(2, [1], 10) };
    const left = reachedServer(unsent, [answer(1, [0], 10), answer(2, [2], 5)]);
    expect(Object.keys(left).map(Number)).toEqual([2]);
  });

  it('sends at most what the contract takes in one request', () => {
    expect(MOST_PER_REQUEST).toBe(MAX_PAPER_QUESTIONS);
  });

  it('sends in position order, at most a request’s worth', () => {
    const unsent: Answers = { 9: answer(9, [0], 1), 2: answer(2, [0], 2), 5: answer(5, [0], 3) };
    expect(batchOf(unsent, 2).map((a) => a.position)).toEqual([2, 5]);
  });

  it('counts answered, not answered, marked for review and waiting', () => {
    const answers: Answers = { 1: answer(1, [0], 1), 2: answer(2, [], 1, true), 3: answer(3, [1, 2], 1, true) };
    expect(answerCounts(answers, { 3: answers[3]! }, 10)).toEqual({ answered: 2, notAnswered: 8, review: 2, unsent: 1 });
  });
});

describe('waiting after a failed send', () => {
  it('doubles from 2 s up to a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 12].map((n) => retryDelay(n))).toEqual([2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
    expect(retryDelay(0)).toBe(2000);
  });

  it('spreads phones by up to a quarter more', () => {
    expect(retryDelay(1, 1)).toBe(2500);
    expect(retryDelay(20, 0.5)).toBe(RETRY_MOST_MS * 1.125);
    expect(retryDelay(1, 7)).toBe(2500);
  });
});
