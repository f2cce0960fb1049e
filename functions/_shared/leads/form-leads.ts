/**
 * The lead of the Apply dialog and of the two contact forms, from their checked input: shared by
 * their functions and by a guardian's consent to a minor's held submission (consent/release.ts).
 */
import type { Application } from '../../../src/lib/schemas/apply';
import { CONSENT_VERSION } from '../../../src/lib/schemas/consent';
import type { z } from '../../../src/lib/schemas/zod';
import type { ContactPageSchema, HomeContactSchema } from '../../../src/lib/schemas/contact';
import type { Locale } from '../../../src/i18n/locales';
import type { Lead } from './leads';

/** The Apply dialog's lead. */
export const applyLeadOf = (input: Application, language: Locale): Lead => ({
  kind: 'application',
  form: 'apply-form',
  name: input.name,
  email: input.email,
  phone: input.phone,
  department: input.department,
  course: input.course,
  consentVersion: CONSENT_VERSION,
  attribution: input.attribution,
  language,
});

/** A checked contact message: the home page's short form or the contact page's. */
export type ContactInput = z.output<typeof HomeContactSchema> | z.output<typeof ContactPageSchema>;

/** A contact form's lead. */
export const contactLeadOf = (input: ContactInput, language: Locale): Lead =>
  'source' in input && input.source === 'home'
    ? { kind: 'contact', form: 'home', name: input.name, phone: input.phone, message: input.message, attribution: input.attribution, language }
    : {
        kind: 'contact',
        form: 'contact-page',
        name: input.name,
        email: (input as z.output<typeof ContactPageSchema>).email,
        phone: input.phone,
        subject: (input as z.output<typeof ContactPageSchema>).subject,
        message: input.message,
        attribution: input.attribution,
        language,
      };
