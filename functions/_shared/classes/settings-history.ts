/**
 * The history of the office's settings (table settings_history, migration 019): every change of
 * the attendance threshold, the default late-fee grace and the holidays — who, when, from → to —
 * written in the transaction of the change, and read back in words for the Settings screen.
 */
import { dayInWords } from '../../../src/lib/attendance-words';
import type { SettingsChange } from '../../../src/lib/schemas/office-settings';
import type { Queryable } from '../platform/db';

/** A setting that has a history. */
export type Setting = 'attendance-threshold' | 'late-fee-grace-days' | 'holiday';

/** How many changes the screen shows. */
export const HISTORY_SHOWN = 50;

/** One change, as it is stored. */
export interface Change {
  setting: Setting;
  /** The holiday's day (a holiday only). */
  day?: string | null;
  /** The value before (null: a holiday added). */
  from: string | null;
  /** The value after (null: a holiday removed). */
  to: string | null;
}

/** Records `change` by `who` (in the caller's transaction). */
export async function recordChange(db: Queryable, who: { id: string; name: string }, change: Change): Promise<void> {
  await db.query(`insert into settings_history (staff_id, staff_name, setting, day, from_value, to_value) values ($1, $2, $3, $4, $5, $6)`, [
    who.id,
    who.name,
    change.setting,
    change.day ?? null,
    change.from,
    change.to,
  ]);
}

const days = (n: string) => `${n} ${n === '1' ? 'day' : 'days'}`;

/** A change in words: 'Attendance threshold: 75% → 80%', 'Holiday added: Saturday, 28 November 2026 — Flood (बाढ़)'. */
export function changeInWords(change: Change): string {
  switch (change.setting) {
    case 'attendance-threshold':
      return `Attendance threshold: ${change.from ?? '—'}% → ${change.to ?? '—'}%`;
    case 'late-fee-grace-days':
      return `Grace days a new fee plan starts with: ${change.from === null ? '—' : days(change.from)} → ${change.to === null ? '—' : days(change.to)}`;
    case 'holiday': {
      const when = dayInWords(change.day ?? '');
      if (change.from === null) return `Holiday added: ${when} — ${change.to ?? ''}`;
      if (change.to === null) return `Holiday removed: ${when} — ${change.from}`;
      return `Holiday renamed: ${when} — ${change.from} → ${change.to}`;
    }
  }
}

/** The holiday's names as the history keeps them: 'Flood (बाढ़)'. */
export const holidayWords = (name: { en: string; hi: string }): string => `${name.en} (${name.hi})`;

/** The latest changes, newest first, in words. */
export async function settingsHistory(db: Queryable): Promise<SettingsChange[]> {
  const { rows } = await db.query<{ id: string; at: string; by: string; setting: Setting; day: string | null; from: string | null; to: string | null }>(
    `select id::text, changed_at as at, staff_name as "by", setting, day::text, from_value as "from", to_value as "to"
       from settings_history order by changed_at desc, id desc limit $1`,
    [HISTORY_SHOWN],
  );
  return rows.map((r) => ({ id: r.id, at: new Date(r.at).toISOString(), by: r.by, words: changeInWords(r) }));
}
