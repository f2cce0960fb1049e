/**
 * /api/admin/fee-plans (staff only):
 * - GET → {items: PlanView[], courses, batches} (every plan with its course or batch and its
 *   instalments, and what a plan may be for; needs 'fees');
 * - POST FeePlan → 201 {message, item} (needs 'fees-manage'): a plan for a course or one batch,
 *   whose instalments add up to its total; a course or batch that already has one is refused.
 */
import type { Config } from '@netlify/functions';
import { FeePlanSchema } from '../src/lib/schemas/fees';
import { formatRupees } from '../src/lib/money';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { requireStaff } from './_shared/auth/staff';
import { checkPlanTarget, findPlan, listPlans, planChoices, planName, savePlanRow, writeInstalments } from './_shared/fees/plans';

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET', 'POST');
  const { staff, address } = await requireStaff(req, context, { need: req.method === 'GET' ? 'fees' : 'fees-manage' });
  if (req.method === 'GET') {
    const [items, choices] = await Promise.all([listPlans(), planChoices()]);
    return json({ items, ...choices });
  }

  const plan = validate(FeePlanSchema, await readJson(req));
  const item = await transaction(async (client) => {
    await checkPlanTarget(client, plan, null);
    const { rows } = await savePlanRow(plan, () =>
      client.query<{ id: string }>(
        `insert into fee_plans (course_id, batch_id, total_paise, late_fee_paise, grace_days) values ($1, $2, $3, $4, $5) returning id::text`,
        [plan.courseId ?? null, plan.batchId ?? null, plan.total, plan.lateFee, plan.graceDays],
      ),
    );
    const id = rows[0]!.id;
    await writeInstalments(client, id, plan);
    const saved = (await findPlan(client, id))!;
    await audit(
      {
        staffId: staff.id,
        action: 'create',
        entity: 'fee-plan',
        entityId: id,
        subject: planName(saved),
        detail: { total: formatRupees(plan.total), instalments: plan.instalments.length },
      },
      address,
      client,
    );
    return saved;
  });
  return json({ message: `Fee plan for ${planName(item)} added.`, item }, 201);
});

export const config: Config = { path: '/api/admin/fee-plans' };
