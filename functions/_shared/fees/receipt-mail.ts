/**
 * The e-mail telling a student a payment was recorded: the receipt's number and the link to
 * /account, where they sign in to see and print it. Nothing else (no name, no amount): the
 * student record's address may never have been verified, so the receipt itself stays behind the
 * sign-in. Written to the outbox in the receipt's transaction; sent once the answer is on its way.
 */
import type { PoolClient } from '@neondatabase/serverless';
import site from '../../../content/site.json';
import type { Mail } from '../platform/mail';
import { LEASE } from '../platform/outbox';

/** The mail of receipt `number` to `to`, linking to `origin`/account. */
export function receiptMail(to: string, number: string, origin: string): Mail {
  return {
    to,
    subject: `Payment received: receipt ${number} (${site.shortName})`,
    text: [
      'Namaste,',
      '',
      `${site.name} has recorded a payment of your fees: receipt ${number}.`,
      '',
      `Sign in to your account to see the receipt, your dues and payments, and to print it:`,
      `${origin}/account`,
      '',
      `If you did not make this payment, please call us on ${site.phone}.`,
      '',
      site.name,
      `${site.address.street.en}, ${site.address.locality.en}, ${site.address.district.en} ${site.address.postalCode}`,
    ].join('\n'),
  };
}

/**
 * Queues the receipt's mail to its student, inside the caller's transaction; null when the student
 * record has no e-mail address. Deliver the result with `afterAnswer(context, () => deliver(…))`.
 */
export async function queueReceiptMail(client: PoolClient, receiptId: string, origin: string): Promise<{ outboxId: string; mail: Mail } | null> {
  const { rows } = await client.query<{ email: string | null; number: string }>(
    `select s.email, r.number from fee_receipts r join students s on s.id = r.student_id where r.id = $1`,
    [receiptId],
  );
  const found = rows[0];
  if (!found?.email) return null;
  const mail = receiptMail(found.email, found.number, origin);
  const inserted = await client.query<{ id: string }>(
    `insert into mail_outbox (kind, recipient, subject, body, attempts, locked_until) values ('student', $1, $2, $3, 1, now() + $4::interval) returning id::text`,
    [mail.to, mail.subject, mail.text, LEASE],
  );
  return { outboxId: inserted.rows[0]!.id, mail };
}
