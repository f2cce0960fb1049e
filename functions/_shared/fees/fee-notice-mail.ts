/**
 * The e-mails telling a student that the office changed something about their fees that they
 * would otherwise not know: a UPI payment they reported was not confirmed, or a receipt of theirs
 * was cancelled. In the style of the receipt mail (receipt-mail.ts): to the student record's
 * address, naming no person, amount or reason (the address may never have been verified), only
 * what to look for and the link to /account, where they sign in to read the reason. Written to the
 * outbox in the change's transaction; sent once the answer is on its way.
 */
import type { PoolClient } from '@neondatabase/serverless';
import site from '../../../content/site.json';
import type { Mail } from '../platform/mail';
import { LEASE } from '../platform/outbox';

/** What the office changed, with what identifies it without giving anything away. */
export type FeeNotice = { kind: 'claim-rejected'; reference: string } | { kind: 'receipt-cancelled'; number: string };

const SIGNATURE = [site.name, `${site.address.street.en}, ${site.address.locality.en}, ${site.address.district.en} ${site.address.postalCode}`];

/** The mail of `notice` to `to`, linking to `origin`/account. */
export function feeNoticeMail(to: string, notice: FeeNotice, origin: string): Mail {
  const [subject, said] =
    notice.kind === 'claim-rejected'
      ? [
          `Your UPI payment could not be confirmed (${site.shortName})`,
          `${site.name} could not confirm a UPI payment you reported for due ${notice.reference}, and has not recorded it.`,
        ]
      : [`Receipt ${notice.number} was cancelled (${site.shortName})`, `${site.name} has cancelled receipt ${notice.number} of your fees.`];
  return {
    to,
    subject,
    text: [
      'Namaste,',
      '',
      said,
      '',
      'Sign in to your account to see the reason and what is left to pay:',
      `${origin}/account`,
      '',
      `If you have paid and think this is a mistake, please call us on ${site.phone} with the payment's details.`,
      '',
      ...SIGNATURE,
    ].join('\n'),
  };
}

/**
 * Queues `notice` to the address on student record `studentId`, inside the caller's transaction;
 * null when the record has no e-mail address. Deliver it with `afterAnswer(context, () => deliver(…))`.
 */
export async function queueFeeNotice(
  client: PoolClient,
  studentId: string,
  notice: FeeNotice,
  origin: string,
): Promise<{ outboxId: string; mail: Mail } | null> {
  const { rows } = await client.query<{ email: string | null }>(`select email from students where id = $1`, [studentId]);
  const email = rows[0]?.email;
  if (!email) return null;
  const mail = feeNoticeMail(email, notice, origin);
  const inserted = await client.query<{ id: string }>(
    `insert into mail_outbox (kind, recipient, subject, body, attempts, locked_until) values ('student', $1, $2, $3, 1, now() + $4::interval) returning id::text`,
    [mail.to, mail.subject, mail.text, LEASE],
  );
  return { outboxId: inserted.rows[0]!.id, mail };
}
