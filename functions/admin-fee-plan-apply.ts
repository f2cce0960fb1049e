/**
 * /api/admin/fee-plans/{id}/apply (needs 'fees-manage'): a plan saved after students joined its
 * course or batch gives them their dues, once staff have read how many.
 * - GET → PlanReachAnswer: the students it would give dues to (each from the later of the batch's
 *   first day and their joining day), and how many it leaves alone (already owing from a plan for
 *   the course; in a batch with its own plan);
 * - POST {version} → {message, item: PlanView, made}: the dues of each such student, made in one
 *   transaction and audited in words. The plan's row and its batches are locked first, so a
 *   second apply (a double tap, a colleague) or a student joining meanwhile finds the dues made
 *   and adds nothing twice. A plan changed since it was read is 409 with the plan as it is now.
 */
import type { Config } from '@netlify/functions';
import { leftAloneInWords, PlanApplySchema, reachInWords, type PlanReachAnswer } from '../src/lib/schemas/fee-plan-apply';
import { RecordIdSchema } from '../src/lib/schemas/records';
import { indiaToday } from '../src/lib/schemas/real-day';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { MAX_VERSION } from './_shared/records/records';
import { requireStaff } from './_shared/auth/staff';
import { makePlanDues } from './_shared/fees/dues';
import { findPlan, planMissedOrChanged, planName, planNotFound, planReach } from './_shared/fees/plans';

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET', 'POST');
  const { staff, address } = await requireStaff(req, context, { need: 'fees-manage' });
  const parsed = RecordIdSchema.safeParse(context.params?.['id']);
  if (!parsed.success) throw planNotFound();
  const id = parsed.data;

  if (req.method === 'GET') {
    return transaction(async (client) => {
      const plan = await findPlan(client, id);
      if (!plan) throw planNotFound();
      const reach = await planReach(client, id);
      const answer: PlanReachAnswer = {
        planId: id,
        plan: planName(plan),
        version: plan.version,
        students: reach.give.map(({ studentId, name, start }) => ({ studentId, name, start })),
        owing: reach.owing,
        ownPlan: reach.ownPlan,
      };
      return json(answer);
    });
  }

  const { version } = validate(PlanApplySchema, await readJson(req, 4 * 1024));
  const today = indiaToday();
  const done = await transaction(async (client) => {
    if (version > MAX_VERSION) throw await planMissedOrChanged(client, id);
    const locked = await client.query<{ version: number; courseId: string | null; batchId: string | null }>(
      'select version, course_id::text as "courseId", batch_id::text as "batchId" from fee_plans where id = $1 for update',
      [id],
    );
    if (!locked.rows[0]) throw planNotFound();
    if (locked.rows[0].version !== version) throw await planMissedOrChanged(client, id);
    // The batches' rows, as assigning a student locks them: nobody joins them while their dues are made.
    await client.query('select id from batches where id = $1 or course_id = $2 order by id for update', [locked.rows[0].batchId, locked.rows[0].courseId]);
    const reach = await planReach(client, id);
    let dues = 0;
    for (const student of reach.give) dues += await makePlanDues(client, { planId: id, ...student }, today);
    const plan = (await findPlan(client, id))!;
    if (reach.give.length)
      await audit(
        {
          staffId: staff.id,
          action: 'update',
          entity: 'fee-plan',
          entityId: id,
          subject: planName(plan),
          detail: {
            action: 'apply',
            given: reach.give.length,
            dues,
            students: reach.give.map((s) => s.name),
            studentIds: reach.give.map((s) => s.studentId),
            owing: reach.owing,
            ownPlan: reach.ownPlan,
          },
        },
        address,
        client,
      );
    return { plan, reach, dues };
  });
  const { plan, reach, dues } = done;
  const n = reach.give.length;
  const message = n
    ? `Dues made for ${n} ${n === 1 ? 'student' : 'students'} already in ${planName(plan)}, each from their joining day (${dues} ${dues === 1 ? 'due' : 'dues'}).${leftAloneInWords(reach)}`
    : reachInWords({ plan: planName(plan), students: [], owing: reach.owing, ownPlan: reach.ownPlan });
  return json({ message, item: plan, made: dues });
});

export const config: Config = { path: '/api/admin/fee-plans/:id/apply' };
