/**
 * GET /api/admin/timetable (needs 'timetable') → {byRoom, byTeacher}: the week of every running
 * batch, once per room and once per teacher; each a list of the week's classes in order (Monday
 * first, then by time), with the days and times in words for the screen.
 */
import type { Config } from '@netlify/functions';
import { DAY_NAMES, type Batch, type WeekClass } from '../src/lib/schemas/batch';
import { query } from './_shared/platform/db';
import { allowMethods, endpoint, json } from './_shared/platform/http';
import { requireStaff } from './_shared/auth/staff';
import { BATCH_COLUMNS, BATCH_FROM } from './_shared/classes/batches';

/** The week's classes grouped by `key`, groups by name, classes by day then time. */
function groupBy(classes: WeekClass[], key: (c: WeekClass) => string) {
  const groups = new Map<string, WeekClass[]>();
  for (const c of classes) groups.set(key(c), [...(groups.get(key(c)) ?? []), c]);
  return [...groups]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, list]) => ({ name, classes: list.sort((a, b) => a.day - b.day || a.startsAt.localeCompare(b.startsAt)) }));
}

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET');
  await requireStaff(req, context, { need: 'timetable' });
  const batches = await query<Batch>(`select ${BATCH_COLUMNS} from ${BATCH_FROM} where b.status = 'running' order by b.starts_at, b.name`);
  const classes: WeekClass[] = batches.flatMap((b) =>
    b.days.map((day) => ({
      day,
      dayName: DAY_NAMES[day]!,
      startsAt: b.startsAt,
      endsAt: b.endsAt,
      batchId: b._id,
      batch: b.name,
      course: b.course,
      room: b.room,
      teacher: b.teacher,
    })),
  );
  return json({ byRoom: groupBy(classes, (c) => c.room), byTeacher: groupBy(classes, (c) => c.teacher ?? 'No teacher yet') });
});

export const config: Config = { path: '/api/admin/timetable' };
