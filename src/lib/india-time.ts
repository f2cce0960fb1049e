/**
 * Dates as people at the institute read them: India time (Asia/Kolkata, UTC+5:30), whatever the
 * time zone of the server or the browser. A moment stored in UTC belongs to India's day: an
 * enquiry at 03:07 on 25 Nov in India (21:37 UTC on 24 Nov) was received on 25 Nov.
 */

import type { Locale } from '../i18n/locales';

/** India's time zone. */
export const INDIA_TIME_ZONE = 'Asia/Kolkata';

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The formatters, each made on its first use: a page's first Intl formatter loads the browser's
 * locale data (a long task on a slow phone), so a page that imports this module without showing
 * a date pays nothing. English: '25 Nov 2026'; Hindi: the month in words, '25 नवंबर 2026', and
 * Latin digits in both (numberingSystem: 'latn'), as Hindi print in Rajasthan writes them.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(name: string, locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${name}:${locale}`;
  let made = formatters.get(key);
  if (!made) formatters.set(key, (made = new Intl.DateTimeFormat(locale, { numberingSystem: 'latn', ...options })));
  return made;
}
const isoDay = () => formatter('iso', 'en-CA', { timeZone: INDIA_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
/** A day: in India's time zone (a moment) or in UTC (a calendar day, kept as it is). */
const dayOf = (locale: Locale, timeZone: string) =>
  locale === 'hi'
    ? formatter(`day-${timeZone}`, 'hi-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone })
    : formatter(`day-${timeZone}`, 'en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone });
const englishMoment = () => formatter('moment', 'en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: INDIA_TIME_ZONE });
const hindiTime = () => formatter('time', 'hi-IN', { hour: 'numeric', minute: '2-digit', timeZone: INDIA_TIME_ZONE });

/** The day in India (YYYY-MM-DD) of a moment (a Date or an ISO time). */
export function indiaDay(value: Date | string): string {
  return isoDay().format(typeof value === 'string' ? new Date(value) : value);
}

/**
 * A day as people read it, e.g. '25 Nov 2026' (Hindi: '25 नवंबर 2026'): a calendar day
 * (YYYY-MM-DD) as it is, a moment (ISO time) as India's day. '—' for none; the text itself when
 * it is not a date.
 */
export function formatIndiaDay(value: string | null | undefined, locale: Locale = 'en'): string {
  if (!value) return '—';
  if (DAY_ONLY.test(value)) {
    const day = new Date(`${value}T00:00:00Z`);
    return Number.isNaN(day.getTime()) ? value : dayOf(locale, 'UTC').format(day);
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dayOf(locale, INDIA_TIME_ZONE).format(date);
}

/** A moment in India time, e.g. '25 Nov 2026, 3:07 am' (Hindi: '25 नवंबर 2026, 3:07 am'); '—' for none. */
export function formatIndiaMoment(value: Date | string | null | undefined, locale: Locale = 'en'): string {
  if (!value) return '—';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return locale === 'hi' ? `${dayOf('hi', INDIA_TIME_ZONE).format(date)}, ${hindiTime().format(date)}` : englishMoment().format(date);
}
