/**
 * POST /api/admin/fees/reminders {dueId, language: 'en'|'hi'} (needs 'fees-collect') → 201
 * {text, link, sentAt}: records that staff sent a WhatsApp reminder of the due (fee_reminders,
 * and an audit line in the same transaction) and answers the message (content/whatsapp.json
 * `dues`, with the amount left, the due day in words, the instalment, the course, the reference
 * and the UPI link for exactly that amount) and the wa.me link that opens it on the student's
 * number. A due that is paid or waived has nothing to remind of (409 in words).
 */
import type { Config } from '@netlify/functions';
import { indiaToday } from '../src/lib/schemas/real-day';
import { ReminderSchema, type ReminderAnswer } from '../src/lib/schemas/fee-dues';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, HttpError, json, readJson, validate } from './_shared/platform/http';
import { requireStaff } from './_shared/auth/staff';
import { balanceSql, lateFeeSql } from './_shared/fees/dues';
import { reminderMessage, type ReminderFacts } from './_shared/fees/reminder-text';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const { staff, address } = await requireStaff(req, context, { need: 'fees-collect' });
  const { dueId, language } = validate(ReminderSchema, await readJson(req));
  const today = indiaToday();
  const answer = await transaction(async (client): Promise<ReminderAnswer> => {
    const { rows } = await client.query<ReminderFacts & { waived: boolean }>(
      `select s.name as student, s.phone, c.title as course, d.label, d.reference, d.due_on::text as "dueOn",
              ${balanceSql('$2')}::int as "balancePaise", ${lateFeeSql('$2')}::int as "lateFeePaise", d.waived_at is not null as waived
         from fee_dues d join students s on s.id = d.student_id left join courses c on c.id = d.course_id
        where d.id = $1`,
      [dueId, today],
    );
    const due = rows[0];
    if (!due) throw new HttpError(404, 'This due was not found. It may have been removed: please reload the list.');
    if (due.waived || due.balancePaise === 0) {
      throw new HttpError(409, `${due.label} of ${due.student} is ${due.waived ? 'waived' : 'paid'}: there is nothing to remind them of.`);
    }
    const { rows: sent } = await client.query<{ sentAt: Date }>(
      `insert into fee_reminders (due_id, staff_id, channel, language) values ($1, $2, 'whatsapp', $3) returning sent_at as "sentAt"`,
      [dueId, staff.id, language],
    );
    await audit(
      { staffId: staff.id, action: 'create', entity: 'fee-reminder', entityId: dueId, subject: due.reference, detail: { student: due.student, language } },
      address,
      client,
    );
    return { ...reminderMessage(due, language, today), sentAt: new Date(sent[0]!.sentAt).toISOString() };
  });
  return json(answer, 201);
});

export const config: Config = { path: '/api/admin/fees/reminders' };
