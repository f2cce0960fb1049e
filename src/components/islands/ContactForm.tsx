/**
 * The contact forms: the home page's short form (name, phone, subject of interest) and the
 * contact page's full form. Server-rendered as plain HTML and hydrated on first use
 * (`client:interact`); validated with the same zod schema as POST /api/contact. The status line
 * reads as the spec says, with the reference number added on success.
 */
import { useId } from 'react';
import type { FieldValues } from 'react-hook-form';
import { visitAttribution } from '../../lib/visit-attribution';
import { ContactPageSchema, HomeContactSchema } from '../../lib/schemas/contact';
import { Field } from '../forms/Field';
import { FormStatus } from '../forms/FormAlert';
import { useSubmitForm } from '../forms/use-submit-form';
import {
  contact_failed_page,
  contact_reference,
  contact_sent_home,
  contact_sent_page,
  forms_email,
  forms_fallback_failure,
  forms_honeypot,
  forms_sending,
  forms_subject,
} from '../../i18n/messages';

interface Labels {
  name: string;
  email?: string | undefined;
  phone: string;
  subject?: string | undefined;
  message: string;
  /** Hint under the message box. */
  messageHint?: string | undefined;
  submit: string;
}

interface Props {
  /** `home`: name, phone and a Subject box; `page`: the contact page's five fields. */
  variant: 'home' | 'page';
  labels: Labels;
}

/** The status line's words of each form, in the page's language. */
const texts = {
  home: { sent: contact_sent_home, failed: forms_fallback_failure },
  page: { sent: contact_sent_page, failed: contact_failed_page },
};

export default function ContactForm({ variant, labels }: Props) {
  const id = useId();
  const defaults =
    variant === 'home'
      ? { source: 'home', name: '', phone: '', message: '', website: '' }
      : { name: '', email: '', phone: '', subject: '', message: '', website: '' };
  const { form, onSubmit, statusText, busy } = useSubmitForm<FieldValues, FieldValues, { reference?: string }>({
    schema: variant === 'home' ? HomeContactSchema : ContactPageSchema,
    defaultValues: defaults,
    endpoint: '/api/contact',
    // Where the visit came from goes with it; a retry sends the same, so its key still matches.
    body: (values) => ({ ...values, attribution: visitAttribution() }),
    fields: Object.keys(defaults),
    messages: {
      sending: forms_sending(),
      success: (data) => `${texts[variant].sent()}${data.reference ? ` ${contact_reference({ reference: data.reference })}` : ''}`,
      // The spec's two forms read different fields of the answer.
      failure: ({ data }) => (variant === 'home' ? data.message : data.error) || texts[variant].failed(),
    },
    toasts: { failure: false },
    onFailure: ({ status, data }) =>
      console.error('Contact form not sent:', status, (variant === 'home' ? data.message : data.error) || texts[variant].failed()),
  });
  const {
    register,
    formState: { errors },
  } = form;

  const error = (name: string) => errors[name]?.message as string | undefined;
  const input = (name: string, label: string, props: React.ComponentPropsWithRef<'input'>) => (
    <Field as="input" id={`${id}-${name}`} label={label} error={error(name)} inputProps={{ ...register(name), ...props, required: true }} />
  );

  return (
    <form className="contact-form" method="post" action="/api/contact" noValidate onSubmit={onSubmit}>
      {input('name', labels.name, { type: 'text', autoComplete: 'name' })}
      {variant === 'page' && input('email', labels.email ?? forms_email(), { type: 'email', autoComplete: 'email' })}
      {input(
        'phone',
        labels.phone,
        variant === 'home' ? { type: 'tel', inputMode: 'tel', autoComplete: 'tel' } : { type: 'text', inputMode: 'tel', autoComplete: 'tel' },
      )}
      {variant === 'page' && input('subject', labels.subject ?? forms_subject(), { type: 'text' })}
      <Field
        as="textarea"
        id={`${id}-message`}
        label={labels.message}
        hint={labels.messageHint}
        error={error('message')}
        inputProps={{ ...register('message'), rows: 5, required: true }}
      />
      <div className="form-honeypot" aria-hidden="true">
        <label htmlFor={`${id}-website`}>{forms_honeypot()}</label>
        <input {...register('website')} id={`${id}-website`} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <button type="submit" className="btn btn--accent" disabled={busy}>
        {labels.submit}
      </button>
      <FormStatus>{statusText}</FormStatus>
    </form>
  );
}
