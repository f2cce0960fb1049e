/**
 * POST /api/admin/fees/collect (permission 'fees-collect': an Owner or Accountant) with the
 * CollectSchema body and an Idempotency-Key header made when the Collect form opened:
 * → 201 {message, receipt, notice} (notice: the WhatsApp message of the receipt in English and
 * Hindi, the student's language first, notice-text.ts); a retry with the same key → 200 with the receipt the first made; the
 * same payment by the same staff within two minutes under another key → 409 naming that receipt
 * ({repeatOf}) unless the body says `another: true` (decision 031).
 * The collection (collect.ts: the student locked, a UTR once, no more than owed without an
 * advance), its audit line and the student's receipt e-mail are one transaction; the mail is
 * sent once the answer is on its way.
 */
import type { Config } from '@netlify/functions';
import { indiaDay } from '../src/lib/india-time';
import { formatRupees } from '../src/lib/money';
import { PAYMENT_MODE_PHRASES } from '../src/lib/fee-words';
import { CollectSchema } from '../src/lib/schemas/fees';
import { requireStaff } from './_shared/auth/staff';
import { collect } from './_shared/fees/collect';
import { receiptNotice } from './_shared/fees/notice-text';
import { queueReceiptMail } from './_shared/fees/receipt-mail';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { afterAnswer, allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { idempotencyKey } from './_shared/platform/idempotency';
import { deliver, originFor } from './_shared/platform/outbox';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const { staff, address } = await requireStaff(req, context, { need: 'fees-collect' });
  const key = idempotencyKey(req);
  const body = validate(CollectSchema, await readJson(req, 8 * 1024));
  const today = indiaDay(new Date());

  const { done, student, mail, notice } = await transaction(async (client) => {
    const done = await collect(
      client,
      {
        studentId: body.studentId,
        amountPaise: body.amount,
        mode: body.mode,
        utr: body.utr,
        chequeNumber: body.chequeNumber,
        paidOn: body.paidOn,
        dueIds: body.dueIds,
        advance: body.advance,
        idempotencyKey: key,
        // The same payment by the same staff moments ago is refused unless staff said it is another.
        refuseRepeat: !body.another,
      },
      { id: staff.id, name: staff.name },
      today,
    );
    const { rows } = await client.query<{ name: string }>('select name from students where id = $1', [body.studentId]);
    const student = rows[0]!.name;
    // The WhatsApp notice of the receipt, in the student's language (a retry answers it again).
    const notice = await receiptNotice(client, done.id, 'receipt');
    if (done.repeated) return { done, student, mail: null, notice };
    await audit(
      {
        staffId: staff.id,
        action: 'create',
        entity: 'receipt',
        entityId: done.id,
        subject: done.number,
        detail: { student, amountPaise: done.amountPaise, advancePaise: done.advancePaise, mode: body.mode },
      },
      address,
      client,
    );
    return { done, student, mail: await queueReceiptMail(client, done.id, originFor(req)), notice };
  });
  if (mail) await afterAnswer(context, () => deliver(mail.outboxId, mail.mail));

  const { repeated, ...receipt } = done;
  const advance = receipt.advancePaise > 0 ? ` (${formatRupees(receipt.advancePaise)} kept as an advance)` : '';
  const message = repeated
    ? `Already recorded: receipt ${receipt.number} for ${formatRupees(receipt.amountPaise)} from ${student}.`
    : `Receipt ${receipt.number}: ${formatRupees(receipt.amountPaise)} ${PAYMENT_MODE_PHRASES[body.mode]} received from ${student}${advance}.`;
  return json({ message, receipt: { ...receipt, studentId: body.studentId, mode: body.mode, paidOn: body.paidOn }, notice }, repeated ? 200 : 201);
});

export const config: Config = { path: '/api/admin/fees/collect' };
