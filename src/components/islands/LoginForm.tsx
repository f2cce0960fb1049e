/**
 * The login form ('Login to Your Account'), shared by the login dialog and the /login page.
 * Checked with the same zod schema as POST /api/user/login. Success stores the token and goes
 * home, where the server's welcome is shown; a failure shows the server's message as a toast and
 * in the form (a toast sits beneath an open modal dialog). "Forgot password?" leads to
 * /forgot-password.
 */
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast/headless';
import type { z } from 'zod';
import { setFlash } from '../../lib/flash';
import { LoginSchema, type LoginInput } from '../../lib/schemas/user';
import { login } from '../../stores/auth';
import ToastHost from './ToastHost';

interface Props {
  /** On its own page (not in the dialog), the form shows the toasts itself. */
  standalone?: boolean | undefined;
}

export default function LoginForm({ standalone = false }: Props) {
  const id = useId();
  const [failure, setFailure] = useState('');
  // Stays true from success until the next page has loaded, so the button stays disabled.
  const [leaving, setLeaving] = useState(false);
  // No default values: what a visitor typed before the island woke up stays in the fields.
  // Checked on submit, then on every change (an error appearing on blur would move the button
  // from under the visitor's tap).
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, z.output<typeof LoginSchema>>({ resolver: standardSchemaResolver(LoginSchema) });

  const onSubmit = async (values: z.output<typeof LoginSchema>) => {
    setFailure('');
    const { ok, data } = await login(values);
    if (ok) {
      setLeaving(true);
      setFlash(data.message || 'Logged in successfully.');
      location.assign('/');
      return;
    }
    for (const [field, message] of Object.entries(data.errors ?? {})) {
      if (field === 'email' || field === 'password') setError(field, { message });
    }
    const message = data.message || 'Something went wrong. Please try again.';
    setFailure(message);
    toast.error(message);
  };

  const field = (name: keyof LoginInput) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: keyof LoginInput) =>
    errors[name] ? (
      <p className="form-error" id={`${id}-${name}-error`}>
        {errors[name]?.message}
      </p>
    ) : null;
  const busy = isSubmitting || leaving;

  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit(onSubmit)}>
      {standalone && <ToastHost />}
      <div className="form-field">
        <label htmlFor={`${id}-email`}>Email</label>
        <input {...register('email')} {...field('email')} type="email" autoComplete="email" required />
        {error('email')}
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-password`}>Password</label>
        <input {...register('password')} {...field('password')} type="password" autoComplete="current-password" required />
        {error('password')}
      </div>
      <p className="auth-form__forgot">
        <a href="/forgot-password">Forgot password?</a>
      </p>
      <button type="submit" className="btn auth-form__submit" disabled={busy}>
        {busy ? 'Please Wait...' : 'Login'}
      </button>
      <p className="form-error form-status" role="alert">
        {failure}
      </p>
      <p className="auth-form__switch">
        Don&apos;t have an account? <a href="/register">Register</a>
      </p>
      <p className="auth-form__credit">Design &amp; Developed by Technical Team</p>
    </form>
  );
}
