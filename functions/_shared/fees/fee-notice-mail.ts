/**
 * The e-mails telling a student that the office changed something about their fees that they
 * would otherwise not know: a UPI payment they reported was not confirmed, a receipt of theirs
 * was cancelled, or (sent with a dues reminder) a payment is due. In the style of the receipt mail (receipt-mail.ts): to the student record's
 * address, naming no person, amount or reason (the address may never have been verified), only
 * what to look for and the link to /account, where they sign in to read the reason; in the student
 * record's language (migration 017). Written to the outbox in the change's transaction; sent once
 * the answer is on its way.
 */
import { mayMessage } from '../consent/consents';
import type { PoolClient } from '@neondatabase/serverless';
import site from '../../../content/site.json';
import {
  email_dues_said,
  email_dues_sign_in,
  email_dues_subject,
  email_claim_rejected_said,
  email_claim_rejected_subject,
  email_namaste,
  email_notice_mistake,
  email_notice_sign_in,
  email_receipt_cancelled_said,
  email_receipt_cancelled_subject,
} from '../../../src/i18n/messages';
import { instituteAddressLine, pageIn, type Locale } from '../platform/language';
import type { Mail } from '../platform/mail';
import { LEASE } from '../platform/outbox';

/** What the office changed, with what identifies it without giving anything away. */
export type FeeNotice =
  { kind: 'claim-rejected'; reference: string } | { kind: 'receipt-cancelled'; number: string } | { kind: 'dues-reminder'; reference: string };

/** The mail of `notice` to `to`, linking to `origin`/account, in `locale`. */
export function feeNoticeMail(to: string, notice: FeeNotice, origin: string, locale: Locale = 'en'): Mail {
  const institute = { short: site.shortName, name: site.name };
  const [subject, said] =
    notice.kind === 'claim-rejected'
      ? [
          email_claim_rejected_subject({ institute: institute.short }, { locale }),
          email_claim_rejected_said({ institute: institute.name, reference: notice.reference }, { locale }),
        ]
      : notice.kind === 'dues-reminder'
        ? [
            email_dues_subject({ institute: institute.short }, { locale }),
            email_dues_said({ institute: institute.name, reference: notice.reference }, { locale }),
          ]
        : [
            email_receipt_cancelled_subject({ number: notice.number, institute: institute.short }, { locale }),
            email_receipt_cancelled_said({ institute: institute.name, number: notice.number }, { locale }),
          ];
  return {
    to,
    subject,
    text: [
      email_namaste({}, { locale }),
      '',
      said,
      '',
      // A reminder has no reason to read: what is left and how to pay it.
      notice.kind === 'dues-reminder' ? email_dues_sign_in({}, { locale }) : email_notice_sign_in({}, { locale }),
      `${origin}${pageIn('/account', locale)}`,
      '',
      email_notice_mistake({ phone: site.phone }, { locale }),
      '',
      site.name,
      instituteAddressLine(locale),
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
  const { rows } = await client.query<{ email: string | null; language: Locale }>(`select email, language from students where id = $1`, [studentId]);
  const email = rows[0]?.email;
  // Not to a person who withdrew their consent to updates (decision 053).
  if (!email || !(await mayMessage(client, email))) return null;
  const mail = feeNoticeMail(email, notice, origin, rows[0]!.language);
  const inserted = await client.query<{ id: string }>(
    `insert into mail_outbox (kind, recipient, subject, body, attempts, locked_until) values ('student', $1, $2, $3, 1, now() + $4::interval) returning id::text`,
    [mail.to, mail.subject, mail.text, LEASE],
  );
  return { outboxId: inserted.rows[0]!.id, mail };
}
