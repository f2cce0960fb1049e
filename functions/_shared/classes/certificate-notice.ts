/**
 * Telling a student their certificate was issued, in the student record's language (migration
 * 017): the WhatsApp message staff open from the batch's result list (content/whatsapp.json
 * `certificate`, filled here so browser and server say the same) and, where the record has an
 * e-mail address, a mail written to the outbox in the issuing transaction and sent once the answer
 * is on its way. Both carry only what the certificate itself says anyone may verify: the number,
 * the course, the batch and the verification address.
 */
import site from '../../../content/site.json';
import whatsapp from '../../../content/whatsapp.json';
import {
  email_certificate_collect,
  email_certificate_issued,
  email_certificate_subject,
  email_certificate_verify,
  email_namaste,
} from '../../../src/i18n/messages';
import { fillCertificate, whatsAppLink } from '../../../src/lib/whatsapp';
import { instituteAddressLine, pageIn, type Locale } from '../platform/language';
import type { Queryable } from '../platform/db';
import type { Mail } from '../platform/mail';
import { LEASE } from '../platform/outbox';

/** What the notice names. */
export interface CertificateFacts {
  name: string;
  number: string;
  course: string;
  batch: string;
}

/** The certificate's public verification page at `origin`, in `locale`. */
export const verificationLink = (number: string, origin: string, locale: Locale): string =>
  `${origin}${pageIn(`/certificate/${encodeURIComponent(number)}`, locale)}`;

/** The WhatsApp message in `locale` and the wa.me link to `phone` (none: WhatsApp asks whom) that opens it. */
export function certificateWhatsApp(c: CertificateFacts, phone: string | null, origin: string, locale: Locale): { text: string; link: string } {
  const template = whatsapp.certificate.find((t) => t.language === locale)!;
  const text = fillCertificate(template.issued, locale, {
    name: c.name,
    course: c.course,
    batch: c.batch,
    number: c.number,
    link: verificationLink(c.number, origin, locale),
    institute: site.name,
  });
  return { text, link: whatsAppLink(phone ?? '', text) };
}

/** The e-mail of certificate `c` to `to`, in `locale`. */
export function certificateMail(to: string, c: CertificateFacts, origin: string, locale: Locale): Mail {
  return {
    to,
    subject: email_certificate_subject({ number: c.number, institute: site.shortName }, { locale }),
    text: [
      email_namaste({}, { locale }),
      '',
      email_certificate_issued({ institute: site.name, course: c.course, batch: c.batch, number: c.number }, { locale }),
      '',
      email_certificate_verify({}, { locale }),
      verificationLink(c.number, origin, locale),
      '',
      email_certificate_collect({ phone: site.phone }, { locale }),
      '',
      site.name,
      instituteAddressLine(locale),
    ].join('\n'),
  };
}

/** Writes `mail` to the outbox inside the caller's transaction, leased to this request: its row id. */
export async function queueStudentMail(db: Queryable, mail: Mail): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into mail_outbox (kind, recipient, subject, body, attempts, locked_until) values ('student', $1, $2, $3, 1, now() + $4::interval) returning id::text`,
    [mail.to, mail.subject, mail.text, LEASE],
  );
  return rows[0]!.id;
}
