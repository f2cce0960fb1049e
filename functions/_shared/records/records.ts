/**
 * What every record staff keep shares (courses and jobs; any table with `id bigserial`,
 * `version`, `created_at` and `updated_at` can use it): a list in keyset pages, newest first;
 * one record by id; and the staff writes — create, update, delete — each in one transaction with
 * its audit line.
 *
 * An update or delete names the version it was based on, and the statement itself checks it
 * (`where id = $1 and version = $2`): of two editors who started from the same version exactly
 * one wins, with no window between a check and the write. When no row matched, the row is read
 * once more to tell why: gone (404) or changed by someone else (409 with the record as it is now).
 *
 * Table and column names come from a RecordKind written in the code (checked to be plain
 * identifiers when it is defined), never from a request; values are always parameters.
 */
import type { PoolClient } from '@neondatabase/serverless';
import { CONFLICT_MESSAGE, RecordIdSchema, type Page } from '../../../src/lib/schemas/records';
import { audit } from '../platform/audit';
import { query, transaction } from '../platform/db';
import { fieldErrors, HttpError, validate } from '../platform/http';
import { BIGINT_ID, cursorOf, ListQuerySchema, pageOf, readCursor } from '../platform/paging';
import type { StaffRequest } from '../auth/staff';

/** A kind of record: its table, what the audit log calls it, and which column holds each field. */
export interface RecordKind<F extends object> {
  /** The table, e.g. 'courses'. */
  table: string;
  /** The audit log's name for it, e.g. 'course'; also the word used in messages. */
  entity: string;
  /** The column of each API field, e.g. `{ applyLink: 'apply_link' }`. */
  columns: { [K in keyof F]-?: string };
  /** The field a delete's audit line keeps, so the log still says what was deleted (a title). */
  summary?: keyof F & string;
  /** Fields held in `date` columns: given as YYYY-MM-DD text (a JavaScript Date would shift the day by the time zone). */
  days?: readonly (keyof F & string)[];
}

/** A record as the API gives it: its fields, id, version and times. */
export type StoredRecord<F> = F & { _id: string; version: number; createdAt: string; updatedAt: string };

/** Answer headers of a public GET: browsers and CDNs may keep it, but must ask again each time. */
export const PUBLIC_CACHE = { 'Cache-Control': 'public, max-age=0, must-revalidate' };

/** The largest value of a Postgres `integer` (the version column): a version beyond it is never the stored one. */
export const MAX_VERSION = 2_147_483_647;
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** Checks a kind's table and column names once, at load time, so no odd name reaches SQL text. */
export function defineRecordKind<F extends object>(kind: RecordKind<F>): RecordKind<F> {
  for (const name of [kind.table, ...Object.values<string>(kind.columns)]) {
    if (!IDENTIFIER.test(name)) throw new Error(`record kind ${kind.entity}: "${name}" is not a plain identifier`);
  }
  return kind;
}

const fieldsOf = <F extends object>(kind: RecordKind<F>) => Object.keys(kind.columns) as (keyof F & string)[];

/** The select list that turns a row (of `alias`, if given) into the API's shape. */
export function selectList<F extends object>(kind: RecordKind<F>, alias = ''): string {
  const at = alias ? `${alias}.` : '';
  const fields = fieldsOf(kind).map((field) => `${at}${kind.columns[field]}${kind.days?.includes(field) ? '::text' : ''} as "${field}"`);
  return [`${at}id::text as "_id"`, ...fields, `${at}version`, `${at}created_at as "createdAt"`, `${at}updated_at as "updatedAt"`].join(', ');
}

export type Row = Record<string, unknown> & { createdAt: Date | string; updatedAt: Date | string };

/** A row as the API gives it: times as ISO strings. */
export function toRecord<F>(row: Row): StoredRecord<F> {
  return { ...row, createdAt: new Date(row.createdAt).toISOString(), updatedAt: new Date(row.updatedAt).toISOString() } as StoredRecord<F>;
}

/** The 404 of a record that does not exist (never did, was deleted, or the id is malformed). */
export const recordNotFound = (kind: Pick<RecordKind<object>, 'entity'>) => new HttpError(404, `This ${kind.entity} was not found. It may have been deleted.`);

/** The record id of the address (`:id`), or 404 when it cannot be one. */
export function recordId(kind: Pick<RecordKind<object>, 'entity'>, raw: string | undefined): string {
  if (!RecordIdSchema.safeParse(raw).success) throw recordNotFound(kind);
  return raw!;
}

/**
 * The version a DELETE was based on, from `?version=N`; 400 when it is missing or not a
 * positive whole number.
 */
export function versionParam(url: URL): number {
  const raw = url.searchParams.get('version');
  if (raw === null || !/^[1-9]\d{0,15}$/.test(raw)) throw fieldErrors({ version: 'Please reload: the version of this record is missing.' });
  return Number(raw);
}

/**
 * One page of `kind`, newest first: `?limit=1..100` (50) and `?after=` the `next` of the
 * previous page (the opaque cursor of paging.ts, naming the last id shown). `next` is null on
 * the last page.
 */
