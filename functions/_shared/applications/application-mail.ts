/**
 * The mails of the application forms that the applicants' side sends: the applicant's
 * confirmation (reference, what happens next, where to see the status) and the institute's note
 * that re-uploaded documents arrived. They are stored rendered in the outbox (kind 'applicant' to
 * the applicant, 'alert' to the institute) and never carry an ID number or a document. The
 * applicant's confirmation carries nothing the applicant typed, not even the name: anyone can type
 * any address into a form, and a mail signed by the institute must not carry a stranger's words.
 * The applicant's mails are in the language of the form's page; the institute's stay English.
 */
import site from '../../../content/site.json';
import { APPLICATION_FORM_LABELS } from '../../../src/lib/schemas/application-status';
import type { FormDefinition } from '../../../src/lib/schemas/application-forms';
import type { ApplicationForm } from '../../../src/lib/schemas/uploads';
import {
  email_form_csc,
  email_form_emitra,
  email_form_iibf,
  email_form_nielit,
  email_hello,
  email_received_next,
  email_received_questions,
  email_received_reference,
  email_received_status,
  email_received_status_form,
  email_received_step_check,
  email_received_step_fix,
  email_received_step_outcome,
  email_received_subject,
  email_received_thanks,
} from '../../../src/i18n/messages';
import { inLanguage, pageIn, type Locale } from '../platform/language';
import { instituteAddress, type Mail } from '../platform/mail';
import { statusLinkPath } from './status-link';

/** The public status page (applicationStatus.astro). */
export const STATUS_PAGE = '/applicationStatus';

/** A form's name as the applicant reads it, in `locale`. */
export function formName(form: ApplicationForm, locale: Locale): string {
  const names: Record<ApplicationForm, (inputs: object, options: { locale: Locale }) => string> = {
    emitra: email_form_emitra,
    csc: email_form_csc,
    iibf: email_form_iibf,
    nielit: email_form_nielit,
  };
  return names[form]({}, { locale });
}

/**
 * The applicant's confirmation of a submitted form, in `locale` (the form page's language), with
 * links starting at `origin` (to the page in that language): fixed words and the reference only.
 */
export function confirmationMail(def: FormDefinition, application: { reference: string; email: string }, origin: string, locale: Locale = 'en'): Mail {
  const form = formName(def.form, locale);
  const { reference } = application;
  const status = pageIn(STATUS_PAGE, locale);
  return {
    to: application.email,
    subject: email_received_subject({ form, reference }, { locale }),
    text: [
      email_hello({}, { locale }),
      '',
      email_received_thanks({ form }, { locale }),
      '',
      email_received_reference({ reference }, { locale }),
      '',
      email_received_next({}, { locale }),
      email_received_step_check({}, { locale }),
      email_received_step_fix({}, { locale }),
      email_received_step_outcome({}, { locale }),
      '',
      email_received_status({ link: `${origin}${statusLinkPath(status, reference)}` }, { locale }),
      email_received_status_form({ link: `${origin}${status}` }, { locale }),
      '',
      email_received_questions({ phone: site.phone, hours: inLanguage(site.hours, locale) }, { locale }),
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
