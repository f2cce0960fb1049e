/**
 * /api/admin/settings (Owner only): the institute's settings that staff change in the app
 * (institute_settings, one row per key).
 * - GET → {autoAssign: {enabled}}: whether new leads are assigned to counsellors in turn (key
 *   'auto-assign', off until an Owner switches it on).
 * - PUT {autoAssign: {enabled}} → {message, autoAssign}: switches it, with an audit line 'update'
 *   of 'settings' in the same transaction; asking for the state it is already in changes nothing.
 */
import type { Config } from '@netlify/functions';
import { SettingsSchema } from '../src/lib/schemas/staff';
import { audit } from './_shared/platform/audit';
import { query, transaction } from './_shared/platform/db';
import { allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { requireStaff } from './_shared/auth/staff';

/** The key under which the assignment in turn is kept. */
const AUTO_ASSIGN = 'auto-assign';

/** Whether a stored value switches the assignment in turn on (anything else is off). */
const enabledIn = (value: unknown) => (value as { enabled?: unknown } | null)?.enabled === true;

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET', 'PUT');
  const { staff, address } = await requireStaff(req, context, { need: 'staff' });

  if (req.method === 'GET') {
    const [row] = await query<{ value: unknown }>('select value from institute_settings where key = $1', [AUTO_ASSIGN]);
    return json({ autoAssign: { enabled: enabledIn(row?.value) } });
  }

  const { autoAssign } = validate(SettingsSchema, await readJson(req, 1024));
  const message = await transaction(async (client) => {
    const { rows } = await client.query<{ value: unknown }>('select value from institute_settings where key = $1 for update', [AUTO_ASSIGN]);
    const was = enabledIn(rows[0]?.value);
    const words = autoAssign.enabled ? 'New leads are assigned to counsellors in turn.' : 'New leads are no longer assigned automatically.';
    if (rows[0] && was === autoAssign.enabled) return words;
    await client.query(
      `insert into institute_settings (key, value, updated_at, updated_by) values ($1, $2, now(), $3)
       on conflict (key) do update set value = excluded.value, updated_at = now(), updated_by = excluded.updated_by`,
      [AUTO_ASSIGN, JSON.stringify({ enabled: autoAssign.enabled }), staff.id],
    );
    await audit({ staffId: staff.id, action: 'update', entity: 'settings', entityId: AUTO_ASSIGN, detail: { enabled: autoAssign.enabled } }, address, client);
    return words;
  });
  return json({ message, autoAssign });
});

export const config: Config = { path: '/api/admin/settings' };
