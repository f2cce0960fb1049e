/**
 * The mails of the application forms that the applicants' side sends: the applicant's
 * confirmation (reference, what happens next, where to see the status) and the institute's note
 * that re-uploaded documents arrived. They are stored rendered in the outbox (kind 'applicant' to
 * the applicant, 'alert' to the institute) and never carry an ID number or a document. The
 * applicant's confirmation carries nothing the applicant typed, not even the name: anyone can type
 * any address into a form, and a mail signed by the institute must not carry a stranger's words.
 */
import site from '../../../content/site.json';
import { APPLICATION_FORM_LABELS } from '../../../src/lib/schemas/application-status';
import type { FormDefinition } from '../../../src/lib/schemas/application-forms';
import { instituteAddress, type Mail } from '../platform/mail';
import { statusLinkPath } from './status-link';

/** The public status page (applicationStatus.astro). */
export const STATUS_PAGE = '/applicationStatus';

/** The applicant's confirmation of a submitted form, with links starting at `origin`: fixed words and the reference only. */
export function confirmationMail(def: FormDefinition, application: { reference: string; email: string }, origin: string): Mail {
  const form = APPLICATION_FORM_LABELS[def.form];
  return {
    to: application.email,
    subject: `We received your ${form}: ${application.reference}`,
    text: [
      'Hello,',
      '',
      `Thank you. We have received your ${form} with its documents.`,
      '',
      `Your reference: ${application.reference}`,
      '',
      'What happens next:',
      '1. Our staff check your details and documents, usually within two working days.',
      '2. If a document needs to be uploaded again, we send you an e-mail with a link to upload just that document.',
      '3. Once everything is in order, we forward your application and tell you the outcome.',
      '',
      `See where your application stands at any time: ${origin}${statusLinkPath(STATUS_PAGE, application.reference)}`,
      `(or on ${origin}${STATUS_PAGE} with your reference and mobile number)`,
      '',
      `Questions? Call us on ${site.phone} (${site.hours.en}), quoting your reference.`,
      '',
      site.name,
    ].join('\n'),
  };
}

/** The institute's note that the applicant re-uploaded the documents asked for. */
export function documentsFixedMail(
  application: { reference: string; name: string; form: keyof typeof APPLICATION_FORM_LABELS; labels: string[]; leadId: string },
  origin: string,
): Mail {
  return {
    to: instituteAddress(),
    subject: `Documents re-uploaded for ${application.reference}: ${application.name}`,
    text: [
      `${application.name} uploaded again the documents asked for on their ${APPLICATION_FORM_LABELS[application.form]} (${application.reference}):`,
      '',
      ...application.labels.map((label) => `- ${label}`),
      '',
      'The application is back to Submitted, waiting for a check:',
      `${origin}/adminLeads/${application.leadId}`,
    ].join('\n'),
  };
}
