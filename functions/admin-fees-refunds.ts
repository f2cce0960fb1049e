/**
 * Refunds (decision 045; permission 'fees-collect': an Owner or Accountant):
 * - GET /api/admin/fees/refunds → the refunds waiting (asked for, or approved and not yet paid),
 *   oldest first; ?studentId= → every refund of that student, newest first; ?status=all with it.
 * - POST /api/admin/fees/refunds {receiptId, returns, amount, reason, approve?} with an
 *   Idempotency-Key made when the form opens → 201 {message, refund}; a retry with the same key →
 *   200 with the refund already asked for. Never more than the receipt can still refund (its
 *   row locked while judged), never from a cancelled receipt. `approve: true` approves it in the
 *   same step, for an Owner only ('fees-refund-approve'; anyone else gets 403 and nothing is
 *   asked for). The request and its audit line are one transaction.
 */
import type { Config } from '@netlify/functions';
import { formatRupees } from '../src/lib/money';
import { RefundListQuerySchema, RefundRequestSchema } from '../src/lib/schemas/refunds';
import { requireStaff } from './_shared/auth/staff';
import { requireRole } from './_shared/auth/roles';
import { refundItem, refundList, requestRefund } from './_shared/fees/refunds';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { idempotencyKey } from './_shared/platform/idempotency';

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET', 'POST');
  const who = await requireStaff(req, context, { need: 'fees-collect' });
  const { staff, address } = who;

  if (req.method === 'GET') {
    const query = validate(RefundListQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
    return transaction(async (client) => {
      const refunds = await refundList(client, { studentId: query.studentId, status: query.studentId ? query.status : 'open' });
      await audit(
        { staffId: staff.id, action: 'view', entity: 'refund', detail: { count: refunds.length, ...(query.studentId ? { studentId: query.studentId } : {}) } },
        address,
        client,
      );
      return json({ refunds });
    });
  }

  const key = idempotencyKey(req);
  const body = validate(RefundRequestSchema, await readJson(req, 8 * 1024));
  // Only an Owner approves: asking to approve without the permission is refused before anything is written.
  if (body.approve) requireRole(who, 'fees-refund-approve');
  const { refund, repeated } = await transaction(async (client) => {
    const asked = await requestRefund(
      client,
      { receiptId: body.receiptId, returns: body.returns, amountPaise: body.amount, reason: body.reason, approve: body.approve, idempotencyKey: key },
      { id: staff.id, name: staff.name },
    );
    const refund = (await refundItem(client, asked.id))!;
    if (!asked.repeated)
      await audit(
        {
          staffId: staff.id,
          action: 'create',
          entity: 'refund',
          entityId: asked.id,
          subject: refund.receiptNumber,
          detail: { student: refund.student, amountPaise: refund.amountPaise, returns: refund.returns, reason: refund.reason, approved: body.approve },
        },
        address,
        client,
      );
    return { refund, repeated: asked.repeated };
  });
  const from = refund.returns === 'advance' ? `the advance on receipt ${refund.receiptNumber}` : `receipt ${refund.receiptNumber}`;
  const message = repeated
    ? `Already asked for: a refund of ${formatRupees(refund.amountPaise)} from ${from}.`
    : refund.status === 'approved'
      ? `Refund of ${formatRupees(refund.amountPaise)} to ${refund.student} from ${from} approved. Record the payment when the money goes back.`
      : `Refund of ${formatRupees(refund.amountPaise)} to ${refund.student} from ${from} asked for. It waits for the Owner’s decision.`;
  return json({ message, refund }, repeated ? 200 : 201);
});

export const config: Config = { path: '/api/admin/fees/refunds' };
