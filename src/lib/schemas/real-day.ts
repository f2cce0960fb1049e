/**
 * Whether a `YYYY-MM-DD` text names a day that exists, in the range Postgres and JavaScript both
 * read the same way (years 0001 to 9999): `2026-02-30` and `0000-01-01` are not days, and would
 * fail in the database instead of being told to the person. No node or DOM imports.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when `value` is a real calendar day written YYYY-MM-DD, in years 1 to 9999. */
export function isRealDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one (Date.UTC reads years 0–99 as 1900s: set it).
  const last = new Date(Date.UTC(2000, month, 0));
  last.setUTCFullYear(year, month, 0);
  return day <= last.getUTCDate();
}

/** Today's date in India (YYYY-MM-DD; India is UTC+05:30 all year), or that of `now`. */
export function indiaToday(now = new Date()): string {
  return new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}
