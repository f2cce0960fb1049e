/**
 * Attendance in words, for the admin app, the functions and the audit log alike (no schema here,
 * so a screen that only shows marks carries no validation code): the marks, their letters on the
 * monthly grid, and India's days and months written out (weekdays are in batch-words.ts).
 */
import { missedInWords } from './missed-words';

/** The marks a student may get in a class. */
export const MARKS = ['present', 'absent', 'late', 'leave'] as const;
export type Mark = (typeof MARKS)[number];

/** A mark in words. */
export const MARK_LABELS: Record<Mark, string> = { present: 'Present', absent: 'Absent', late: 'Late', leave: 'Leave' };

/** A mark as the monthly grid shows it (its legend says what each letter means). */
export const MARK_LETTERS: Record<Mark, string> = { present: 'P', absent: 'A', late: 'L', leave: 'Lv' };

/** A student's classes for staff: 'attended 1 of 4 classes (2 absent, 1 on leave)'; leave is never called absence. */
export function attendedInWords({ held, attended, absent, leave }: { held: number; attended: number; absent: number; leave: number }): string {
  const missed = missedInWords(absent, leave);
  return `attended ${attended} of ${held} ${held === 1 ? 'class' : 'classes'}${missed ? ` (${missed})` : ''}`;
}

/** The ISO weekday (1 Monday … 7 Sunday) of a day written YYYY-MM-DD. */
export const isoWeekday = (day: string) => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

const englishDay = new Intl.DateTimeFormat('en-IN', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const hindiDay = new Intl.DateTimeFormat('hi-IN', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const shortWeekday = new Intl.DateTimeFormat('en-IN', { weekday: 'short', timeZone: 'UTC' });
const englishMonth = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** An India day (YYYY-MM-DD) in words: 'Monday, 25 January 2027' (or in Hindi: 'सोमवार, 25 जनवरी 2027'). */
export function dayInWords(day: string, language: 'en' | 'hi' = 'en'): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return (language === 'hi' ? hindiDay : englishDay).format(date);
}

/** A class day as the monthly grid names it on a phone, beside its mark: 'Sat 28'. */
export function gridDayLabel(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : `${shortWeekday.format(date)} ${date.getUTCDate()}`;
}

/** A month (YYYY-MM) in words: 'January 2027'. */
export function monthInWords(month: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? month : englishMonth.format(date);
}
