import { describe, expect, it } from 'vitest';
import { clockOffset, crossedMinute, formatClock, remainingMs } from '../../src/lib/practice/countdown';

describe('the countdown follows the server’s clock', () => {
  const deadlineAt = '2026-11-29T06:30:00.000Z';
  const serverNow = '2026-11-29T05:00:00.000Z';

  it('counts from the deadline minus the server’s now, whatever the phone’s clock says', () => {
    // The phone's clock is 7 minutes slow.
    const phone = Date.parse(serverNow) - 7 * 60_000;
    const offset = clockOffset(serverNow, phone);
    expect(offset).toBe(7 * 60_000);
    expect(remainingMs(deadlineAt, offset, phone)).toBe(90 * 60_000);
    expect(remainingMs(deadlineAt, offset, phone + 60_000)).toBe(89 * 60_000);
  });

  it('never goes below zero', () => {
    expect(remainingMs(deadlineAt, 0, Date.parse(deadlineAt) + 5_000)).toBe(0);
  });

  it('shows mm:ss, minutes past 60, seconds rounded up until it is over', () => {
    expect(formatClock(90 * 60_000)).toBe('90:00');
    expect(formatClock(61_000)).toBe('01:01');
    expect(formatClock(9_400)).toBe('00:10');
    expect(formatClock(400)).toBe('00:01');
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(-5)).toBe('00:00');
  });

  it('announces 10 and 1 minutes left once each, never when opened past them', () => {
    expect(crossedMinute(600_500, 599_500)).toBe(10);
    expect(crossedMinute(599_500, 598_500)).toBeNull();
    expect(crossedMinute(60_400, 59_400)).toBe(1);
    // The phone slept through both: the later one.
    expect(crossedMinute(11 * 60_000, 30_000)).toBe(1);
    expect(crossedMinute(5 * 60_000, 4 * 60_000)).toBeNull();
  });
});
