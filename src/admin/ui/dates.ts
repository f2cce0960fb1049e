/** Dates and times as staff read them: Indian English, India time. */

const day = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const moment = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });

/** A calendar day given as YYYY-MM-DD (or an ISO time), e.g. '5 Mar 2026'. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? value : day.format(date);
}

/** A moment (ISO time) in India time, e.g. '5 Mar 2026, 4:25 pm'. */
export function formatMoment(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : moment.format(date);
}

/** Today in India, as YYYY-MM-DD. */
export const todayInIndia = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