export async function listRecords<F extends object>(kind: RecordKind<F>, url: URL): Promise<Page<StoredRecord<F>>> {
  const { after, limit } = validate(ListQuerySchema, Object.fromEntries(url.searchParams));
  const position = readCursor(after, [BIGINT_ID]);
  // One row more than asked tells whether another page follows.
  const rows = position
    ? await query<Row>(`select ${selectList(kind)} from ${kind.table} where id < $1 order by id desc limit $2`, [position[0], limit + 1])
    : await query<Row>(`select ${selectList(kind)} from ${kind.table} order by id desc limit $1`, [limit + 1]);
  return pageOf(
    rows,
    limit,
    (row) => toRecord<F>(row),
    (row) => cursorOf(String(row['_id'])),
  );
}

/** The record `id` of `kind`, or 404. */
export async function findRecord<F extends object>(kind: RecordKind<F>, id: string, client?: PoolClient): Promise<StoredRecord<F>> {
  const text = `select ${selectList(kind)} from ${kind.table} where id = $1`;
  const [row] = client ? (await client.query<Row>(text, [id])).rows : await query<Row>(text, [id]);
  if (!row) throw recordNotFound(kind);
  return toRecord<F>(row);
}

/** Stores a new record and its audit line (which fields were set); returns the record. */
export async function createRecord<F extends object>(kind: RecordKind<F>, fields: F, who: StaffRequest): Promise<StoredRecord<F>> {
  const names = fieldsOf(kind);
  const columns = names.map((name) => kind.columns[name]).join(', ');
  const placeholders = names.map((_, i) => `$${i + 1}`).join(', ');
  return transaction(async (client) => {
    const { rows } = await client.query<Row>(
      `insert into ${kind.table} (${columns}) values (${placeholders}) returning ${selectList(kind)}`,
      names.map((name) => fields[name]),
    );
    const record = toRecord<F>(rows[0]!);
    const subject = kind.summary ? String(fields[kind.summary]) : undefined;
    await audit(
      { staffId: who.staff.id, action: 'create', entity: kind.entity, entityId: record._id, subject, detail: { fields: names } },
      who.address,
      client,
    );
    return record;
  });
}

/**
 * Why an update or delete of `id` at `version` matched no row: 404 when the record is gone,
 * else 409 with the record as it is now (someone saved a newer version first).
 */
async function refusal<F extends object>(kind: RecordKind<F>, id: string, client: PoolClient): Promise<HttpError> {
  const current = await findRecord(kind, id, client).catch((error: unknown) => {
    if (error instanceof HttpError) return null;
    throw error;
  });
  return current ? new HttpError(409, CONFLICT_MESSAGE, { current }) : recordNotFound(kind);
}

/**
 * Replaces the fields of record `id`, if it is still at `version`; the version rises by one.
 * The audit line names the fields whose value changed. 404 when gone, 409 when stale.
 */
export async function updateRecord<F extends object>(kind: RecordKind<F>, id: string, fields: F, version: number, who: StaffRequest): Promise<StoredRecord<F>> {
  const names = fieldsOf(kind);
  const assignments = names.map((name, i) => `${kind.columns[name]} = $${i + 3}`).join(', ');
  return transaction(async (client) => {
    // A version beyond the column's range cannot be the stored one (and must not reach SQL).
    if (version > MAX_VERSION) throw await refusal(kind, id, client);
    // `was` is the row as it stood before this statement: the audit line compares with it.
    const { rows } = await client.query<Row & { previous: Record<string, unknown> }>(
      `update ${kind.table} t set ${assignments}, version = t.version + 1, updated_at = now()
         from ${kind.table} was
        where t.id = $1 and t.version = $2 and was.id = t.id
       returning ${selectList(kind, 't')}, to_jsonb(was) as previous`,
      [id, version, ...names.map((name) => fields[name])],
    );
    const row = rows[0];
    if (!row) throw await refusal(kind, id, client);
    const { previous, ...stored } = row;
    const changed = names.filter((name) => JSON.stringify(previous[kind.columns[name]]) !== JSON.stringify(fields[name]));
    const subject = kind.summary ? String(fields[kind.summary]) : undefined;
    await audit({ staffId: who.staff.id, action: 'update', entity: kind.entity, entityId: id, subject, detail: { fields: changed } }, who.address, client);
    return toRecord<F>(stored as Row);
  });
}

/** Deletes record `id` if it is still at `version`, with its audit line. 404 when gone, 409 when stale. */
export async function deleteRecord<F extends object>(kind: RecordKind<F>, id: string, version: number, who: StaffRequest): Promise<void> {
  const summary = kind.summary ? `, ${kind.columns[kind.summary]} as summary` : '';
  await transaction(async (client) => {
    if (version > MAX_VERSION) throw await refusal(kind, id, client);
    const { rows } = await client.query<{ summary?: unknown }>(`delete from ${kind.table} where id = $1 and version = $2 returning id${summary}`, [
      id,
      version,
    ]);
    const row = rows[0];
    if (!row) throw await refusal(kind, id, client);
    const detail = { version, ...(kind.summary && { [kind.summary]: row.summary }) };
    const subject = kind.summary ? String(row.summary) : undefined;
    await audit({ staffId: who.staff.id, action: 'delete', entity: kind.entity, entityId: id, subject, detail }, who.address, client);
  });
}
