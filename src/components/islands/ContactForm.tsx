/**
 * The contact forms: the home page's short form (name, phone, subject of interest) and the
 * contact page's full form. Server-rendered as plain HTML and hydrated on first use
 * (`client:interact`); validated with the same zod schema as POST /api/contact. The status line
 * reads as the spec says, with the reference number added on success.
 */
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useId, useState } from 'react';
import { useForm, type FieldValues, type Path } from 'react-hook-form';
import { postJson } from '../../lib/api';
import { visitAttribution } from '../../lib/visit-attribution';
import { ContactPageSchema, HomeContactSchema } from '../../lib/schemas/contact';

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

const texts = {
  home: { sending: 'Sending...', sent: 'Form Submitted Successfully!', failed: 'Something went wrong. Please try again.' },
  page: { sending: 'Sending...', sent: 'Message sent successfully!', failed: 'Failed to send message' },
};

export default function ContactForm({ variant, labels }: Props) {
  const id = useId();
  const [status, setStatus] = useState('');
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const schema = variant === 'home' ? HomeContactSchema : ContactPageSchema;
  const defaults = variant === 'home'
    ? { source: 'home', name: '', phone: '', message: '', website: '' }
    : { name: '', email: '', phone: '', subject: '', message: '', website: '' };
  // Checked on submit, then on every change (an error appearing on blur would move the button
  // from under the visitor's tap).
  const { register, handleSubmit, reset, setError, formState: { errors, isSubmitting } } = useForm<FieldValues>({
    resolver: standardSchemaResolver(schema),
    defaultValues: defaults,
  });

  const onSubmit = async (values: FieldValues) => {
    setStatus(texts[variant].sending);
    // Where the visit came from goes with it; a retry sends the same, so its key still matches.
    const body = { ...values, attribution: visitAttribution() };
    const { ok, status: code, data } = await postJson<{ reference?: string }>('/api/contact', body, { idempotencyKey });
    if (ok) {
      setStatus(`${texts[variant].sent}${data.reference ? ` Your reference is ${data.reference}.` : ''}`);
      reset(defaults);
      setIdempotencyKey(crypto.randomUUID());
      return;
    }
    if (code >= 400 && code < 500) setIdempotencyKey(crypto.randomUUID());
    for (const [field, message] of Object.entries(data.errors ?? {})) {
      if (field in defaults) setError(field, { message });
    }
    const message = (variant === 'home' ? data.message : data.error) || texts[variant].failed;
    console.error('Contact form not sent:', code, message);
    setStatus(message);
  };

  const input = (name: Path<FieldValues>, label: string, props: React.InputHTMLAttributes<HTMLInputElement> & React.TextareaHTMLAttributes<HTMLTextAreaElement>, multiline = false, hint?: string) => {
    const error = errors[name]?.message as string | undefined;
    const describedBy = [hint ? `${id}-${name}-hint` : '', error ? `${id}-${name}-error` : ''].filter(Boolean).join(' ') || undefined;
    const common = { ...register(name), id: `${id}-${name}`, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, required: true };
    return (
      <div className="form-field">
        <label htmlFor={`${id}-${name}`}>{label}</label>
        {multiline ? <textarea {...common} {...props} rows={5} /> : <input {...common} {...props} />}
        {hint && <p className="form-hint" id={`${id}-${name}-hint`}>{hint}</p>}
        {error && <p className="form-error" id={`${id}-${name}-error`}>{error}</p>}
      </div>
    );
  };

  return (
    <form className="contact-form" method="post" action="/api/contact" noValidate onSubmit={handleSubmit(onSubmit)}>
      {input('name', labels.name, { type: 'text', autoComplete: 'name' })}
      {variant === 'page' && input('email', labels.email ?? 'E-mail', { type: 'email', autoComplete: 'email' })}
      {input('phone', labels.phone, variant === 'home' ? { type: 'tel', inputMode: 'tel', autoComplete: 'tel' } : { type: 'text', inputMode: 'tel', autoComplete: 'tel' })}
      {variant === 'page' && input('subject', labels.subject ?? 'Subject', { type: 'text' })}
      {input('message', labels.message, {}, true, labels.messageHint)}
      <div className="form-honeypot" aria-hidden="true">
        <label htmlFor={`${id}-website`}>Leave this empty</label>
        <input {...register('website')} id={`${id}-website`} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <button type="submit" className="btn btn--accent" disabled={isSubmitting}>
        {labels.submit}
      </button>
      <p className="form-status" role="status" aria-live="polite">
        {status}
      </p>
    </form>
  );
}
