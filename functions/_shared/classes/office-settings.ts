/**
 * The office's day-to-day settings as every reader needs them (the attendance threshold, the
 * default late-fee grace, the holidays), loaded in one statement (migration 019). An Owner sets
 * them in the admin's Settings (admin-office-settings.ts, admin-holidays.ts).
 */
import type { Queryable } from '../platform/db';
import type { Calendar } from './holidays';

/** The settings of the office. */
export interface OfficeSettingsNow {
  /** Below this whole percentage a student is listed on Today and a certificate warns. */
  attendanceThreshold: number;
  /** The grace days a new fee plan starts with. */
  defaultGraceDays: number;
  /** The holidays by day. */
  holidays: Calendar;
  /** The last change of the threshold or the grace (0 before any): a change sent with an older one is refused. */
  version: number;
}

/** Where a key is missing (never, after migration 019): the values content/classes.json held. */
const FALLBACK = { threshold: 75, grace: 0 };

/** The office's settings now: one statement. */
export async function loadOfficeSettings(db: Queryable): Promise<OfficeSettingsNow> {
  const { rows } = await db.query<{ threshold: unknown; grace: unknown; version: string; holidays: { day: string; en: string; hi: string }[] | null }>(
    `select (select value from institute_settings where key = 'attendance-threshold') as threshold,
            (select value from institute_settings where key = 'late-fee-grace-days') as grace,
            (select coalesce(max(id), 0)::text from settings_history where setting <> 'holiday') as version,
            (select json_agg(json_build_object('day', day::text, 'en', name_en, 'hi', name_hi) order by day) from holidays) as holidays`,
  );
  const row = rows[0];
  const whole = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isInteger(v) ? v : fallback);
  return {
    attendanceThreshold: whole(row?.threshold, FALLBACK.threshold),
    defaultGraceDays: whole(row?.grace, FALLBACK.grace),
    holidays: new Map((row?.holidays ?? []).map((h) => [h.day, { en: h.en, hi: h.hi }])),
    version: Number(row?.version ?? 0),
  };
}
