/**
 * /api/admin/batches/{id}/students (needs 'batches'):
 * - GET → {batch, students: RosterEntry[]}: the roster, active first (an audit line 'view');
 * - POST {studentId, joinedOn?} → 201 {message, students}: the student joins the batch as active
 *   from their joining day (today in India when left out; not after today nor after the batch's
 *   last day), which puts them on the registers from that day and counts their dues from it. A
 *   full batch refuses ("Tally Morning is full (20 of 20 seats taken)."), as do a completed batch
 *   and a student already active in it (409); a student may be in several batches.
 */
import type { Config } from '@netlify/functions';
import { AssignSchema } from '../src/lib/schemas/batch';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { requireStaff } from './_shared/auth/staff';
import { assignToBatch, batchNotFound, findBatch } from './_shared/classes/batches';
import { auditRoster, rosterOf, rosterParams } from './_shared/classes/roster';
import { dayInWords } from '../src/lib/attendance-words';

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET', 'POST');
  const { staff, address } = await requireStaff(req, context, { need: 'batches' });
  const { batchId } = rosterParams(context);

  if (req.method === 'GET') {
    return transaction(async (client) => {
      const batch = await findBatch(client, batchId);
      if (!batch) throw batchNotFound();
      const students = await rosterOf(client, batchId);
      await audit(
        { staffId: staff.id, action: 'view', entity: 'batch', entityId: batchId, subject: batch.name, detail: { roster: students.length } },
        address,
        client,
      );
      return json({ batch, students });
    });
  }

  const { studentId, joinedOn } = validate(AssignSchema, await readJson(req));
  const result = await transaction(async (client) => {
    const done = await assignToBatch(client, batchId, studentId, 'studentId', joinedOn);
    await auditRoster(
      client,
      { staffId: staff.id, address },
      { id: batchId, name: done.batch },
      { action: 'assign', student: done.student, studentId, ...(joinedOn && { joinedOn }), ...(done.dues && { dues: done.dues }) },
    );
    const dues = done.dues ? ` ${done.dues === 1 ? '1 due' : `${done.dues} dues`} made from the fee plan.` : '';
    return {
      message: `${done.student} added to ${done.batch}${joinedOn ? ` from ${dayInWords(joinedOn)}` : ''}.${dues}`,
      students: await rosterOf(client, batchId),
    };
  });
  return json(result, 201);
});

export const config: Config = { path: '/api/admin/batches/:id/students' };
