/**
 * The e-mail answering a request about one's data, in the request's language: fixed words — the
 * request's reference, done / erased / declined, what the law keeps and why — and the institute's
 * phone. Never a value of the person nor staff's own words (the address of a request made by the
 * form was never verified); a request made from an account links to /account, where the answer
 * in full is shown after signing in.
 */
import type { PoolClient } from '@neondatabase/serverless';
import site from '../../../content/site.json';
import {
  rights_kept_certificates,
  rights_kept_consents,
  rights_kept_guardian_consents,
  rights_kept_logs,
  rights_kept_receipts,
  rights_kept_refunds,
  rights_kept_request,
  rights_mail_account,
  rights_mail_contact,
  rights_mail_declined,
  rights_mail_done,
  rights_mail_erased,
  rights_mail_greeting,
  rights_mail_kept,
  rights_mail_subject,
} from '../../../src/i18n/messages';
import { pageIn, type Locale } from '../platform/language';
import type { Mail } from '../platform/mail';
import { LEASE } from '../platform/outbox';
import type { Kept } from './erase';

/** What the law keeps, a sentence each, in `locale`. */
export function keptWords(kept: Kept[], locale: Locale): string[] {
  return kept.map((k) => {
    const count = String(k.count);
    switch (k.what) {
      case 'receipts':
        return rights_kept_receipts({ count }, { locale });
      case 'refunds':
        return rights_kept_refunds({ count }, { locale });
      case 'certificates':
        return rights_kept_certificates({ count }, { locale });
      case 'consents':
        return rights_kept_consents({ count }, { locale });
      case 'guardian-consents':
        return rights_kept_guardian_consents({ count }, { locale });
      case 'logs':
        return rights_kept_logs({}, { locale });
      case 'request':
        return rights_kept_request({}, { locale });
    }
  });
}

/** The answer's mail to `to`. */
export function answerMail(
  to: string,
  answer: { reference: string; outcome: 'done' | 'erased' | 'declined'; kept: Kept[]; fromAccount: boolean },
  origin: string,
  locale: Locale,
): Mail {
  const { reference } = answer;
  const outcome =
    answer.outcome === 'erased'
      ? rights_mail_erased({ reference }, { locale })
      : answer.outcome === 'declined'
        ? rights_mail_declined({ reference }, { locale })
        : rights_mail_done({ reference }, { locale });
  const kept = answer.outcome === 'erased' ? ['', rights_mail_kept({}, { locale }), ...keptWords(answer.kept, locale).map((k) => `- ${k}`)] : [];
  const account =
    answer.fromAccount && answer.outcome !== 'erased' ? ['', rights_mail_account({ link: `${origin}${pageIn('/account', locale)}` }, { locale })] : [];
  return {
    to,
    subject: rights_mail_subject({ reference }, { locale }),
    text: [
      rights_mail_greeting({}, { locale }),
      '',
      outcome,
      ...kept,
      ...account,
      '',
      rights_mail_contact({ phone: site.phone }, { locale }),
      '',
      site.name,
    ].join('\n'),
  };
}

/** Queues `mail` in the caller's transaction (kind 'student': a mail to a person); deliver it after the answer. */
export async function queueAnswerMail(client: PoolClient, mail: Mail): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into mail_outbox (kind, recipient, subject, body, attempts, locked_until) values ('student', $1, $2, $3, 1, now() + $4::interval) returning id::text`,
    [mail.to, mail.subject, mail.text, LEASE],
  );
  return rows[0]!.id;
}
