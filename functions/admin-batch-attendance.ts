/**
 * GET /api/admin/batches/{id}/attendance?month=YYYY-MM (default: this month in India) → the
 * batch's attendance grid for the month: its students (the active roster and anyone marked that
 * month) by the days whose register was saved, each mark as a letter (P, A, L, Lv: the legend says
 * which), with the month's percentage and the whole batch's (attendance-summary.ts, the one count).
 * `&format=xlsx` or `&format=csv` gives the same table as a file named after the batch and the
 * month (Hindi names intact; the counts and percentages are numbers that add up). Who may: as for the register (own batch, or 'attendance-any').
 * A view is an audit line; a download is an 'export' line.
 */
import type { Config } from '@netlify/functions';
import { z } from '../src/lib/schemas/zod';
import { indiaToday } from '../src/lib/schemas/real-day';
import { MARK_LABELS, MARK_LETTERS, MARKS, MonthSchema, monthInWords, type AttendanceGrid, type GridRow, type Mark } from '../src/lib/schemas/attendance';
import { audit } from './_shared/platform/audit';
import { CSV_BOM, csvLine } from './_shared/platform/csv';
import { transaction } from './_shared/platform/db';
import { allowMethods, crossSite, CROSS_SITE_MESSAGE, endpoint, HttpError, json, validate } from './_shared/platform/http';
import { count, percent, type SheetCell } from './_shared/platform/sheet-cells';
import { XLSX_TYPE, xlsxStream } from './_shared/platform/xlsx';
import { requireStaff } from './_shared/auth/staff';
import { attachmentDisposition } from './_shared/storage/content-disposition';
import { attendanceSummaries, belowThreshold, percentOf } from './_shared/classes/attendance-summary';
import { loadOfficeSettings } from './_shared/classes/office-settings';
import { batchForAttendance } from './_shared/classes/batch-access';

const QuerySchema = z.object({
  month: z.preprocess((v) => (v === '' ? undefined : v), MonthSchema.optional()),
  format: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['json', 'csv', 'xlsx'], { message: 'Please choose the file as CSV or Excel (xlsx).' }).default('json'),
  ),
});

/** The grid's table: headings, then one row per student (the letters as text, then the counts and percentages as numbers). */
function table(grid: AttendanceGrid): { headings: string[]; rows: SheetCell[][] } {
  const headings = ['Student', ...grid.days.map((d) => d.slice(8) + '/' + d.slice(5, 7)), 'Classes', 'Attended', 'Month %', 'Batch %'];
  const rows = grid.rows.map((r) => [
    r.name,
    ...r.marks.map((m) => (m ? MARK_LETTERS[m] : '')),
    count(r.held),
    count(r.attended),
    percent(r.percent),
    percent(r.overall),
  ]);
  return { headings, rows };
}

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET');
  const who = await requireStaff(req, context, { need: 'attendance' });
  const { month = indiaToday().slice(0, 7), format } = validate(QuerySchema, Object.fromEntries(new URL(req.url).searchParams));
  // A download of personal data is refused when another site asks for it, even as a GET.
  if (format !== 'json' && crossSite(req)) throw new HttpError(403, CROSS_SITE_MESSAGE);

  const grid = await transaction(async (client): Promise<AttendanceGrid> => {
    const batch = await batchForAttendance(client, context.params['id'], who);
    const first = `${month}-01`;
    const { rows: days } = await client.query<{ day: string }>(
      `select day::text from class_days where batch_id = $1 and day >= $2::date and day < ($2::date + interval '1 month') order by day`,
      [batch.id, first],
    );
    const { rows: students } = await client.query<{ studentId: string; name: string }>(
      `select s.id::text as "studentId", s.name from students s
        where exists (select 1 from batch_students r where r.batch_id = $1 and r.student_id = s.id and r.status = 'active')
           or exists (select 1 from attendance a where a.batch_id = $1 and a.student_id = s.id and a.day >= $2::date and a.day < ($2::date + interval '1 month'))
        order by lower(s.name), s.id`,
      [batch.id, first],
    );
    const { rows: marks } = await client.query<{ studentId: string; day: string; mark: Mark }>(
      `select student_id::text as "studentId", day::text, mark from attendance
        where batch_id = $1 and day >= $2::date and day < ($2::date + interval '1 month')`,
      [batch.id, first],
    );
    const markOf = new Map(marks.map((m) => [`${m.studentId}:${m.day}`, m.mark]));
    const { attendanceThreshold } = await loadOfficeSettings(client);
    const overall = new Map((await attendanceSummaries(client, { batchIds: [batch.id] })).map((s) => [s.studentId, s.percent]));
    const rows: GridRow[] = students.map((s) => {
      const row = days.map(({ day }) => markOf.get(`${s.studentId}:${day}`) ?? null);
      const held = row.filter((m) => m !== null).length;
      const attended = row.filter((m) => m === 'present' || m === 'late').length;
      const whole = overall.get(s.studentId) ?? null;
      return { ...s, marks: row, held, attended, percent: percentOf(attended, held), overall: whole, below: belowThreshold(whole, attendanceThreshold) };
    });
    await audit(
      {
        staffId: who.staff.id,
        action: format === 'json' ? 'view' : 'export',
        entity: 'attendance',
        entityId: batch.id,
        subject: batch.name,
        detail: { month, count: rows.length, ...(format !== 'json' && { file: format }) },
      },
      who.address,
      client,
    );
    return {
      batchId: batch.id,
      batch: batch.name,
      course: batch.course,
      month,
      days: days.map((d) => d.day),
      rows,
      legend: MARKS.map((m) => ({ letter: MARK_LETTERS[m], label: MARK_LABELS[m] })),
      threshold: attendanceThreshold,
    };
  });

  if (format === 'json') return json(grid);
  const { headings, rows } = table(grid);
  const name = `Attendance ${grid.batch} ${monthInWords(grid.month)}.${format}`;
  const headers = new Headers(json(null).headers);
  headers.set('Content-Disposition', attachmentDisposition(name));
  if (format === 'xlsx') {
    headers.set('Content-Type', XLSX_TYPE);
    return new Response(await xlsxStream('Attendance', headings, rows), { status: 200, headers });
  }
  headers.set('Content-Type', 'text/csv; charset=utf-8');
  return new Response(CSV_BOM + csvLine(headings) + rows.map(csvLine).join(''), { status: 200, headers });
});

export const config: Config = { path: '/api/admin/batches/:id/attendance' };
