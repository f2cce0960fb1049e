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

/**
 * The years a day or month the office works with may fall in: the institute opened in 2014, and
 * nothing it plans (a batch, a fee's last instalment 36 months on) reaches past 2100. Inside them
 * every sum of days and months stays a date Postgres and JavaScript both hold.
 */
export const OFFICE_YEARS = { first: 2000, last: 2100 } as const;

/** The words of a day or month outside OFFICE_YEARS. */
export const OFFICE_YEARS_MESSAGE = `Please enter a date between the years ${OFFICE_YEARS.first} and ${OFFICE_YEARS.last}.`;

/** True when `value` (YYYY-MM-DD or YYYY-MM) begins with a year in OFFICE_YEARS. */
const inOfficeYears = (value: string): boolean => {
  const year = Number(value.slice(0, 4));
  return /^\d{4}-/.test(value) && year >= OFFICE_YEARS.first && year <= OFFICE_YEARS.last;
};

/** True when `value` is a real day (isRealDay) in OFFICE_YEARS. */
export const isOfficeDay = (value: string): boolean => isRealDay(value) && inOfficeYears(value);

/** True when `value` is a month written YYYY-MM (01–12) in OFFICE_YEARS. */
export const isOfficeMonth = (value: string): boolean => /^\d{4}-(0[1-9]|1[0-2])$/.test(value) && inOfficeYears(value);

/** Today's date in India (YYYY-MM-DD; India is UTC+05:30 all year), or that of `now`. */
export function indiaToday(now = new Date()): string {
  return new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}
