/** The office's settings as the admin's Settings screen shows them (GET /api/admin/office-settings and every change's answer). */
import type { OfficeSettings } from '../../../src/lib/schemas/office-settings';
import { indiaToday } from '../../../src/lib/schemas/real-day';
import type { Queryable } from '../platform/db';
import { loadOfficeSettings } from './office-settings';
import { settingsHistory } from './settings-history';

/** The settings as the screen shows them; the history only to a role that may change them. */
export async function officeSettingsView(db: Queryable, withHistory: boolean): Promise<OfficeSettings> {
  const now = await loadOfficeSettings(db);
  return {
    attendanceThreshold: now.attendanceThreshold,
    defaultGraceDays: now.defaultGraceDays,
    version: now.version,
    holidays: [...now.holidays].map(([day, name]) => ({ day, name })).sort((a, b) => a.day.localeCompare(b.day)),
    history: withHistory ? await settingsHistory(db) : [],
    today: indiaToday(),
  };
}
