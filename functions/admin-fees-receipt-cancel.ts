/**
 * POST /api/admin/fees/receipts/{id}/cancel {reason} (permission 'fees-collect': an Owner or
 * Accountant): the receipt is never deleted. It keeps its number, shows "Cancelled" with the
 * reason, and what it paid goes back to the student's dues; its UTR may be used again. The
 * change, its audit line and the e-mail telling the student (fee-notice-mail.ts) are one
 * transaction; a receipt already cancelled answers 409. The answer carries `notice`: the WhatsApp
 * message of the cancellation in English and Hindi (notice-text.ts).
 */
import type { Config } from '@netlify/functions';
import { CancelReceiptSchema } from '../src/lib/schemas/fees';
import { RecordIdSchema } from '../src/lib/schemas/records';
import { requireStaff } from './_shared/auth/staff';
import { cancelReceipt } from './_shared/fees/collect';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { HttpError, afterAnswer, allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { deliver, originFor } from './_shared/platform/outbox';
import { queueFeeNotice } from './_shared/fees/fee-notice-mail';
import { receiptNotice } from './_shared/fees/notice-text';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const { staff, address } = await requireStaff(req, context, { need: 'fees-collect' });
  const id = RecordIdSchema.safeParse(context.params?.['id']);
  if (!id.success) throw new HttpError(404, 'This receipt was not found. The list may be out of date: please reload it.');
  const { reason } = validate(CancelReceiptSchema, await readJson(req, 4 * 1024));

  const { number, mail, notice } = await transaction(async (client) => {
    const { number, studentId } = await cancelReceipt(client, id.data, reason, staff.id);
    const { rows } = await client.query<{ name: string }>('select name from students where id = $1', [studentId]);
    await audit(
      { staffId: staff.id, action: 'revoke', entity: 'receipt', entityId: id.data, subject: number, detail: { student: rows[0]?.name, reason } },
      address,
      client,
    );
    return {
      number,
      mail: await queueFeeNotice(client, studentId, { kind: 'receipt-cancelled', number }, originFor(req)),
      notice: await receiptNotice(client, id.data, 'receipt-cancelled'),
    };
  });
  if (mail) await afterAnswer(context, () => deliver(mail.outboxId, mail.mail));
  return json({
    message: `Receipt ${number} is cancelled. It keeps its number and shows “Cancelled” with the reason${mail ? '; the student is told by e-mail' : ''}.`,
    receipt: { id: id.data, number },
    notice,
  });
});

export const config: Config = { path: '/api/admin/fees/receipts/:id/cancel' };
