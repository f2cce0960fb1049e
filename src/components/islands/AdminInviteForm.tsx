/**
 * The invitee's password (/adminInvite#token=…): POST /api/admin/invitation {token, password}.
 * The token is read from the address's fragment when the form is sent; whose invitation it is
 * is shown above the form by the page's own script (GET /api/admin/invitation), so this island
 * wakes only when the password field is used (`client:interact`). Success leads to /adminLogin.
 */
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { postJson } from '../../lib/api';
import { PASSWORD_MIN } from '../../lib/schemas/user';
import { AcceptInvitationSchema } from '../../lib/schemas/staff';
import { Field, FormAlert, showFieldErrors, useFailure } from './form-field';
import ToastHost from './ToastHost';

const PasswordForm = AcceptInvitationSchema.pick({ password: true });

/** The invitation token of the address (`#token=…`), or ''. */
const invitationToken = () => new URLSearchParams(location.hash.slice(1)).get('token') ?? '';

export default function AdminInviteForm() {
  const id = useId();
  const { failure, fail, clear } = useFailure();
  const [done, setDone] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof PasswordForm>, unknown, z.output<typeof PasswordForm>>({ resolver: standardSchemaResolver(PasswordForm) });

  const onSubmit = async ({ password }: z.output<typeof PasswordForm>) => {
    clear();
    const { ok, data } = await postJson('/api/admin/invitation', { token: invitationToken(), password });
    if (ok) return setDone(data.message || 'Your password is set. Please sign in.');
    showFieldErrors(data.errors, ['password'], setError);
    fail(data.errors?.['token'] ?? data.message);
  };

  if (done) {
    return (
      <div className="admin-invite__done">
        <p role="status">{done}</p>
        <a className="btn" href="/adminLogin">
          Go to Admin Login
        </a>
      </div>
    );
  }
  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <ToastHost />
      <Field
        id={`${id}-password`}
        label="Choose a password"
        hint={`At least ${PASSWORD_MIN} characters. A few unrelated words make a strong one; common passwords are refused.`}
        error={errors.password?.message}
      >
        {(aria) => <input {...register('password')} {...aria} type="password" autoComplete="new-password" required />}
      </Field>
      <button type="submit" className="btn auth-form__submit" disabled={isSubmitting}>
        {isSubmitting ? 'Please Wait...' : 'Set my password'}
      </button>
      <FormAlert>{failure}</FormAlert>
    </form>
  );
}
