/**
 * The contact forms: the home page's short form (name, phone, subject of interest) and the
 * contact page's full form. Server-rendered as plain HTML and hydrated on first use
 * (`client:interact`); validated with the same zod schema as POST /api/contact. The status line
 * reads as the spec says, with the reference number added on success.
 */
import { useId, useState } from 'react';
import { useWatch, type FieldValues } from 'react-hook-form';
import { visitAttribution } from '../../lib/visit-attribution';
import { ContactPageSchema, HomeContactSchema } from '../../lib/schemas/contact';
import { AgeQuestion } from '../forms/AgeQuestion';
import { heldOf, type Held, withAgeFields, withAgeQuestion } from '../forms/age-question';
import { Field } from '../forms/Field';
import { LazyHeldStep } from '../forms/LazyHeldStep';
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

/** Each form's schema with the age question first. */
const schemas = { home: withAgeQuestion(HomeContactSchema), page: withAgeQuestion(ContactPageSchema) };

export default function ContactForm({ variant, labels }: Props) {
  const id = useId();
  const defaults =
    variant === 'home'
      ? { source: 'home', name: '', phone: '', message: '', website: '' }
      : { name: '', email: '', phone: '', subject: '', message: '', website: '' };
  // An under-18's message, waiting for their guardian's consent; then the message's own success line.
  const [held, setHeld] = useState<Held | null>(null);
  const [consented, setConsented] = useState('');
  const sentText = (reference: string | undefined) => `${texts[variant].sent()}${reference ? ` ${contact_reference({ reference })}` : ''}`;
  // `age` has no default: an answer chosen before the form woke up (its first touch) stays.
  const { form, onSubmit, statusText, busy } = useSubmitForm<FieldValues, FieldValues, { reference?: string; held?: unknown }>({
    schema: schemas[variant] as never,
    defaultValues: defaults,
    endpoint: '/api/contact',
    // Where the visit came from goes with it; a retry sends the same, so its key still matches.
    body: (values) => ({ ...values, attribution: visitAttribution() }),
    fields: withAgeFields(Object.keys(defaults)),
    // Kept until stored: a held message may go back to the form to change the guardian's details.
    resetOnSuccess: false,
    onSuccess: (_data, values, result) => {
      const waiting = heldOf(result, values);
      if (waiting) setHeld(waiting);
      else form.reset(defaults);
    },
    messages: {
      sending: forms_sending(),
      success: (data) => (data.held ? (data.message ?? '') : sentText(data.reference)),
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

  const age = useWatch({ control: form.control, name: 'age' });

  if (held)
    return (
      <div className="contact-form">
        <LazyHeldStep
          held={held}
          onChange={() => setHeld(null)}
          onConsented={(data) => {
            setHeld(null);
            form.reset(defaults);
            setConsented(sentText(data.reference));
          }}
        />
      </div>
    );

  const error = (name: string) => errors[name]?.message as string | undefined;
  const input = (name: string, label: string, props: React.ComponentPropsWithRef<'input'>) => (
    <Field as="input" id={`${id}-${name}`} label={label} error={error(name)} inputProps={{ ...register(name), ...props, required: true }} />
  );

  return (
    <form
      className="contact-form"
      method="post"
      action="/api/contact"
      noValidate
      onSubmit={(event) => {
        setConsented('');
        return onSubmit(event);
      }}
    >
      <AgeQuestion id={id} register={register} errors={errors} age={age} />
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
      <FormStatus>{consented || statusText}</FormStatus>
    </form>
  );
}
