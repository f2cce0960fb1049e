/**
 * The e-mail telling a student a payment was recorded: the receipt's number and the link to
 * /account, where they sign in to see and print it. Nothing else (no name, no amount): the
 * student record's address may never have been verified, so the receipt itself stays behind the
 * sign-in. In the student record's language (migration 017), the link to the page in it. Written
 * to the outbox in the receipt's transaction; sent once the answer is on its way.
 */
import { mayMessage } from '../consent/consents';
import type { PoolClient } from '@neondatabase/serverless';
import site from '../../../content/site.json';
import { email_namaste, email_receipt_not_you, email_receipt_recorded, email_receipt_sign_in, email_receipt_subject } from '../../../src/i18n/messages';
import { instituteAddressLine, pageIn, type Locale } from '../platform/language';
import type { Mail } from '../platform/mail';
import { LEASE } from '../platform/outbox';

/** The mail of receipt `number` to `to`, linking to `origin`/account, in `locale`. */
export function receiptMail(to: string, number: string, origin: string, locale: Locale = 'en'): Mail {
  return {
    to,
    subject: email_receipt_subject({ number, institute: site.shortName }, { locale }),
    text: [
      email_namaste({}, { locale }),
      '',
      email_receipt_recorded({ institute: site.name, number }, { locale }),
      '',
      email_receipt_sign_in({}, { locale }),
      `${origin}${pageIn('/account', locale)}`,
      '',
      email_receipt_not_you({ phone: site.phone }, { locale }),
      '',
      site.name,
      instituteAddressLine(locale),
    ].join('\n'),
  };
}

/**
 * Queues the receipt's mail to its student, inside the caller's transaction; null when the student
 * record has no e-mail address. Deliver the result with `afterAnswer(context, () => deliver(…))`.
 */
export async function queueReceiptMail(client: PoolClient, receiptId: string, origin: string): Promise<{ outboxId: string; mail: Mail } | null> {
  const { rows } = await client.query<{ email: string | null; number: string; language: Locale }>(
    `select s.email, r.number, s.language from fee_receipts r join students s on s.id = r.student_id where r.id = $1`,
    [receiptId],
  );
  const found = rows[0];
  // Not to a person who withdrew their consent to updates (decision 053).
  if (!found?.email || !(await mayMessage(client, found.email))) return null;
  const mail = receiptMail(found.email, found.number, origin, found.language);
  const inserted = await client.query<{ id: string }>(
    `insert into mail_outbox (kind, recipient, subject, body, attempts, locked_until) values ('student', $1, $2, $3, 1, now() + $4::interval) returning id::text`,
    [mail.to, mail.subject, mail.text, LEASE],
  );
  return { outboxId: inserted.rows[0]!.id, mail };
}
