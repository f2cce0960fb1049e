/**
 * POST /api/admin/holidays {day, name: {en, hi}} (Owner) → 201 {message, settings}: a day on which
 * no class is expected (an unplanned closure today too): Today's classes names it, no register can
 * be saved on it and a student's next class skips it. A day before today, or a day that is already
 * a holiday, is 400 on `day` with nothing stored. A line of history and an audit line 'create' of
 * 'settings' in the same transaction.
 */
import type { Config } from '@netlify/functions';
import { dayInWords } from '../src/lib/attendance-words';
import { HolidaySchema } from '../src/lib/schemas/office-settings';
import { indiaToday } from '../src/lib/schemas/real-day';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, fieldErrors, json, readJson, validate } from './_shared/platform/http';
import { requireStaff } from './_shared/auth/staff';
import { holidayWords, recordChange } from './_shared/classes/settings-history';
import { officeSettingsView } from './_shared/classes/office-settings-view';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const { staff, address } = await requireStaff(req, context, { need: 'staff' });
  const { day, name } = validate(HolidaySchema, await readJson(req, 2048));
  const today = indiaToday();
  if (day < today) throw fieldErrors({ day: `${dayInWords(day)} has passed: a holiday can be added for today or a day to come.` });

  const answer = await transaction(async (client) => {
    const inserted = await client.query(`insert into holidays (day, name_en, name_hi, added_by) values ($1, $2, $3, $4) on conflict (day) do nothing`, [
      day,
      name.en,
      name.hi,
      staff.id,
    ]);
    if (inserted.rowCount !== 1) {
      const { rows } = await client.query<{ en: string }>(`select name_en as en from holidays where day = $1`, [day]);
      throw fieldErrors({ day: `${dayInWords(day)} is already a holiday (${rows[0]?.en ?? ''}).` });
    }
    await recordChange(client, staff, { setting: 'holiday', day, from: null, to: holidayWords(name) });
    await audit({ staffId: staff.id, action: 'create', entity: 'settings', entityId: 'holiday', detail: { day, name: name.en } }, address, client);
    const { rows: saved } = await client.query<{ n: number }>(`select count(*)::int as n from class_days where day = $1`, [day]);
    const kept = saved[0]?.n ? ` The ${saved[0].n === 1 ? 'register' : `${saved[0].n} registers`} already saved for that day stay as they are.` : '';
    return {
      message: `${name.en} on ${dayInWords(day)} is a holiday: no class is expected that day.${kept}`,
      settings: await officeSettingsView(client, true),
    };
  });
  return json(answer, 201);
});

export const config: Config = { path: '/api/admin/holidays' };
