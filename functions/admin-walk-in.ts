/**
 * /api/admin/walk-in (permission 'admit': an Owner or Accountant) — a walk-in's admission at the
 * counter, in one step:
 * - GET → WalkInChoices: the courses whose batches have a free seat, each batch with its seats
 *   left and the dues its fee plan makes from today (a full batch is not offered);
 * - GET ?mobile= → WalkInLookup: the student already on file with that mobile (to open instead of
 *   adding twice) and the enquiry that admitting would close (an audit line 'view');
 * - POST WalkInSchema with an Idempotency-Key header made when the form opened → 201 {message,
 *   student, batch, dues, receipt, enquiry, notice}: the student record, their seat in the batch
 *   from today, the plan's dues and the first payment's receipt, with their audit lines and the
 *   receipt's e-mail (when the student has an address), in one transaction (records/walk-in.ts).
 *   A retry with the same key → 200 with what the first made; a student already on file with the
 *   mobile → 409 naming them (`existing`); a full batch or a used UTR → 409 naming the field, and
 *   nothing is saved.
 */
import type { Config } from '@netlify/functions';
import { formatRupees } from '../src/lib/money';
import { PAYMENT_MODE_PHRASES } from '../src/lib/fee-words';
import { indiaToday } from '../src/lib/schemas/real-day';
import { WalkInLookupSchema, WalkInSchema, type WalkInAnswer, type WalkInLookup } from '../src/lib/schemas/walk-in';
import { requireStaff } from './_shared/auth/staff';
import { auditRoster } from './_shared/classes/roster';
import { receiptNotice } from './_shared/fees/notice-text';
import { queueReceiptMail } from './_shared/fees/receipt-mail';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { afterAnswer, allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { idempotencyKey } from './_shared/platform/idempotency';
import { deliver, originFor } from './_shared/platform/outbox';
import { admitWalkIn, enquiryWithMobile, studentWithMobile, walkInChoices } from './_shared/records/walk-in';

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET', 'POST');
  const { staff, address } = await requireStaff(req, context, { need: 'admit' });
  const today = indiaToday();

  if (req.method === 'GET') {
    const { mobile } = validate(WalkInLookupSchema, Object.fromEntries(new URL(req.url).searchParams));
    if (mobile === undefined) return transaction(async (client) => json(await walkInChoices(client, today)));
    return transaction(async (client) => {
      const found: WalkInLookup = { student: await studentWithMobile(client, mobile), enquiry: await enquiryWithMobile(client, mobile) };
      await audit(
        { staffId: staff.id, action: 'view', entity: 'student', detail: { count: found.student ? 1 : 0, search: mobile, walkIn: true } },
        address,
        client,
      );
      return json(found);
    });
  }

  const key = idempotencyKey(req);
  const body = validate(WalkInSchema, await readJson(req, 8 * 1024));
  const origin = originFor(req);
  const { done, mail, notice } = await transaction(async (client) => {
    const done = await admitWalkIn(client, body, { id: staff.id, name: staff.name }, key, today);
    // The receipt's WhatsApp notice in the student's language (content/whatsapp.json `notices`), as the counter's.
    const notice = await receiptNotice(client, done.receipt.id, 'receipt');
    if (done.repeated) return { done, mail: null, notice };
    const by = { staffId: staff.id, address };
    await audit(
      {
        staffId: staff.id,
        action: 'create',
        entity: 'student',
        entityId: done.studentId,
        subject: done.student,
        detail: { walkIn: true, batch: done.batch, ...(done.enquiry && { enquiry: done.enquiry.reference }), fields: Object.keys(body) },
      },
      address,
      client,
    );
    await auditRoster(
      client,
      by,
      { id: body.batchId!, name: done.batch },
      { action: 'assign', student: done.student, studentId: done.studentId, dues: done.dues },
    );
    await audit(
      {
        staffId: staff.id,
        action: 'create',
        entity: 'receipt',
        entityId: done.receipt.id,
        subject: done.receipt.number,
        detail: { student: done.student, amountPaise: done.receipt.amountPaise, advancePaise: done.receipt.advancePaise, mode: body.mode },
      },
      address,
      client,
    );
    return { done, mail: await queueReceiptMail(client, done.receipt.id, origin), notice };
  });
  if (mail) await afterAnswer(context, () => deliver(mail.outboxId, mail.mail));

  const { receipt } = done;
  const dues = done.dues === 1 ? '1 due' : `${done.dues} dues`;
  const advance = receipt.advancePaise > 0 ? ` (${formatRupees(receipt.advancePaise)} kept as an advance)` : '';
  const enquiry = done.enquiry ? ` Enquiry ${done.enquiry.reference} is closed as admitted.` : '';
  const message = done.repeated
    ? `Already admitted: ${done.student}, receipt ${receipt.number} for ${formatRupees(receipt.amountPaise)}.`
    : `${done.student} admitted to ${done.batch} (${dues} from the fee plan). Receipt ${receipt.number}: ${formatRupees(receipt.amountPaise)} ${PAYMENT_MODE_PHRASES[body.mode]}${advance}.${enquiry}`;
  const answer: WalkInAnswer = {
    message,
    student: { id: done.studentId, name: done.student },
    batch: done.batch,
    dues: done.dues,
    receipt: { id: receipt.id, number: receipt.number, amountPaise: receipt.amountPaise, advancePaise: receipt.advancePaise },
    enquiry: done.enquiry,
    notice,
  };
  return json(answer, done.repeated ? 200 : 201);
});

export const config: Config = { path: '/api/admin/walk-in' };
