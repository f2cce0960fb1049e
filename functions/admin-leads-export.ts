/**
 * GET /api/admin/leads/export.csv?<the list's filters>&ids=1,2,3 (Owner only): the leads of the
 * current filter (and, with `ids`, only those selected) as a CSV file that Excel and LibreOffice
 * open correctly (and that other tools read): UTF-8 with a byte order mark (Hindi names intact), CRLF line ends, cells quoted
 * where needed, and a cell that starts like a formula (= + - @ tab CR) made text with a leading
 * apostrophe, so a name such as `=HYPERLINK(…)` is never run. The language of the person's messages
 * and e-mails is a word (English, Hindi). The phone is its 10 digits (as
 * staff dial it, and with no `+` to escape). Times are India's. At most 50,000
 * rows; a bigger filter is refused. Each export is an audit line with the filter and the count.
 * With `format=xlsx` it gives the same rows and columns as an Excel workbook
 * (functions/_shared/platform/xlsx.ts: opens by a double-click, Hindi intact, what anyone typed
 * kept as text so nothing needs an apostrophe, the day received and the follow-up day real dates
 * that sort), at most XLSX_MAX rows; its audit line adds `file: 'xlsx'`.
 * A request made on behalf of another site is refused even though it is a GET: it downloads
 * personal data.
 */
import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { BULK_MAX, indiaToday, LEAD_FORMS, LEAD_KINDS, LeadFilterSchema, LOST_REASONS, STATUS_LABELS, type LeadSort } from '../src/lib/schemas/lead';
import { departmentLabel, sourceLabel } from '../src/lib/labels';
import { LANGUAGE_WORDS } from '../src/lib/person-language';
import { RecordIdSchema } from '../src/lib/schemas/records';
import { audit } from './_shared/platform/audit';
import { query } from './_shared/platform/db';
import { allowMethods, endpoint, HttpError, json } from './_shared/platform/http';
import { leadConditions } from './_shared/leads/lead-filter';
import { listQuery } from './_shared/platform/paging';
import { requireStaff } from './_shared/auth/staff';
import { XLSX_TYPE, xlsxStream } from './_shared/platform/xlsx';
import { csvLine } from './_shared/platform/csv';
import { day, time, type SheetCell } from './_shared/platform/sheet-cells';

export { csvCell } from './_shared/platform/csv';

/** The most rows one export gives. */
export const EXPORT_MAX = 50_000;
/**
 * The most rows one Excel export gives: the workbook is built whole in memory before it is sent
 * (about 2 s for 20,000 leads on a busy 2-core machine), where the CSV is written as it goes.
 */
export const XLSX_MAX = 20_000;

const SELECT_IDS = `Please select at most ${BULK_MAX} leads at a time.`;
const BAD_IDS = 'Please select leads from the list.';

/** The export's query: the list's filters, and optionally the ids of the leads selected. */
const ExportQuerySchema = LeadFilterSchema.safeExtend({
  /** The file: csv (the default) or xlsx (an Excel workbook). */
  format: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['csv', 'xlsx'], { message: 'Please choose the file as CSV or Excel (xlsx).' }).default('csv'),
  ),
  /** Comma-separated lead ids (at most BULK_MAX). */
  ids: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.split(',').map((id) => id.trim())) : v),
    z
      .array(z.string(), { message: BAD_IDS })
      .max(BULK_MAX, SELECT_IDS)
      .refine((ids) => ids.every((id) => RecordIdSchema.safeParse(id).success), BAD_IDS)
      .optional(),
  ),
});

/** The columns, in order: heading and the row's field. */
const COLUMNS = [
  ['Reference', 'reference'],
  ['Received', 'received'],
  ['Kind', 'kind'],
  ['Form', 'form'],
  ['Source', 'source'],
  ['Name', 'name'],
  ['Phone', 'phone'],
  ['E-mail', 'email'],
  ['Language', 'language'],
  ['Department', 'department'],
  ['Course', 'course'],
  ['Subject', 'subject'],
  ['Message', 'message'],
  ['Status', 'status'],
  ['Lost reason', 'lost_reason'],
  ['Follow-up', 'follow_up'],
  ['Assigned to', 'assigned'],
  ['UTM source', 'utm_source'],
  ['UTM medium', 'utm_medium'],
  ['UTM campaign', 'utm_campaign'],
  ['Referrer', 'referrer'],
  ['Landing page', 'landing_page'],
] as const;
type Field = (typeof COLUMNS)[number][1];
/** The headings of the columns, in order. */
const HEADINGS = COLUMNS.map(([heading]) => heading);
type ExportRow = Record<Field, string | null> & { lost_note: string | null };

