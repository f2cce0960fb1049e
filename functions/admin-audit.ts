/**
 * GET /api/admin/audit?limit&after&staff=&entity=&entityId= (Owner only) → {items: [{_id, at,
 * staff: {_id, name} | null, action, entity, entityId, client, detail, summary}], next}: the audit
 * log, newest first, keyset-paged, with each line's member of staff by name and what happened in
 * words (`summary`, src/lib/audit-words.ts): the record is named from the line (kept when it was
 * written), or, for older lines, from the record as it is now. `staff` (an account id),
 * `entity` ('student', 'course', …) and `entityId` narrow it; each filter has its index
 * (migration 005). Reading the log is itself an audit line (written after the read, so it shows
 * on the next look, not this one).
 */
import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { audit } from './_shared/platform/audit';
import { query } from './_shared/platform/db';
import { allowMethods, endpoint, json } from './_shared/platform/http';
import { BIGINT_ID, FilterSchema, ListQuerySchema, TIMESTAMP, UUID, cursorOf, listQuery, pageOf, readCursor } from './_shared/platform/paging';
import { requireStaff } from './_shared/auth/staff';
import { auditSentence } from '../src/lib/audit-words';

const AuditQuerySchema = ListQuerySchema.extend({
  /** Only the lines of this member of staff. */
  staff: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(UUID, 'Please choose a member of staff from the list.').optional()),
  /** Only lines about this kind of record. */
  entity: FilterSchema(40, 'the kind of record'),
  /** Only lines about this record. */
  entityId: FilterSchema(100, 'the record id'),
});

interface AuditRow {
  id: string;
  at: Date;
  at_key: string;
  staff_id: string | null;
  staff_name: string | null;
  action: string;
  entity: string | null;
  entity_id: string | null;
  client: string | null;
  detail: Record<string, unknown> | null;
  /** The record's name as it is now (older lines kept none), null when it is gone. */
  current: string | null;
}

/** The name of the record a line is about, as it is now: one indexed look-up per line of the page. */
const CURRENT_NAME = `case
    when a.entity_id is null then null
    when a.entity = 'staff' then (select t.name from staff t where t.id::text = a.entity_id)
    when a.entity_id !~ '^[0-9]{1,18}$' then null
    when a.entity = 'student' then (select t.name from students t where t.id = a.entity_id::bigint)
    when a.entity in ('lead', 'application') then (select t.reference from leads t where t.id = a.entity_id::bigint)
    when a.entity = 'course' then (select t.title from courses t where t.id = a.entity_id::bigint)
    when a.entity = 'job' then (select t.role from jobs t where t.id = a.entity_id::bigint)
    when a.entity = 'marquee' then (select t.message from marquee_messages t where t.id = a.entity_id::bigint)
  end`;

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET');
  const { staff, address } = await requireStaff(req, context, { need: 'audit' });
  const { limit, after, ...filters } = listQuery(req, AuditQuerySchema);
  const position = readCursor(after, [TIMESTAMP, BIGINT_ID]);

  const params: unknown[] = [limit + 1];
  const where: string[] = [];
  if (filters.staff) where.push(`a.staff_id = $${params.push(filters.staff)}`);
  if (filters.entity) where.push(`a.entity = $${params.push(filters.entity)}`);
  if (filters.entityId) where.push(`a.entity_id = $${params.push(filters.entityId)}`);
  if (position) where.push(`(a.at, a.id) < ($${params.push(position[0])}::timestamptz, $${params.push(position[1])}::bigint)`);
  const rows = await query<AuditRow>(
    `select a.id::text, a.at, a.at::text as at_key, a.staff_id::text, s.name as staff_name, a.action, a.entity, a.entity_id, a.client, a.detail,
            ${CURRENT_NAME} as current
       from audit_log a left join staff s on s.id = a.staff_id
      ${where.length ? `where ${where.join(' and ')}` : ''}
      order by a.at desc, a.id desc
      limit $1`,
    params,
  );
  const page = pageOf(
    rows,
    limit,
    (row) => ({
      _id: row.id,
      at: new Date(row.at).toISOString(),
      staff: row.staff_id ? { _id: row.staff_id, name: row.staff_name ?? '' } : null,
      action: row.action,
      entity: row.entity,
      entityId: row.entity_id,
      client: row.client,
      detail: row.detail,
      summary: auditSentence({
        actor: row.staff_name,
        action: row.action,
        entity: row.entity,
        entityId: row.entity_id,
        detail: row.detail,
        current: row.current,
      }),
    }),
    (row) => cursorOf(row.at_key, row.id),
  );
  await audit(
    { staffId: staff.id, action: 'view', entity: 'audit', detail: { count: page.items.length, ...filters, page: after ? 'later' : 'first' } },
    address,
  );
  return json(page);
});

export const config: Config = { path: '/api/admin/audit' };
