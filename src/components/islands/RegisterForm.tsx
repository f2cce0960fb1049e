/**
 * The registration form ('Create Your Account'): full name, e-mail, password. Checked with the
 * same zod schema as POST /api/user/register. Success keeps the answer's `activationToken` and
 * goes to /verify, where the server's message is shown; a failure shows the server's message
 * and keeps what was typed. Hydrated on first use (`client:interact`).
 */
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast/headless';
import type { z } from 'zod';
import { postJson } from '../../lib/api';
import { setFlash } from '../../lib/flash';
import { PASSWORD_MIN, RegisterSchema, type RegisterInput } from '../../lib/schemas/user';
import { ACTIVATION_KEY, writeStored } from '../../stores/auth';
import ToastHost from './ToastHost';

const fields = ['name', 'email', 'password'] as const;

export default function RegisterForm() {
  const id = useId();
  const [failure, setFailure] = useState('');
  const [leaving, setLeaving] = useState(false);
  // Checked on submit, then on every change (an error appearing on blur would move the button
  // from under the visitor's tap).
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterInput, unknown, z.output<typeof RegisterSchema>>({ resolver: standardSchemaResolver(RegisterSchema) });

  const onSubmit = async (values: z.output<typeof RegisterSchema>) => {
    setFailure('');
    const { ok, data } = await postJson<{ activationToken?: string }>('/api/user/register', values);
    if (ok && data.activationToken) {
      setLeaving(true);
      writeStored(ACTIVATION_KEY, data.activationToken);
      setFlash(data.message || 'We have e-mailed you a code. Enter it to verify your account.');
      location.assign('/verify');
      return;
    }
    for (const [name, message] of Object.entries(data.errors ?? {})) {
      if ((fields as readonly string[]).includes(name)) setError(name as (typeof fields)[number], { message });
    }
    const message = data.message || 'Something went wrong. Please try again.';
    setFailure(message);
    toast.error(message);
  };

  const field = (name: keyof RegisterInput, hint = false) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': [hint ? `${id}-${name}-hint` : '', errors[name] ? `${id}-${name}-error` : ''].filter(Boolean).join(' ') || undefined,
  });
  const error = (name: keyof RegisterInput) =>
    errors[name] ? (
      <p className="form-error" id={`${id}-${name}-error`}>
        {errors[name]?.message}
      </p>
    ) : null;
  const busy = isSubmitting || leaving;

  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <ToastHost />
      <div className="form-field">
        <label htmlFor={`${id}-name`}>Full name</label>
        <input {...register('name')} {...field('name')} type="text" autoComplete="name" required />
        {error('name')}
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-email`}>Email</label>
        <input {...register('email')} {...field('email')} type="email" autoComplete="email" required />
        {error('email')}
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-password`}>Password</label>
        <input {...register('password')} {...field('password', true)} type="password" autoComplete="new-password" minLength={PASSWORD_MIN} required />
        <p className="form-hint" id={`${id}-password-hint`}>
          At least {PASSWORD_MIN} characters.
        </p>
        {error('password')}
      </div>
      <button type="submit" className="btn auth-form__submit" disabled={busy}>
        {busy ? 'Please Wait...' : 'Register'}
      </button>
      <p className="form-error form-status" role="alert">
        {failure}
      </p>
      <p className="auth-form__switch">
        Already have an account? <a href="/login">Login</a>
      </p>
    </form>
  );
}
