/**
 * GET /api/admin/fees/refunds/{id} (permission 'fees-collect': an Owner or Accountant): one
 * refund, with its voucher as it was issued (the snapshot kept when it was paid, never
 * recomputed) and the student's WhatsApp message about it. The voucher's printable page reads it.
 * Opening it is an audit line naming the refund and the student.
 */
import type { Config } from '@netlify/functions';
import { RecordIdSchema } from '../src/lib/schemas/records';
import { requireStaff } from './_shared/auth/staff';
import { refundItem } from './_shared/fees/refunds';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, HttpError, json } from './_shared/platform/http';

const NOT_FOUND = 'This refund was not found. The list may be out of date: please reload it.';

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET');
  const { staff, address } = await requireStaff(req, context, { need: 'fees-collect' });
  const id = RecordIdSchema.safeParse(context.params?.['id']);
  if (!id.success) throw new HttpError(404, NOT_FOUND);
  return transaction(async (client) => {
    const refund = await refundItem(client, id.data);
    if (!refund) throw new HttpError(404, NOT_FOUND);
    await audit(
      {
        staffId: staff.id,
        action: 'view',
        entity: 'refund',
        entityId: id.data,
        subject: refund.number ?? refund.receiptNumber,
        detail: { student: refund.student },
      },
      address,
      client,
    );
    return json(refund);
  });
});

export const config: Config = { path: '/api/admin/fees/refunds/:id' };
