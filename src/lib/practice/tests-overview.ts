/**
 * GET /api/tests as the student's pages read it (decision 052; its shape is the contract's
 * TestsOverview): the history's trends per test, and marks as people read them. Marks are
 * hundredths of a mark, as everywhere in the contract.
 */
import type { HistoryAttempt, TestsOverview } from '../schemas/practice-attempts';

export type { HistoryAttempt, OpenTest, TestsOverview } from '../schemas/practice-attempts';

/** Whether an answer has the lists the pages read. */
export const isOverview = (data: Partial<TestsOverview>): boolean => Array.isArray(data.open) && Array.isArray(data.history);

/** One test's scores in the order they were taken, each with its change from the one before. */
export interface Trend {
  test: HistoryAttempt['test'];
  scores: { attemptId: string; percent: number; change: 'up' | 'down' | 'same' | null }[];
}

/** The history grouped per test (the latest taken first), each test's scores oldest first, as percentages of its marks. */
export function trendsOf(history: readonly HistoryAttempt[]): Trend[] {
  const byTest = new Map<string, HistoryAttempt[]>();
  for (const attempt of history) byTest.set(attempt.test.id, [...(byTest.get(attempt.test.id) ?? []), attempt]);
  return [...byTest.values()].map((attempts) => {
    const inOrder = [...attempts].sort((a, b) => a.submittedAt.localeCompare(b.submittedAt));
    const percents = inOrder.map((a) => (a.maxScore > 0 ? Math.round((a.score / a.maxScore) * 100) : 0));
    return {
      test: inOrder[0]!.test,
      scores: inOrder.map((a, i) => ({
        attemptId: a.attemptId,
        percent: percents[i]!,
        change: i === 0 ? null : percents[i]! > percents[i - 1]! ? 'up' : percents[i]! < percents[i - 1]! ? 'down' : 'same',
      })),
    };
  });
}

/** Marks in hundredths as people read them: 62, 62.5, 62.25 (a dot, Latin digits in both languages). */
export const formatMarks = (hundredths: number): string => String(Math.round(hundredths) / 100);
