/**
 * POST /api/admin/fees/claims/{id} {decision: 'confirm'} or {decision: 'reject', reason}
 * (permission 'fees-collect': an Owner or Accountant, after checking the bank statement).
 * Confirm records the payment as a UPI receipt allocated to the reported due (collect(), the
 * report's UTR and day) and queues the receipt's e-mail; Reject keeps the reason, which the
 * student reads on /account, and e-mails them that the payment was not confirmed. Either answer
 * carries `notice`: the WhatsApp message of the decision in English and Hindi (notice-text.ts). The report's row is locked first, so when two staff decide at once
 * one wins and the other is told, in words, who decided it: a decided report is 409.
 */
import type { Config } from '@netlify/functions';
import { formatRupees } from '../src/lib/money';
import { ClaimDecisionSchema } from '../src/lib/schemas/fees';
import { RecordIdSchema } from '../src/lib/schemas/records';
import { indiaToday } from '../src/lib/schemas/real-day';
import { paymentDayProblem } from '../src/lib/schemas/payment-day';
import { formatIndiaDay } from '../src/lib/india-time';
import { requireStaff } from './_shared/auth/staff';
import { collect } from './_shared/fees/collect';
import { queueFeeNotice } from './_shared/fees/fee-notice-mail';
import { receiptNotice, studentNotice } from './_shared/fees/notice-text';
import { queueReceiptMail } from './_shared/fees/receipt-mail';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { HttpError, afterAnswer, allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { deliver, originFor } from './_shared/platform/outbox';

const notFound = () => new HttpError(404, 'This reported payment was not found. The list may be out of date: please reload it.');

interface ClaimRow {
  id: string;
  studentId: string;
  student: string;
  dueId: string;
  dueLabel: string;
  amountPaise: number;
  utr: string;
  paidOn: string;
  status: 'pending' | 'confirmed' | 'rejected';
  reason: string | null;
  decidedBy: string | null;
  decidedOn: string | null;
  receiptNumber: string | null;
}

/** Why a decided report cannot be decided again, in words. */
function decidedAlready(claim: ClaimRow): HttpError {
  const by = claim.decidedBy ? ` by ${claim.decidedBy}` : '';
  const on = claim.decidedOn ? ` on ${formatIndiaDay(claim.decidedOn)}` : '';
  return new HttpError(
    409,
    claim.status === 'confirmed'
      ? `This payment was already confirmed${by}${on} (receipt ${claim.receiptNumber ?? ''}). Nothing was changed.`
      : `This payment was already rejected${by}${on} (“${claim.reason ?? ''}”). Nothing was changed.`,
  );
}

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const { staff, address } = await requireStaff(req, context, { need: 'fees-collect' });
  const id = RecordIdSchema.safeParse(context.params?.['id']);
  if (!id.success) throw notFound();
  const decision = validate(ClaimDecisionSchema, await readJson(req, 4 * 1024));
  const today = indiaToday();
  const origin = originFor(req);

  const done = await transaction(async (client) => {
    // The lock that makes two decisions at once run one after the other: the second reads the first's outcome.
    const { rows } = await client.query<ClaimRow>(
      `select u.id::text, u.student_id::text as "studentId", s.name as student, u.due_id::text as "dueId", d.label as "dueLabel",
              u.amount_paise::int as "amountPaise", u.utr, u.paid_on::text as "paidOn", u.status, u.reason,
              st.name as "decidedBy", (u.decided_at at time zone 'Asia/Kolkata')::date::text as "decidedOn", r.number as "receiptNumber"
         from fee_upi_claims u join students s on s.id = u.student_id join fee_dues d on d.id = u.due_id
         left join staff st on st.id = u.decided_by left join fee_receipts r on r.id = u.receipt_id
        where u.id = $1 for update of u`,
      [id.data],
    );
    const claim = rows[0];
    if (!claim) throw notFound();
    if (claim.status !== 'pending') throw decidedAlready(claim);
    const detail = { subject: claim.student, due: claim.dueLabel, amountPaise: claim.amountPaise, utr: claim.utr };

    if (decision.decision === 'reject') {
      await client.query(`update fee_upi_claims set status = 'rejected', reason = $2, decided_by = $3, decided_at = now() where id = $1`, [
        claim.id,
        decision.reason,
        staff.id,
      ]);
      await audit(
        { staffId: staff.id, action: 'update', entity: 'fee-claim', entityId: claim.id, detail: { ...detail, action: 'reject', reason: decision.reason } },
        address,
        client,
      );
      const { rows: due } = await client.query<{ reference: string }>(`select reference from fee_dues where id = $1`, [claim.dueId]);
      const mail = await queueFeeNotice(client, claim.studentId, { kind: 'claim-rejected', reference: due[0]!.reference }, origin);
      return {
        message: `The payment of ${formatRupees(claim.amountPaise)} reported by ${claim.student} is rejected. ${mail ? 'They are told by e-mail and will see your reason in their account' : 'They have no e-mail address: tell them on WhatsApp'}.`,
        notice: await studentNotice(client, claim.studentId, 'claim-rejected', {
          amountPaise: claim.amountPaise,
          utr: claim.utr,
          reason: decision.reason,
          reference: due[0]!.reference,
        }),
        mail,
      };
    }

    // A report made before its day was checked may name a day no payment can have (year 1, next week).
    const badDay = paymentDayProblem(claim.paidOn, today, `the day ${claim.student} says they paid`);
    if (badDay) throw new HttpError(409, `${badDay} Reject this report with that reason; nothing was recorded.`);
    const receipt = await collect(
      client,
      {
        studentId: claim.studentId,
        amountPaise: claim.amountPaise,
        mode: 'upi',
        utr: claim.utr,
        paidOn: claim.paidOn,
        dueIds: [claim.dueId],
        claimId: claim.id,
      },
      staff,
      today,
    ).catch((error: unknown) => {
      // The due was paid at the counter since the report: there is no advance to tick here.
      if (error instanceof HttpError && error.status === 400 && error.message.includes('owed'))
        throw new HttpError(
          409,
          `${claim.dueLabel} of ${claim.student} now owes less than the ${formatRupees(claim.amountPaise)} reported (it was paid since). Reject this report with that reason, or take the payment at the counter.`,
        );
      throw error;
    });
    await client.query(`update fee_upi_claims set status = 'confirmed', receipt_id = $2, decided_by = $3, decided_at = now() where id = $1`, [
      claim.id,
      receipt.id,
      staff.id,
    ]);
    await audit(
      { staffId: staff.id, action: 'update', entity: 'fee-claim', entityId: claim.id, detail: { ...detail, action: 'confirm', receipt: receipt.number } },
      address,
      client,
    );
    return {
      message: `Confirmed: receipt ${receipt.number} for ${formatRupees(claim.amountPaise)} from ${claim.student}.`,
      receipt: { id: receipt.id, number: receipt.number },
      notice: await receiptNotice(client, receipt.id, 'claim-confirmed'),
      mail: await queueReceiptMail(client, receipt.id, origin),
    };
  });
  const { mail, ...answer } = done;
  if (mail) await afterAnswer(context, () => deliver(mail.outboxId, mail.mail));
  return json(answer);
});

export const config: Config = { path: '/api/admin/fees/claims/:id' };
