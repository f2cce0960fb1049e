/**
 * DELETE /api/admin/holidays/{day} (Owner) → {message, settings}: the day is an ordinary day again
 * (classes are expected on it). 404 in words when the day is not a holiday. A line of history and
 * an audit line 'delete' of 'settings' in the same transaction.
 */
import type { Config } from '@netlify/functions';
import { dayInWords } from '../src/lib/attendance-words';
import { DaySchema } from '../src/lib/schemas/attendance';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, HttpError, json } from './_shared/platform/http';
import { requireStaff } from './_shared/auth/staff';
import { holidayWords, recordChange } from './_shared/classes/settings-history';
import { officeSettingsView } from './_shared/classes/office-settings-view';

export default endpoint(async (req, context) => {
  allowMethods(req, 'DELETE');
  const { staff, address } = await requireStaff(req, context, { need: 'staff' });
  const parsed = DaySchema.safeParse(context.params?.['day']);
  if (!parsed.success) throw new HttpError(404, 'This holiday was not found: please reload the list.');
  const day = parsed.data;

  const answer = await transaction(async (client) => {
    const { rows } = await client.query<{ en: string; hi: string }>(`delete from holidays where day = $1 returning name_en as en, name_hi as hi`, [day]);
    const name = rows[0];
    if (!name) throw new HttpError(404, `${dayInWords(day)} is not a holiday (any more): please reload the list.`);
    await recordChange(client, staff, { setting: 'holiday', day, from: holidayWords(name), to: null });
    await audit({ staffId: staff.id, action: 'delete', entity: 'settings', entityId: 'holiday', detail: { day, name: name.en } }, address, client);
    return { message: `${dayInWords(day)} is no longer a holiday: classes are expected that day.`, settings: await officeSettingsView(client, true) };
  });
  return json(answer);
});

export const config: Config = { path: '/api/admin/holidays/:day' };
