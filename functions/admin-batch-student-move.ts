/**
 * POST /api/admin/batches/{id}/students/{studentId}/move {toBatchId} (needs 'batches') →
 * {message}: in one transaction the old place becomes 'left' and the student joins the other
 * batch as active (a full or completed target refuses, and then nothing changes). Attendance is
 * not moved: each class's marks stay with the batch they were taken in.
 */
import type { Config } from '@netlify/functions';
import { MoveSchema } from '../src/lib/schemas/batch';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, fieldErrors, HttpError, json, readJson, validate } from './_shared/platform/http';
import { requireStaff } from './_shared/auth/staff';
import { assignToBatch } from './_shared/classes/batches';
import { auditRoster, placeOf, rosterParams } from './_shared/classes/roster';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const { staff, address } = await requireStaff(req, context, { need: 'batches' });
  const { batchId, studentId } = rosterParams(context);
  const { toBatchId } = validate(MoveSchema, await readJson(req));
  if (toBatchId === batchId) throw fieldErrors({ toBatchId: 'Please choose another batch: the student is already in this one.' });

  const message = await transaction(async (client) => {
    // Both batches locked in one order, so two moves between the same batches cannot deadlock.
    await client.query('select id from batches where id = any($1::bigint[]) order by id for update', [[batchId, toBatchId]]);
    const place = await placeOf(client, batchId, studentId!);
    if (place.status === 'left') throw new HttpError(409, `${place.student} has already left ${place.batch}.`);
    const joined = await assignToBatch(client, toBatchId, studentId!, 'toBatchId');
    await client.query(
      `update batch_students set status = 'left', status_changed_on = (now() at time zone 'Asia/Kolkata')::date where batch_id = $1 and student_id = $2`,
      [batchId, studentId],
    );
    await auditRoster(
      client,
      { staffId: staff.id, address },
      { id: batchId, name: place.batch },
      { action: 'move', student: place.student, studentId, to: joined.batch, toBatchId },
    );
    return `${place.student} moved from ${place.batch} to ${joined.batch}. Their attendance in ${place.batch} stays with that batch.`;
  });
  return json({ message });
});

export const config: Config = { path: '/api/admin/batches/:id/students/:studentId/move' };
