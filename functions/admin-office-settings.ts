/**
 * /api/admin/office-settings: the office's day-to-day settings (migration 019).
 * - GET (any member of staff) → OfficeSettings: the attendance threshold, the grace days a new fee
 *   plan starts with, every holiday, the version, and (to an Owner) the latest changes in words.
 * - PUT {attendanceThreshold, defaultGraceDays, version} (Owner) → {message, settings}: each value
 *   that differs is stored, a line of history (from → to) and an audit line 'update' of 'settings'
 *   in the same transaction. A version older than the last change is 409 with the settings as they
 *   are now; bad values are 400 per field with nothing stored.
 */
import type { Config } from '@netlify/functions';
import { OfficeSettingsSchema } from '../src/lib/schemas/office-settings';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, HttpError, json, readJson, validate } from './_shared/platform/http';
import { can } from './_shared/auth/roles';
import { requireStaff } from './_shared/auth/staff';
import { loadOfficeSettings } from './_shared/classes/office-settings';
import { recordChange, type Setting } from './_shared/classes/settings-history';
import { officeSettingsView } from './_shared/classes/office-settings-view';

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET', 'PUT');
  const { staff, role, address } = await requireStaff(req, context, { need: req.method === 'GET' ? 'dashboard' : 'staff' });

  if (req.method === 'GET') {
    return json(await transaction((client) => officeSettingsView(client, can(role, 'staff'))));
  }

  const input = validate(OfficeSettingsSchema, await readJson(req, 1024));
  const answer = await transaction(async (client) => {
    // One Owner's change at a time: the second waits here, then sees the first's version.
    await client.query(`select key from institute_settings where key in ('attendance-threshold', 'late-fee-grace-days') for update`);
    const before = await loadOfficeSettings(client);
    if (input.version !== before.version) {
      throw new HttpError(409, 'A colleague changed these settings meanwhile. Here they are as they are now: please make your change again.', {
        settings: await officeSettingsView(client, true),
      });
    }
    const changes: { setting: Setting; key: string; from: number; to: number }[] = [];
    if (input.attendanceThreshold !== before.attendanceThreshold) {
      changes.push({ setting: 'attendance-threshold', key: 'attendanceThreshold', from: before.attendanceThreshold, to: input.attendanceThreshold });
    }
    if (input.defaultGraceDays !== before.defaultGraceDays) {
      changes.push({ setting: 'late-fee-grace-days', key: 'defaultGraceDays', from: before.defaultGraceDays, to: input.defaultGraceDays });
    }
    for (const change of changes) {
      await client.query(
        `insert into institute_settings (key, value, updated_at, updated_by) values ($1, $2, now(), $3)
         on conflict (key) do update set value = excluded.value, updated_at = now(), updated_by = excluded.updated_by`,
        [change.setting, JSON.stringify(change.to), staff.id],
      );
      await recordChange(client, staff, { setting: change.setting, from: String(change.from), to: String(change.to) });
      await audit(
        { staffId: staff.id, action: 'update', entity: 'settings', entityId: change.setting, detail: { from: change.from, to: change.to } },
        address,
        client,
      );
    }
    const message =
      changes.length === 0
        ? 'Nothing to save: the settings are as they were.'
        : `Saved: the attendance threshold is ${input.attendanceThreshold}% and a new fee plan starts with ${input.defaultGraceDays} ${input.defaultGraceDays === 1 ? 'day' : 'days'}’ grace.`;
    return { message, settings: await officeSettingsView(client, true) };
  });
  return json(answer);
});

export const config: Config = { path: '/api/admin/office-settings' };
