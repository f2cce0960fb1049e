/**
 * The attempt's clock is the server's (decision 052): the deadline is fixed when the attempt starts,
 * and the phone counts down to it from the difference between the server's clock and its own at the
 * moment an answer arrived — so a phone whose clock is wrong still shows the right time left. Pure
 * arithmetic, tested without a browser.
 */

/** How far the server's clock is ahead of the phone's (ms): `serverNow` read when the phone's clock said `phoneAtReceipt`. */
export const clockOffset = (serverNow: string, phoneAtReceipt: number): number => Date.parse(serverNow) - phoneAtReceipt;

/** Milliseconds left until `deadlineAt` when the phone's clock says `phoneNow` (never below 0). */
export const remainingMs = (deadlineAt: string, offset: number, phoneNow: number): number => Math.max(0, Date.parse(deadlineAt) - (phoneNow + offset));

/** Time left as mm:ss, minutes counted past 60 ('90:00' for a 90-minute test), seconds rounded up so 0:00.4 shows 00:01 until it is over. */
export function formatClock(ms: number): string {
  const seconds = Math.ceil(Math.max(0, ms) / 1000);
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The minutes left at which a screen reader is told the time (politely, once each). */
export const ANNOUNCED_MINUTES = [10, 1] as const;

/**
 * The announcement due between two ticks: the largest of ANNOUNCED_MINUTES crossed going from
 * `beforeMs` to `nowMs` left, or null. A page opened with 5 minutes left announces nothing for 10.
 */
export function crossedMinute(beforeMs: number, nowMs: number): number | null {
  const crossed = ANNOUNCED_MINUTES.filter((minutes) => beforeMs > minutes * 60_000 && nowMs <= minutes * 60_000);
  return crossed.length ? Math.min(...crossed) : null;
}
