/**
 * /api/admin/batches/{id} (staff only):
 * - GET → Batch (needs 'timetable');
 * - PUT {...fields, version} → {message: 'Batch updated.', item} (needs 'batches'): clashes as for
 *   a new batch (the batch itself aside); seats fewer than the students in it are refused;
 * - DELETE ?version=N → {message: 'Batch deleted.'} (needs 'batches'): refused (409) for a batch
 *   whose classes were taken or that has certificates: that history is the institute's record.
 * Optimistic concurrency as for students: a stale version is 409 with the batch as it is now.
 */
import type { Config } from '@netlify/functions';
import { BatchUpdateSchema, type Batch } from '../src/lib/schemas/batch';
import { RecordIdSchema } from '../src/lib/schemas/records';
import { audit } from './_shared/platform/audit';
import { transaction, query } from './_shared/platform/db';
import { allowMethods, endpoint, fieldErrors, HttpError, json, readJson, validate } from './_shared/platform/http';
import { MAX_VERSION, versionParam } from './_shared/records/records';
import { requireStaff } from './_shared/auth/staff';
import {
  BATCH_COLUMNS,
  BATCH_FROM,
  batchMissedOrChanged,
  batchNotFound,
  batchValues,
  checkReferences,
  findBatch,
  refuseClashes,
} from './_shared/classes/batches';
import { nameTaken, saveErrorOf } from './_shared/classes/batch-save';

/** Why a batch with history cannot be deleted. */
const HISTORY_MESSAGE = (name: string) =>
  `${name} cannot be deleted: it has attendance or certificates, which are the institute’s record. Mark it Completed instead.`;

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET', 'PUT', 'DELETE');
  const who = await requireStaff(req, context, { need: req.method === 'GET' ? 'timetable' : 'batches' });
  const parsed = RecordIdSchema.safeParse(context.params?.['id']);
  if (!parsed.success) throw batchNotFound();
  const id = parsed.data;

  if (req.method === 'GET') {
    const [found] = await query<Batch>(`select ${BATCH_COLUMNS} from ${BATCH_FROM} where b.id = $1`, [id]);
    if (!found) throw batchNotFound();
    return json(found);
  }

  const { staff, address } = who;
  if (req.method === 'PUT') {
    const { version, ...fields } = validate(BatchUpdateSchema, await readJson(req));
    const item = await transaction(async (client) => {
      if (version > MAX_VERSION) throw await batchMissedOrChanged(client, id);
      await checkReferences(client, fields);
      const before = await findBatch(client, id);
      if (!before) throw batchNotFound();
      if (before.version !== version) throw await batchMissedOrChanged(client, id);
      await refuseClashes(client, fields, id);
      if (await nameTaken(client, fields.name, id)) throw saveErrorOf('name');
      if (fields.seats < before.seatsTaken) {
        throw fieldErrors({ seats: `${before.seatsTaken} students are in this batch, so it needs at least ${before.seatsTaken} seats.` });
      }
      const { rowCount } = await client.query(
        `update batches set course_id = $3, name = $4, starts_on = $5, ends_on = $6, days = $7::smallint[], starts_at = $8, ends_at = $9,
                room = $10, teacher_id = $11, seats = $12, status = $13, version = version + 1, updated_at = now()
          where id = $1 and version = $2`,
        [id, version, ...batchValues(fields)],
      );
      if (rowCount !== 1) throw await batchMissedOrChanged(client, id);
      const after = (await findBatch(client, id))!;
      const changed = (Object.keys(fields) as (keyof typeof fields)[]).filter(
        (k) => JSON.stringify(before[k as keyof typeof before]) !== JSON.stringify(after[k as keyof typeof after]),
      );
      await audit(
        { staffId: staff.id, action: 'update', entity: 'batch', entityId: id, subject: after.name, detail: { changed, version: after.version } },
        address,
        client,
      );
      return after;
    });
    return json({ message: 'Batch updated.', item });
  }

  const version = versionParam(new URL(req.url));
  await transaction(async (client) => {
    if (version > MAX_VERSION) throw await batchMissedOrChanged(client, id);
    const { rows } = await client.query<{ name: string; version: number; history: boolean }>(
      `select name, version, exists (select 1 from class_days d where d.batch_id = b.id) or exists (select 1 from certificates c where c.batch_id = b.id) as history
         from batches b where id = $1 for update`,
      [id],
    );
    const batch = rows[0];
    if (!batch) throw batchNotFound();
    if (batch.version !== version) throw await batchMissedOrChanged(client, id);
    if (batch.history) throw new HttpError(409, HISTORY_MESSAGE(batch.name));
    try {
      await client.query('savepoint batch_delete');
      await client.query('delete from batches where id = $1', [id]);
    } catch (error) {
      // Attendance saved by a colleague this very moment: the database refuses (restrict).
      if ((error as { code?: string }).code === '23503') {
        await client.query('rollback to savepoint batch_delete');
        throw new HttpError(409, HISTORY_MESSAGE(batch.name));
      }
      throw error;
    }
    await audit({ staffId: staff.id, action: 'delete', entity: 'batch', entityId: id, subject: batch.name, detail: { version } }, address, client);
  });
  return json({ message: 'Batch deleted.' });
});

export const config: Config = { path: '/api/admin/batches/:id' };