/** A lead's cells in the columns' order: the times and days as dates, everything else (typed by strangers or staff) as text. */
function cellsOf(row: ExportRow): SheetCell[] {
  const shown = readable(row);
  return COLUMNS.map(([, field]) => (field === 'received' ? time(shown[field]) : field === 'follow_up' ? day(shown[field]) : shown[field]));
}

/** The order of each sort (the list's, without paging). */
const ORDER: Record<LeadSort, string> = {
  newest: 'l.created_at desc, l.id desc',
  oldest: 'l.created_at, l.id',
  'follow-up': 'l.follow_up_on nulls last, l.id',
  name: 'lower(l.name), l.id',
};

const SELECT = `select l.reference, to_char(l.created_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD HH24:MI') as received, l.kind, l.form,
         l.channel as source, l.name, l.phone_norm as phone, l.email, l.language, l.department, l.course, l.subject, l.message, l.status, l.lost_reason, l.lost_note,
         l.follow_up_on::text as follow_up, a.name as assigned, l.utm_source, l.utm_medium, l.utm_campaign, l.referrer, l.landing_page
    from leads l left join staff a on a.id = l.assigned_to`;

/** What staff read in the cells that hold a code (the kind, form, language, status and why it was lost). */
function readable(row: ExportRow): ExportRow {
  const label = <T extends Record<string, string>>(labels: T, code: string | null) => (code === null ? null : (labels[code] ?? code));
  const reason = label(LOST_REASONS, row.lost_reason);
  return {
    ...row,
    kind: label(LEAD_KINDS, row.kind),
    form: label(LEAD_FORMS, row.form),
    department: row.department === null ? null : departmentLabel(row.department),
    source: row.source === null ? null : sourceLabel(row.source),
    status: label(STATUS_LABELS, row.status),
    language: label(LANGUAGE_WORDS, row.language),
    lost_reason: reason && row.lost_note ? `${reason}: ${row.lost_note}` : reason,
  };
}

/** The file as a stream of UTF-8 chunks: the byte order mark and headings, then the rows a thousand at a time. */
function csvStream(rows: ExportRow[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = 0;
  return new ReadableStream({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${csvLine(COLUMNS.map(([heading]) => heading))}`));
    },
    pull(controller) {
      if (next >= rows.length) return controller.close();
      const chunk = rows.slice(next, next + 1000).map((row) => csvLine(cellsOf(row)));
      next += 1000;
      controller.enqueue(encoder.encode(chunk.join('')));
    },
  });
}

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET');
  const { staff, address } = await requireStaff(req, context, { need: 'leads-export' });
  const { sort, ids, format, ...filter } = listQuery(req, ExportQuerySchema);

  const params: unknown[] = [];
  const where = leadConditions(filter, staff.id, params);
  if (ids) where.push(`l.id = any($${params.push(ids)}::bigint[])`);
  const conditions = where.length ? `where ${where.join(' and ')}` : '';
  const xlsx = format === 'xlsx';
  const max = xlsx ? XLSX_MAX : EXPORT_MAX;
  const [{ count } = { count: 0 }] = await query<{ count: number }>(`select count(*)::int as count from leads l ${conditions}`, params);
  if (count > max) {
    const kind = xlsx
      ? `an Excel export holds at most ${XLSX_MAX.toLocaleString('en-IN')} (a CSV export ${EXPORT_MAX.toLocaleString('en-IN')})`
      : `an export holds at most ${EXPORT_MAX.toLocaleString('en-IN')}`;
    throw new HttpError(
      400,
      `These filters match ${count.toLocaleString('en-IN')} leads; ${kind}. Please narrow the filters (for example by date) and export again.`,
    );
  }
  const rows = await query<ExportRow>(`${SELECT} ${conditions} order by ${ORDER[sort]} limit ${max}`, params);

  const shown = Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined));
  await audit(
    { staffId: staff.id, action: 'export', entity: 'lead', detail: { ...shown, sort, ...(ids && { ids }), count: rows.length, ...(xlsx && { file: 'xlsx' }) } },
    address,
  );

  if (xlsx) {
    const headers = new Headers(json(null).headers);
    headers.set('Content-Type', XLSX_TYPE);
    headers.set('Content-Disposition', `attachment; filename="leads-${indiaToday()}.xlsx"`);
    return new Response(await xlsxStream('Leads', HEADINGS, rows.map(cellsOf)), { status: 200, headers });
  }

  // The API's usual headers (no caching, no sniffing, no framing), as a CSV download.
  const headers = new Headers(json(null).headers);
  headers.set('Content-Type', 'text/csv; charset=utf-8');
  headers.set('Content-Disposition', `attachment; filename="leads-${indiaToday()}.csv"`);
  return new Response(csvStream(rows), { status: 200, headers });
});

export const config: Config = { path: '/api/admin/leads/export.csv' };
