/**
 * Dates as people at the institute read them: India time (Asia/Kolkata, UTC+5:30), whatever the
 * time zone of the server or the browser. A moment stored in UTC belongs to India's day: an
 * enquiry at 03:07 on 25 Nov in India (21:37 UTC on 24 Nov) was received on 25 Nov.
 */

/** India's time zone. */
export const INDIA_TIME_ZONE = 'Asia/Kolkata';

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const isoDay = new Intl.DateTimeFormat('en-CA', { timeZone: INDIA_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const shortDay = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: INDIA_TIME_ZONE });
const calendarDay = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const moment = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: INDIA_TIME_ZONE });

/** The day in India (YYYY-MM-DD) of a moment (a Date or an ISO time). */
export function indiaDay(value: Date | string): string {
  return isoDay.format(typeof value === 'string' ? new Date(value) : value);
}

/**
 * A day as staff read it, e.g. '25 Nov 2026': a calendar day (YYYY-MM-DD) as it is, a moment
 * (ISO time) as India's day. '—' for none; the text itself when it is not a date.
 */
export function formatIndiaDay(value: string | null | undefined): string {
  if (!value) return '—';
  if (DAY_ONLY.test(value)) {
    const day = new Date(`${value}T00:00:00Z`);
    return Number.isNaN(day.getTime()) ? value : calendarDay.format(day);
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : shortDay.format(date);
}

/** A moment in India time, e.g. '25 Nov 2026, 3:07 am'; '—' for none. */
export function formatIndiaMoment(value: Date | string | null | undefined): string {
  if (!value) return '—';
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? String(value) : moment.format(date);
}
