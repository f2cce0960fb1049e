/**
 * POST /api/admin/fees/reminders {dueId, language: 'en'|'hi'} (needs 'fees-collect'), with an
 * optional Idempotency-Key header the staff app makes for each reminder → 201
 * {text, link, sentAt, emailed}: records that staff sent a WhatsApp reminder of the due
 * (fee_reminders, and an audit line in the same transaction) and answers the message
 * (content/whatsapp.json `dues`, with the amount left, the due day in words, the instalment, the
 * course, the reference and the UPI link for exactly that amount) and the wa.me link that opens
 * it on the student's number. Where the student record has an e-mail address, a reminder mail
 * goes too (fee-notice-mail.ts, in the student's language, sent once the answer is on its way).
 * The same key again (a double tap, a retry) → 200 with the reminder already recorded: one row,
 * one audit line, one mail. A due that is paid or waived has nothing to remind of (409 in words).
 * Messages follow consent (decision 053): a minor's reminder opens on the guardian's mobile, and
 * only if the guardian agreed to WhatsApp; a student who withdrew their consent to updates gets
 * none (409 in words, nothing recorded).
 */
import type { Config } from '@netlify/functions';
import type { PoolClient } from '@neondatabase/serverless';
import { indiaToday } from '../src/lib/schemas/real-day';
import { ReminderSchema, type ReminderAnswer } from '../src/lib/schemas/fee-dues';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { afterAnswer, allowMethods, endpoint, HttpError, json, readJson, validate } from './_shared/platform/http';
import { idempotencyKey } from './_shared/platform/idempotency';
import { deliver, originFor } from './_shared/platform/outbox';
import { requireStaff } from './_shared/auth/staff';
import { balanceSql, lateFeeSql } from './_shared/fees/dues';
import { queueFeeNotice } from './_shared/fees/fee-notice-mail';
import { reminderMessage, type ReminderFacts } from './_shared/fees/reminder-text';
import { messagingColumns, messagingOf, type MessagingRecord } from './_shared/consent/messaging';
import { NO_MESSAGING_WORDS } from '../src/lib/schemas/messaging';

/** The reminder recorded under `key` earlier (null when none): its due, when, and whether it was e-mailed. */
async function recordedUnder(client: PoolClient, key: string | null) {
  if (!key) return null;
  const { rows } = await client.query<{ dueId: string; sentAt: Date; emailed: boolean }>(
    `select due_id::text as "dueId", sent_at as "sentAt", emailed from fee_reminders where idempotency_key = $1`,
    [key],
  );
  return rows[0] ?? null;
}

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const { staff, address } = await requireStaff(req, context, { need: 'fees-collect' });
  const key = idempotencyKey(req);
  const { dueId, language } = validate(ReminderSchema, await readJson(req));
  const today = indiaToday();
  const { answer, mail, repeated } = await transaction(async (client) => {
    const { rows } = await client.query<ReminderFacts & MessagingRecord & { waived: boolean; studentId: string }>(
      `select s.id::text as "studentId", s.name as student, s.phone, c.title as course, d.label, d.reference, d.due_on::text as "dueOn",
              ${balanceSql('$2')}::int as "balancePaise", ${lateFeeSql('$2')}::int as "lateFeePaise", d.waived_at is not null as waived,
              ${messagingColumns('s.minor', 's.guardian_consent_id', 's.email')}
         from fee_dues d join students s on s.id = d.student_id left join courses c on c.id = d.course_id
        where d.id = $1`,
      [dueId, today],
    );
    const found = rows[0];
    if (!found) throw new HttpError(404, 'This due was not found. It may have been removed: please reload the list.');
    const messaging = messagingOf(found);
    // A minor's reminder goes to the guardian who agreed to WhatsApp.
    const due = messaging?.to === 'guardian' ? { ...found, phone: messaging.phone } : found;
    const answerWith = (sentAt: Date, emailed: boolean): ReminderAnswer => ({
      ...reminderMessage(due, language, today),
      sentAt: new Date(sentAt).toISOString(),
      emailed,
    });
    const sameTapAgain = (earlier: { dueId: string; sentAt: Date; emailed: boolean }) => {
      if (earlier.dueId !== dueId) throw new HttpError(409, 'This reminder was already recorded for another due. Please reload the list and try again.');
      return { answer: answerWith(earlier.sentAt, earlier.emailed), mail: null, repeated: true as const };
    };
    // A retry of a reminder already recorded answers it again, even if the due was paid since.
    const earlier = await recordedUnder(client, key);
    if (earlier) return sameTapAgain(earlier);
    if (due.waived || due.balancePaise === 0) {
      throw new HttpError(409, `${due.label} of ${due.student} is ${due.waived ? 'waived' : 'paid'}: there is nothing to remind them of.`);
    }
    if (messaging?.to === 'nobody') {
      throw new HttpError(409, `${NO_MESSAGING_WORDS[messaging.why]} for ${due.student}: no reminder can be sent.`);
    }
    const mail = await queueFeeNotice(client, due.studentId, { kind: 'dues-reminder', reference: due.reference }, originFor(req));
    // Two taps at once: the second waits on the key's unique index, inserts nothing and answers the first.
    const { rows: sent } = await client.query<{ sentAt: Date }>(
      `insert into fee_reminders (due_id, staff_id, channel, language, idempotency_key, emailed) values ($1, $2, 'whatsapp', $3, $4, $5)
       on conflict (idempotency_key) do nothing returning sent_at as "sentAt"`,
      [dueId, staff.id, language, key, mail !== null],
    );
    if (!sent[0]) {
      const first = await recordedUnder(client, key);
      if (!first) throw new HttpError(409, 'This reminder is being recorded already. Please reload the list.');
      // The mail queued above goes with this transaction's rollback.
      throw new ReminderAlready(sameTapAgain(first));
    }
    await audit(
      {
        staffId: staff.id,
        action: 'create',
        entity: 'fee-reminder',
        entityId: dueId,
        subject: due.reference,
        detail: { student: due.student, language, emailed: mail !== null },
      },
      address,
      client,
    );
    return { answer: answerWith(sent[0].sentAt, mail !== null), mail, repeated: false };
  }).catch((error: unknown) => {
    if (error instanceof ReminderAlready) return error.outcome;
    throw error;
  });
  if (mail) await afterAnswer(context, () => deliver(mail.outboxId, mail.mail));
  return json(answer, repeated ? 200 : 201);
});

/** Thrown to roll back a second tap that lost the race (its queued mail with it), carrying the first tap's answer. */
class ReminderAlready extends Error {
  constructor(readonly outcome: { answer: ReminderAnswer; mail: null; repeated: true }) {
    super('reminder already recorded');
  }
}

export const config: Config = { path: '/api/admin/fees/reminders' };
