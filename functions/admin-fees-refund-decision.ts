/**
 * POST /api/admin/fees/refunds/{id}/decision {decision: 'approve'} or {decision: 'decline', reason}
 * (permission 'fees-refund-approve': the Owner only; fees are not refundable by default and the
 * Owner decides each exception). Only a refund waiting for the decision can be decided (409
 * otherwise). The decision and its audit line are one transaction.
 */
import type { Config } from '@netlify/functions';
import { formatRupees } from '../src/lib/money';
import { RecordIdSchema } from '../src/lib/schemas/records';
import { RefundDecisionSchema } from '../src/lib/schemas/refunds';
import { requireStaff } from './_shared/auth/staff';
import { decideRefund, refundItem } from './_shared/fees/refunds';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, HttpError, json, readJson, validate } from './_shared/platform/http';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const { staff, address } = await requireStaff(req, context, { need: 'fees-refund-approve' });
  const id = RecordIdSchema.safeParse(context.params?.['id']);
  if (!id.success) throw new HttpError(404, 'This refund was not found. The list may be out of date: please reload it.');
  const body = validate(RefundDecisionSchema, await readJson(req, 4 * 1024));
  const refund = await transaction(async (client) => {
    await decideRefund(client, id.data, body, { id: staff.id, name: staff.name });
    const refund = (await refundItem(client, id.data))!;
    await audit(
      {
        staffId: staff.id,
        action: 'update',
        entity: 'refund',
        entityId: id.data,
        subject: refund.receiptNumber,
        detail: {
          action: body.decision,
          student: refund.student,
          amountPaise: refund.amountPaise,
          ...(body.decision === 'decline' ? { reason: body.reason } : {}),
        },
      },
      address,
      client,
    );
    return refund;
  });
  const message =
    body.decision === 'approve'
      ? `Refund of ${formatRupees(refund.amountPaise)} to ${refund.student} approved. Record the payment when the money goes back.`
      : `Refund of ${formatRupees(refund.amountPaise)} to ${refund.student} declined. The receipt stands as it is.`;
  return json({ message, refund });
});

export const config: Config = { path: '/api/admin/fees/refunds/:id/decision' };
