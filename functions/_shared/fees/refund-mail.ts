/**
 * The e-mail telling a student a refund was paid to them, in the style of the fee notices
 * (fee-notice-mail.ts): to the student record's address, in its language, naming the voucher and
 * the receipt but no amount (the address may never have been verified). Written to the outbox in
 * the payment's transaction; sent once the answer is on its way. Null without an address.
 */
import { mayMessage } from '../consent/consents';
import type { PoolClient } from '@neondatabase/serverless';
import site from '../../../content/site.json';
import { email_namaste, email_refund_paid_call, email_refund_paid_said, email_refund_paid_subject } from '../../../src/i18n/messages';
import { instituteAddressLine, type Locale } from '../platform/language';
import type { Mail } from '../platform/mail';
import { LEASE } from '../platform/outbox';

/** The mail of voucher `number` (from receipt `receipt`) to `to`, in `locale`. */
export function refundMail(to: string, { number, receipt }: { number: string; receipt: string }, locale: Locale = 'en'): Mail {
  return {
    to,
    subject: email_refund_paid_subject({ number, institute: site.shortName }, { locale }),
    text: [
      email_namaste({}, { locale }),
      '',
      email_refund_paid_said({ institute: site.name, receipt, number }, { locale }),
      '',
      email_refund_paid_call({ phone: site.phone }, { locale }),
      '',
      site.name,
      instituteAddressLine(locale),
    ].join('\n'),
  };
}

/** Queues the refund mail to student record `studentId`'s address inside the caller's transaction; null when it has none. */
export async function queueRefundMail(
  client: PoolClient,
  studentId: string,
  voucher: { number: string; receipt: string },
): Promise<{ outboxId: string; mail: Mail } | null> {
  const { rows } = await client.query<{ email: string | null; language: Locale }>(`select email, language from students where id = $1`, [studentId]);
  const email = rows[0]?.email;
  // Not to a person who withdrew their consent to updates (decision 053).
  if (!email || !(await mayMessage(client, email))) return null;
  const mail = refundMail(email, voucher, rows[0]!.language);
  const inserted = await client.query<{ id: string }>(
    `insert into mail_outbox (kind, recipient, subject, body, attempts, locked_until) values ('student', $1, $2, $3, 1, now() + $4::interval) returning id::text`,
    [mail.to, mail.subject, mail.text, LEASE],
  );
  return { outboxId: inserted.rows[0]!.id, mail };
}
