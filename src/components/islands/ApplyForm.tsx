/**
 * The application (lead) form, shared by the Apply Now dialog and the /apply page. The same zod
 * schema checks it here and in POST /api/apply. Every fill gets an Idempotency-Key, so a double
 * click or a retry is stored once.
 */
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast/headless';
import { postJson } from '../../lib/api';
import { visitAttribution } from '../../lib/visit-attribution';
import { ApplySchema, departments, type ApplyInput, type Application } from '../../lib/schemas/apply';
import { CONSENT_TEXT } from '../../lib/schemas/consent';
import ToastHost from './ToastHost';

interface Props {
  /** On its own page (not in the dialog), the form shows the toasts itself. */
  standalone?: boolean | undefined;
  /** Called after a successful submission (the dialog closes then). */
  onSuccess?: (() => void) | undefined;
}

const empty: ApplyInput = { name: '', email: '', phone: '', department: '', course: '', consent: false as unknown as true, website: '' };

export default function ApplyForm({ onSuccess, standalone = false }: Props) {
  const id = useId();
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [failure, setFailure] = useState('');
  // Checked on submit, then on every change (an error appearing on blur would move the button
  // from under the visitor's tap).
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ApplyInput, unknown, Application>({ resolver: standardSchemaResolver(ApplySchema), defaultValues: empty });
  const department = useWatch({ control, name: 'department' });
  const courses = departments.find((d) => d.key === department)?.courses ?? [];

  const onSubmit = async (values: Application) => {
    // Where the visit came from goes with it; a retry sends the same, so its key still matches.
    const body = { ...values, attribution: visitAttribution() };
    const { ok, status, data } = await postJson<{ message: string }>('/api/apply', body, { idempotencyKey });
    if (ok) {
      reset(empty);
      setFailure('');
      setIdempotencyKey(crypto.randomUUID());
      onSuccess?.();
      toast.success(data.message ?? 'Thank you!');
      return;
    }
    // A refused request stored nothing: the next attempt is a new request.
    if (status >= 400 && status < 500) setIdempotencyKey(crypto.randomUUID());
    for (const [field, message] of Object.entries(data.errors ?? {})) {
      if (field in empty) setError(field as keyof ApplyInput, { message });
    }
    const message = data.message || 'Something went wrong. Please try again.';
    // Shown in the form too: a toast sits beneath an open modal dialog.
    setFailure(message);
    toast.error(message);
  };

  const field = (name: keyof ApplyInput) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: keyof ApplyInput) =>
    errors[name] ? (
      <p className="form-error" id={`${id}-${name}-error`}>
        {errors[name]?.message}
      </p>
    ) : null;

  return (
    <form className="apply-form" noValidate onSubmit={handleSubmit(onSubmit)}>
      {standalone && <ToastHost />}
      <p className="form-note">All fields are mandatory.</p>
      <div className="form-field">
        <label htmlFor={`${id}-name`}>Full name</label>
        <input {...register('name')} {...field('name')} type="text" autoComplete="name" required />
        {error('name')}
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-email`}>E-mail</label>
        <input {...register('email')} {...field('email')} type="email" autoComplete="email" required />
        {error('email')}
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-phone`}>Mobile number</label>
        <input {...register('phone')} {...field('phone')} type="tel" inputMode="tel" autoComplete="tel" placeholder="+91" required />
        {error('phone')}
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-department`}>Department</label>
        <select
          {...register('department', { onChange: () => setValue('course', '') })}
          {...field('department')}
          required
        >
          <option value="">Choose a department</option>
          {departments.map((d) => (
            <option key={d.key} value={d.key}>
              {d.label}
            </option>
          ))}
        </select>
        {error('department')}
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-course`}>Course</label>
        <select {...register('course')} {...field('course')} disabled={!department} required>
          <option value="">{department ? 'Choose a course' : 'Choose a department first'}</option>
          {courses.map((course) => (
            <option key={course} value={course}>
              {course}
            </option>
          ))}
        </select>
        {error('course')}
      </div>
      <div className="form-check">
        <input {...register('consent')} {...field('consent')} type="checkbox" required />
        <label htmlFor={`${id}-consent`}>{CONSENT_TEXT}</label>
        {error('consent')}
      </div>
      <div className="form-honeypot" aria-hidden="true">
        <label htmlFor={`${id}-website`}>Leave this empty</label>
        <input {...register('website')} id={`${id}-website`} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <button type="submit" className="btn btn--accent" disabled={isSubmitting}>
        {isSubmitting ? 'Submitting...' : 'Enroll Now'}
      </button>
      <p className="form-error form-status" role="alert">
        {failure}
      </p>
    </form>
  );
}
