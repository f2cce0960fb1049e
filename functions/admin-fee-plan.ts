/**
 * /api/admin/fee-plans/{id} (staff only):
 * - GET → PlanView (needs 'fees');
 * - PUT FeePlan with version → {message, item} (needs 'fees-manage'): the plan and its instalments
 *   afresh. Dues already made from it keep their amounts and days (the message says so);
 * - DELETE ?version=N → {message} (needs 'fees-manage'): the dues made from it stay, no longer
 *   linked to it.
 * A stale version is 409 with the plan as it is now.
 */
import type { Config } from '@netlify/functions';
import { FeePlanSchema } from '../src/lib/schemas/fees';
import { RecordIdSchema } from '../src/lib/schemas/records';
import { formatRupees } from '../src/lib/money';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, fieldErrors, json, readJson, validate } from './_shared/platform/http';
import { MAX_VERSION, versionParam } from './_shared/records/records';
import { requireStaff } from './_shared/auth/staff';
import { checkPlanTarget, findPlan, planMissedOrChanged, planName, planNotFound, savePlanRow, writeInstalments, type PlanView } from './_shared/fees/plans';

/** What a saved plan changed, by field, for the audit line. */
function changedFields(before: PlanView, after: PlanView): string[] {
  const changed: string[] = [];
  if (before.courseId !== after.courseId || before.batchId !== after.batchId) changed.push('course or batch');
  if (before.totalPaise !== after.totalPaise) changed.push('total');
  if (before.lateFeePaise !== after.lateFeePaise) changed.push('late fee');
  if (before.graceDays !== after.graceDays) changed.push('grace days');
  if (JSON.stringify(before.instalments) !== JSON.stringify(after.instalments)) changed.push('instalments');
  return changed;
}

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET', 'PUT', 'DELETE');
  const { staff, address } = await requireStaff(req, context, { need: req.method === 'GET' ? 'fees' : 'fees-manage' });
  const parsed = RecordIdSchema.safeParse(context.params?.['id']);
  if (!parsed.success) throw planNotFound();
  const id = parsed.data;

  if (req.method === 'GET') {
    const plan = await findPlan(undefined, id);
    if (!plan) throw planNotFound();
    return json(plan);
  }

  if (req.method === 'PUT') {
    const plan = validate(FeePlanSchema, await readJson(req));
    if (plan.version === undefined) throw fieldErrors({ version: 'Please reload: the version of this record is missing.' });
    const version = plan.version;
    const item = await transaction(async (client) => {
      if (version > MAX_VERSION) throw await planMissedOrChanged(client, id);
      const locked = await client.query<{ version: number }>('select version from fee_plans where id = $1 for update', [id]);
      if (!locked.rows[0]) throw planNotFound();
      if (locked.rows[0].version !== version) throw await planMissedOrChanged(client, id);
      const before = (await findPlan(client, id))!;
      await checkPlanTarget(client, plan, id);
      await savePlanRow(plan, () =>
        client.query(
          `update fee_plans set course_id = $2, batch_id = $3, total_paise = $4, late_fee_paise = $5, grace_days = $6, version = version + 1, updated_at = now()
            where id = $1`,
          [id, plan.courseId ?? null, plan.batchId ?? null, plan.total, plan.lateFee, plan.graceDays],
        ),
      );
      await writeInstalments(client, id, plan);
      const after = (await findPlan(client, id))!;
      await audit(
        {
          staffId: staff.id,
          action: 'update',
          entity: 'fee-plan',
          entityId: id,
          subject: planName(after),
          detail: { changed: changedFields(before, after), total: formatRupees(after.totalPaise), version: after.version },
        },
        address,
        client,
      );
      return after;
    });
    const kept = !item.dues
      ? ''
      : item.dues === 1
        ? ' The due already made from it stays as it was.'
        : ` The ${item.dues} dues already made from it stay as they were.`;
    return json({ message: `Fee plan for ${planName(item)} saved.${kept}`, item });
  }

  const version = versionParam(new URL(req.url));
  const name = await transaction(async (client) => {
    if (version > MAX_VERSION) throw await planMissedOrChanged(client, id);
    const locked = await client.query<{ version: number }>('select version from fee_plans where id = $1 for update', [id]);
    if (!locked.rows[0]) throw planNotFound();
    if (locked.rows[0].version !== version) throw await planMissedOrChanged(client, id);
    const plan = (await findPlan(client, id))!;
    // The dues made from it keep their own copy of every amount and day (plan_id becomes null).
    await client.query('delete from fee_plans where id = $1', [id]);
    await audit(
      { staffId: staff.id, action: 'delete', entity: 'fee-plan', entityId: id, subject: planName(plan), detail: { dues: plan.dues, version } },
      address,
      client,
    );
    return planName(plan);
  });
  return json({ message: `Fee plan for ${name} deleted. Dues already made from it stay as they were.` });
});

export const config: Config = { path: '/api/admin/fee-plans/:id' };
