/**
 * POST /api/admin/fees/refunds/{id}/pay {mode, utr?, chequeNumber?, paidOn} (permission
 * 'fees-collect': an Owner or Accountant) for an approved refund: the voucher is numbered in the
 * financial year of the day paid (PCI/RF/26-27/0001) and its words and figures kept; the dues
 * the refunded money had paid are open again by that amount (an advance refund touches no due);
 * the receipt is never touched. A refund already paid answers 409 naming its voucher, so a second
 * tap pays nothing twice. The payment, its audit line and the student's e-mail (where they have an
 * address) are one transaction; the answer carries the WhatsApp message in the student's language.
 */
import type { Config } from '@netlify/functions';
import { indiaDay } from '../src/lib/india-time';
import { formatRupees } from '../src/lib/money';
import { PAYMENT_MODE_PHRASES } from '../src/lib/fee-words';
import { RecordIdSchema } from '../src/lib/schemas/records';
import { RefundPaySchema } from '../src/lib/schemas/refunds';
import { requireStaff } from './_shared/auth/staff';
import { payRefund, refundItem } from './_shared/fees/refunds';
import { queueRefundMail } from './_shared/fees/refund-mail';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { afterAnswer, allowMethods, endpoint, HttpError, json, readJson, validate } from './_shared/platform/http';
import { deliver } from './_shared/platform/outbox';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const { staff, address } = await requireStaff(req, context, { need: 'fees-collect' });
  const id = RecordIdSchema.safeParse(context.params?.['id']);
  if (!id.success) throw new HttpError(404, 'This refund was not found. The list may be out of date: please reload it.');
  const body = validate(RefundPaySchema, await readJson(req, 4 * 1024));
  const today = indiaDay(new Date());

  const { refund, mail } = await transaction(async (client) => {
    const { number, voucher } = await payRefund(client, id.data, body, { id: staff.id, name: staff.name }, today);
    const refund = (await refundItem(client, id.data))!;
    await audit(
      {
        staffId: staff.id,
        action: 'update',
        entity: 'refund',
        entityId: id.data,
        subject: number,
        detail: { action: 'pay', student: voucher.student.name, amountPaise: voucher.amountPaise, mode: body.mode, receipt: voucher.receipt.number },
      },
      address,
      client,
    );
    return { refund, mail: await queueRefundMail(client, refund.studentId, { number, receipt: voucher.receipt.number }) };
  });
  if (mail) await afterAnswer(context, () => deliver(mail.outboxId, mail.mail));
  const reopened = refund.voucher!.dues.reduce((sum, d) => sum + d.amountPaise, 0);
  const message =
    `Refund voucher ${refund.number}: ${formatRupees(refund.amountPaise)} paid back ${PAYMENT_MODE_PHRASES[body.mode]} to ${refund.student}.` +
    (reopened > 0
      ? ` The dues it had paid are open again by ${formatRupees(reopened)}; if the student has left, waive each due (or lower one partly paid) on its screen.`
      : '') +
    (mail ? ' The student is told by e-mail.' : '');
  return json({ message, refund });
});

export const config: Config = { path: '/api/admin/fees/refunds/:id/pay' };
