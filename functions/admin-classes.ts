/**
 * GET /api/admin/classes?day=YYYY-MM-DD (default: today in India) → the day's classes: the
 * running batches whose dates include the day and who meet on its weekday, the caller's own
 * first, each with its course, times, room, teacher, active students and whether the register was
 * saved. On a holiday (set by the Owner in Settings) no class is expected: the holiday is named and the
 * list is empty. A Teacher sees the batches they teach; a role that can 'attendance-any' sees every
 * batch. Also the caller's students below the attendance threshold (the Teacher's Today list).
 */
import type { Config } from '@netlify/functions';
import { z } from '../src/lib/schemas/zod';
import { indiaToday } from '../src/lib/schemas/real-day';
import { DaySchema, isoWeekday, type ClassesOfDay, type ClassOfDay } from '../src/lib/schemas/attendance';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, json, validate } from './_shared/platform/http';
import { can } from './_shared/auth/roles';
import { requireStaff } from './_shared/auth/staff';
import { holidayOn } from './_shared/classes/holidays';
import { loadOfficeSettings } from './_shared/classes/office-settings';
import { lowAttendance } from './_shared/classes/low-attendance';

const QuerySchema = z.object({ day: z.preprocess((v) => (v === '' ? undefined : v), DaySchema.optional()) });

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET');
  const { staff, role } = await requireStaff(req, context, { need: 'attendance' });
  const today = indiaToday();
  const { day = today } = validate(QuerySchema, Object.fromEntries(new URL(req.url).searchParams));
  const anyDay = can(role, 'attendance-any');

  const answer = await transaction(async (client) => {
    const settings = await loadOfficeSettings(client);
    const holiday = holidayOn(settings.holidays, day);
    const { rows } = holiday
      ? { rows: [] as ClassOfDay[] }
      : await client.query<ClassOfDay>(
          `select b.id::text as "batchId", b.name as batch, c.title as course, to_char(b.starts_at, 'HH24:MI') as "startsAt",
                  to_char(b.ends_at, 'HH24:MI') as "endsAt", b.room, t.name as teacher, coalesce(b.teacher_id = $1, false) as mine,
                  (select count(*)::int from batch_students r where r.batch_id = b.id and r.status = 'active') as students,
                  exists (select 1 from class_days d where d.batch_id = b.id and d.day = $2) as taken
             from batches b join courses c on c.id = b.course_id left join staff t on t.id = b.teacher_id
            where b.status = 'running' and $2::date between b.starts_on and b.ends_on and $3 = any (b.days)
              and ($4 or b.teacher_id = $1)
            order by (b.teacher_id = $1) desc nulls last, b.starts_at, lower(b.name)`,
          [staff.id, day, isoWeekday(day), anyDay],
        );
    const low = await lowAttendance(client, anyDay ? null : staff.id, settings.attendanceThreshold);
    return { day, today, holiday, classes: rows, anyDay, lowAttendance: low, attendanceThreshold: settings.attendanceThreshold } satisfies ClassesOfDay;
  });
  return json(answer);
});

export const config: Config = { path: '/api/admin/classes' };
