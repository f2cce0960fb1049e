import { describe, expect, it } from 'vitest';
import { answerDay, daysLeft, daysLeftWords, openRequestsLine } from '../../src/admin/privacy/answer-by';

describe('the time left to answer a request about personal data', () => {
  it('counts whole India days to the last day, negative once past', () => {
    expect(daysLeft('2026-12-05', '2026-11-29')).toBe(6);
    expect(daysLeft('2026-11-29', '2026-11-29')).toBe(0);
    expect(daysLeft('2026-11-27', '2026-11-29')).toBe(-2);
    // Across a month's and a year's end.
    expect(daysLeft('2027-01-02', '2026-12-31')).toBe(2);
  });

  it('says it in plain words', () => {
    expect(daysLeftWords('2026-12-05', '2026-11-29')).toBe('6 days left');
    expect(daysLeftWords('2026-11-30', '2026-11-29')).toBe('1 day left');
    expect(daysLeftWords('2026-11-29', '2026-11-29')).toBe('last day today');
    expect(daysLeftWords('2026-11-28', '2026-11-29')).toBe('overdue by 1 day');
    expect(daysLeftWords('2026-11-26', '2026-11-29')).toBe('overdue by 3 days');
  });

  it('names the day with the year only when it is not this year', () => {
    expect(answerDay('2026-12-05', '2026-11-29')).toBe('5 December');
    expect(answerDay('2027-01-05', '2026-12-29')).toBe('5 January 2027');
  });

  it('writes the Today card’s line', () => {
    expect(openRequestsLine(2, '2026-12-05', '2026-11-29')).toBe('2 open, answer the first by 5 December (6 days left)');
    expect(openRequestsLine(1, '2026-11-27', '2026-11-29')).toBe('1 open, the first was due on 27 November (overdue by 2 days)');
    expect(openRequestsLine(0, null, '2026-11-29')).toBe('None open.');
  });
});
