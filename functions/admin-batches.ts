/**
 * /api/admin/batches (staff only):
 * - GET ?course=&status=&teacher= → Batch[] (needs 'timetable'): every batch, running first then
 *   planned then completed, each with its course's title, teacher's name and seats taken.
 * - POST {courseId, name, startsOn, endsOn, days, startsAt, endsAt, room, teacherId?, seats,
 *   status?} → 201 {message, item} (needs 'batches'). A room or teacher taken at an overlapping
 *   time is 409 naming the other batch (refuseClashes, under a lock); a name in use is 409.
 */
import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { BATCH_STATUSES, BatchFieldsSchema, type Batch } from '../src/lib/schemas/batch';
import { RecordIdSchema } from '../src/lib/schemas/records';
import { audit } from './_shared/platform/audit';
import { query, transaction } from './_shared/platform/db';
import { allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { requireStaff } from './_shared/auth/staff';
import { BATCH_COLUMNS, BATCH_FROM, batchValues, checkReferences, findBatch, refuseClashes } from './_shared/classes/batches';
import { nameTaken, saveErrorOf } from './_shared/classes/batch-save';

const blankIsNone = (v: unknown) => (v === '' ? undefined : v);

/** The list's filters. */
const BatchFilterSchema = z.object({
  /** A course's id. */
  course: z.preprocess(blankIsNone, RecordIdSchema.optional()),
  /** planned, running or completed. */
  status: z.preprocess(blankIsNone, z.enum(BATCH_STATUSES, { message: 'Please choose the status: Planned, Running or Completed.' }).optional()),
  /** A teacher's id. */
  teacher: z.preprocess(blankIsNone, z.uuid({ message: 'Please choose a teacher from the list.' }).optional()),
});

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET', 'POST');
  if (req.method === 'GET') {
    await requireStaff(req, context, { need: 'timetable' });
    const filter = validate(BatchFilterSchema, Object.fromEntries(new URL(req.url).searchParams));
    const params: unknown[] = [];
    const where: string[] = [];
    if (filter.course) where.push(`b.course_id = $${params.push(filter.course)}`);
    if (filter.status) where.push(`b.status = $${params.push(filter.status)}`);
    if (filter.teacher) where.push(`b.teacher_id = $${params.push(filter.teacher)}`);
    const items = await query<Batch>(
      `select ${BATCH_COLUMNS} from ${BATCH_FROM} ${where.length ? `where ${where.join(' and ')}` : ''}
        order by array_position(array['running', 'planned', 'completed'], b.status), b.starts_on, b.starts_at, b.name`,
      params,
    );
    return json(items);
  }

  const { staff, address } = await requireStaff(req, context, { need: 'batches' });
  const fields = validate(BatchFieldsSchema, await readJson(req));
  const item = await transaction(async (client) => {
    await checkReferences(client, fields);
    await refuseClashes(client, fields, null);
    if (await nameTaken(client, fields.name, null)) throw saveErrorOf('name');
    const { rows } = await client.query<{ id: string }>(
      `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, teacher_id, seats, status)
       values ($1, $2, $3, $4, $5::smallint[], $6, $7, $8, $9, $10, $11) returning id::text`,
      batchValues(fields),
    );
    const id = rows[0]!.id;
    await audit({ staffId: staff.id, action: 'create', entity: 'batch', entityId: id, subject: fields.name }, address, client);
    return (await findBatch(client, id))!;
  });
  return json({ message: 'Batch added.', item }, 201);
});

export const config: Config = { path: '/api/admin/batches' };
