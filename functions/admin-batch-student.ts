/**
 * /api/admin/batches/{id}/students/{studentId} (needs 'batches'):
 * - PUT {status: active|completed|left} → {message, students}: the student's place in the batch
 *   (back to Active needs a free seat);
 * - DELETE → {message, students}: the student leaves the roster; their attendance stays with the
 *   batch (attendance does not hang on the roster row).
 */
import type { Config } from '@netlify/functions';
import { ROSTER_STATUS_LABELS, RosterStatusSchema } from '../src/lib/schemas/batch';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, HttpError, json, readJson, validate } from './_shared/platform/http';
import { requireStaff } from './_shared/auth/staff';
import { fullMessage } from './_shared/classes/batches';
import { auditRoster, placeOf, rosterOf, rosterParams } from './_shared/classes/roster';

export default endpoint(async (req, context) => {
  allowMethods(req, 'PUT', 'DELETE');
  const { staff, address } = await requireStaff(req, context, { need: 'batches' });
  const { batchId, studentId } = rosterParams(context);
  const body = req.method === 'PUT' ? validate(RosterStatusSchema, await readJson(req)) : null;

  const result = await transaction(async (client) => {
    // The batch row first (as assigning locks it), so a seat freed or taken is counted once.
    const seats = await client.query<{ seats: number }>('select seats from batches where id = $1 for update', [batchId]);
    const place = await placeOf(client, batchId, studentId!);
    if (body) {
      if (body.status === 'active' && place.status !== 'active') {
        const taken = await client.query<{ n: number }>(`select count(*)::int as n from batch_students where batch_id = $1 and status = 'active'`, [batchId]);
        if (taken.rows[0]!.n >= seats.rows[0]!.seats) throw new HttpError(409, fullMessage(place.batch, seats.rows[0]!.seats, taken.rows[0]!.n));
      }
      await client.query(
        `update batch_students set status = $3, status_changed_on = case when status = $3 then status_changed_on else (now() at time zone 'Asia/Kolkata')::date end
          where batch_id = $1 and student_id = $2`,
        [batchId, studentId, body.status],
      );
      await auditRoster(
        client,
        { staffId: staff.id, address },
        { id: batchId, name: place.batch },
        { action: 'roster-status', student: place.student, studentId, from: place.status, to: body.status },
      );
      return { message: `${place.student} is now ${ROSTER_STATUS_LABELS[body.status]} in ${place.batch}.`, students: await rosterOf(client, batchId) };
    }
    await client.query('delete from batch_students where batch_id = $1 and student_id = $2', [batchId, studentId]);
    await auditRoster(client, { staffId: staff.id, address }, { id: batchId, name: place.batch }, { action: 'remove', student: place.student, studentId });
    return { message: `${place.student} removed from ${place.batch}. Their attendance stays with the batch.`, students: await rosterOf(client, batchId) };
  });
  return json(result);
});

export const config: Config = { path: '/api/admin/batches/:id/students/:studentId' };
