/**
 * GET /api/admin/leads?kind&status&source&form&course&from&to&due&assigned&q&sort&limit&after
 * (staff only) → {items: LeadRow[], next}: the leads inbox, filtered (functions/_shared/
 * lead-filter.ts), sorted newest or oldest first, by follow-up day (undated last) or by name, in
 * keyset pages with the opaque cursor of paging.ts. Every page viewed is an audit line.
 */
import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { LeadFilterSchema, type LeadRow, type LeadSort } from '../src/lib/schemas/lead';
import { wellFormed } from '../src/lib/schemas/plain-text';
import { audit } from './_shared/platform/audit';
import { query } from './_shared/platform/db';
import { allowMethods, endpoint, json } from './_shared/platform/http';
import { datedOnly, leadConditions } from './_shared/leads/lead-filter';
import { LEAD_ROW_COLUMNS, toLeadRow, type LeadRowRecord } from './_shared/leads/lead-row';
import { BAD_CURSOR, BIGINT_ID, DAY, ListQuerySchema, TIMESTAMP, cursorOf, listQuery, pageOf, readCursor, type CursorPart } from './_shared/platform/paging';
import { requireStaff } from './_shared/auth/staff';

/** The list's query: the filters and a page. A name cursor can be long (Devanagari is 3 bytes a letter). */
const LeadListQuerySchema = LeadFilterSchema.safeExtend({
  ...ListQuerySchema.shape,
  after: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(1000, BAD_CURSOR).optional()),
});

/** A row with the sort keys its cursor is made of. */
type Row = LeadRowRecord & { created_key: string; name_key: string };

/**
 * The cursor parts of each sort, checked before they reach SQL: the sort itself (a cursor of
 * another sort names no position in this one), then its key and the id.
 */
const CURSOR_PARTS: Record<LeadSort, readonly CursorPart[]> = {
  newest: [/^newest$/, TIMESTAMP, BIGINT_ID],
  oldest: [/^oldest$/, TIMESTAMP, BIGINT_ID],
  // The follow-up day, or '' for a lead without one (those come last).
  'follow-up': [/^follow-up$/, { test: (part) => part === '' || DAY.test(part) }, BIGINT_ID],
  // A lowered name as the database gives it: never a NUL, a line break or a lone surrogate.
  // eslint-disable-next-line no-control-regex -- control characters are what this looks for
  name: [/^name$/, { test: (part) => /^[^\n\u0000]{1,300}$/.test(part) && wellFormed(part) }, BIGINT_ID],
};

const SELECT = `select ${LEAD_ROW_COLUMNS}, l.created_at::text as created_key, lower(l.name) as name_key
                  from leads l left join staff a on a.id = l.assigned_to`;
const and = (where: string[]) => (where.length ? `where ${where.join(' and ')}` : '');

/**
 * One page of the leads matching `where` (its values in `params`) in `sort` order after
 * `position`: `limit + 1` rows, so the caller knows whether a page follows.
 */
async function leadPage(sort: LeadSort, where: string[], params: unknown[], position: string[] | null, limit: number, undated: boolean): Promise<Row[]> {
  const p = (value: unknown) => `$${params.push(value)}`;
  const rows = `limit ${p(limit + 1)}`;
  if (sort === 'newest' || sort === 'oldest') {
    const [op, dir] = sort === 'newest' ? ['<', 'desc'] : ['>', 'asc'];
    const after = position ? [`(l.created_at, l.id) ${op} (${p(position[0])}::timestamptz, ${p(position[1])}::bigint)`] : [];
    return query<Row>(`${SELECT} ${and([...where, ...after])} order by l.created_at ${dir}, l.id ${dir} ${rows}`, params);
  }
  if (sort === 'name') {
    const after = position ? [`(lower(l.name), l.id) > (${p(position[0])}, ${p(position[1])}::bigint)`] : [];
    return query<Row>(`${SELECT} ${and([...where, ...after])} order by lower(l.name), l.id ${rows}`, params);
  }
  // By follow-up day, undated last: two parts, each at most a page read in the order of its own
  // index — the dated leads by (follow_up_on, id), the undated by id (the primary key).
  const id = position ? p(position[1]) : null;
  const dated =
    position?.[0] === ''
      ? null
      : `(${SELECT} ${and([...where, 'l.follow_up_on is not null', ...(position ? [`(l.follow_up_on, l.id) > (${p(position[0])}::date, ${id}::bigint)`] : [])])}
          order by l.follow_up_on, l.id ${rows})`;
  const undatedPart = undated
    ? `(${SELECT} ${and([...where, 'l.follow_up_on is null', ...(position?.[0] === '' ? [`l.id > ${id}::bigint`] : [])])} order by l.id ${rows})`
    : null;
  const parts = [dated, undatedPart].filter(Boolean);
  if (parts.length === 0) return [];
  if (parts.length === 1) return query<Row>(parts[0]!, params);
  // Each part gives at most a page; the two are put in order (a `union all` alone promises none).
  return query<Row>(`select * from (${parts.join(' union all ')}) u order by u."followUp" nulls last, u._id::bigint ${rows}`, params);
}

/** The cursor of `row` in `sort` order. */
function cursorFor(sort: LeadSort, row: Row): string {
  if (sort === 'name') return cursorOf(sort, row.name_key, row._id);
  if (sort === 'follow-up') return cursorOf(sort, row.followUp ?? '', row._id);
  return cursorOf(sort, row.created_key, row._id);
}

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET');
  const { staff, address } = await requireStaff(req, context, { need: 'leads' });
  const { limit, after, sort, ...filter } = listQuery(req, LeadListQuerySchema);
  const position = readCursor(after, CURSOR_PARTS[sort])?.slice(1) ?? null;

  const params: unknown[] = [];
  const where = leadConditions(filter, staff.id, params);
  const rows = await leadPage(sort, where, params, position, limit, !datedOnly(filter));
  const page = pageOf<Row, LeadRow>(
    rows,
    limit,
    ({ created_key: _, name_key: __, ...row }) => toLeadRow(row),
    (row) => cursorFor(sort, row),
  );
  const shown = Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined));
  await audit(
    { staffId: staff.id, action: 'view', entity: 'lead', detail: { count: page.items.length, ...shown, sort, page: after ? 'later' : 'first' } },
    address,
  );
  return json(page);
});

export const config: Config = { path: '/api/admin/leads' };
