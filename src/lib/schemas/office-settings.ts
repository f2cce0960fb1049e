/**
 * The office's day-to-day settings (the admin's Settings screen, /api/admin/office-settings and
 * /api/admin/holidays): the attendance threshold, the grace days a new fee plan starts with, and
 * the holidays. The same schemas check the form in the browser and the request in the function.
 */
import { z } from './zod';
import { TextSchema } from './fields';
import { DaySchema } from './attendance';

/** The threshold and the default grace (PUT /api/admin/office-settings). */
export const OfficeSettingsSchema = z.object({
  /** Below this whole percentage a student is listed on Today and a certificate warns. */
  attendanceThreshold: z.coerce
    .number({ message: 'Please enter the attendance threshold as a whole percentage, e.g. 75.' })
    .int('Please enter the attendance threshold as a whole percentage, e.g. 75.')
    .min(1, 'The attendance threshold must be between 1% and 100%.')
    .max(100, 'The attendance threshold must be between 1% and 100%.'),
  /** The grace days (after a due date, before the late fee) a new fee plan starts with. */
  defaultGraceDays: z.coerce
    .number({ message: 'Please enter the grace days as a whole number, e.g. 5.' })
    .int('Please enter whole days.')
    .min(0, 'The grace period cannot be negative.')
    .max(90, 'The grace period can be at most 90 days.'),
  /** The version the screen was showing (GET's `version`): a change made meanwhile is not overwritten. */
  version: z.number({ message: 'Please reload: the version of the settings is missing.' }).int().min(0),
});
export type OfficeSettingsInput = z.input<typeof OfficeSettingsSchema>;

/** A holiday to add (POST /api/admin/holidays). */
export const HolidaySchema = z.object({
  /** The day, YYYY-MM-DD (India's calendar). */
  day: DaySchema,
  /** Its name in English (staff read it) and in Hindi (students on Hindi pages). */
  name: z.object({
    en: TextSchema('The name in English', 1, 60),
    hi: TextSchema('The name in Hindi', 1, 60),
  }),
});
export type HolidayInput = z.input<typeof HolidaySchema>;

/** A holiday as the settings answer names it. */
export interface Holiday {
  day: string;
  name: { en: string; hi: string };
}

/** One change in the settings' history, in words. */
export interface SettingsChange {
  id: string;
  /** When (an ISO instant). */
  at: string;
  /** Who (their name as it was). */
  by: string;
  /** What changed, in words: 'Attendance threshold: 75% → 80%', 'Holiday added: 28 November 2026, Flood (बाढ़)'. */
  words: string;
}

/** GET /api/admin/office-settings. */
export interface OfficeSettings {
  attendanceThreshold: number;
  defaultGraceDays: number;
  /** Send it back with a change. */
  version: number;
  /** Every holiday, in order of day. */
  holidays: Holiday[];
  /** The latest changes, newest first (to an Owner; empty for other roles). */
  history: SettingsChange[];
  /** India's day today. */
  today: string;
}
