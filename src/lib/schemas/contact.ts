/** Contact messages: the contact page's form and the home page's short form, both POST /api/contact. */
import { validation_label_interest, validation_label_subject, validation_label_your_message } from '../../i18n/messages';
import { z } from './zod';
import { AttributionSchema } from './attribution';
import { EmailSchema, HoneypotSchema, IndianMobileSchema, NameSchema, TextSchema } from './fields';
import { AgeFields, checkGuardian } from './guardian-consent';

/** The contact page's message. */
export const ContactPageSchema = z
  .object({
    /** "Are you under 18?" and, if so, a parent's or guardian's details. */
    ...AgeFields,
    /** Sender's name. */
    name: NameSchema,
    /** Sender's e-mail address. */
    email: EmailSchema,
    /** Sender's phone number. */
    phone: IndianMobileSchema,
    /** What the message is about. */
    subject: TextSchema(validation_label_subject, 2, 150),
    /** The message itself. */
    message: TextSchema(validation_label_your_message, 5, 3000, { multiline: true }),
    /** Hidden anti-spam field. */
    website: HoneypotSchema,
    /** Where the visit came from (src/lib/keep-visit.ts); never a reason to refuse the form. */
    attribution: AttributionSchema,
  })
  .superRefine(checkGuardian((v) => ({ age: v.age, guardian: v.guardian, email: v.email })));

/** The home page's short form: name, phone and the subject of interest, marked as from the home page. */
export const HomeContactSchema = z
  .object({
    /** Marks the short form of the home page. */
    source: z.literal('home'),
    /** "Are you under 18?" and, if so, a parent's or guardian's details. */
    ...AgeFields,
    /** Sender's name. */
    name: NameSchema,
    /** Sender's phone number. */
    phone: IndianMobileSchema,
    /** Subject of interest (labelled "Subject" on the form). */
    message: TextSchema(validation_label_interest, 2, 1000, { multiline: true }),
    /** Hidden anti-spam field. */
    website: HoneypotSchema,
    /** Where the visit came from (src/lib/keep-visit.ts); never a reason to refuse the form. */
    attribution: AttributionSchema,
  })
  .superRefine(checkGuardian((v) => ({ age: v.age, guardian: v.guardian })));

/** Either form: the home form says `source: "home"`. */
export const ContactSchema = z.union([HomeContactSchema, ContactPageSchema]);

export type ContactInput = z.input<typeof ContactSchema>;
