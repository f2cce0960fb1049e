/**
 * The invitee's password (/adminInvite#token=…): POST /api/admin/invitation {token, password}.
 * The token is read from the address's fragment when the form is sent; whose invitation it is
 * is shown above the form by the page's own script (GET /api/admin/invitation), so this island
 * wakes only when the password field is used (`client:interact`). Success leads to /adminLogin.
 */
import { useId, useState } from 'react';
import type { z } from 'zod';
import { postJson } from '../../lib/api';
import { PASSWORD_MIN } from '../../lib/schemas/user';
import { AcceptInvitationSchema } from '../../lib/schemas/staff';
import { Field } from '../forms/Field';
import { FormAlert } from '../forms/FormAlert';
import { useSubmitForm } from '../forms/use-submit-form';
import ToastHost from './ToastHost';

const PasswordForm = AcceptInvitationSchema.pick({ password: true });

/** The invitation token of the address (`#token=…`), or ''. */
const invitationToken = () => new URLSearchParams(location.hash.slice(1)).get('token') ?? '';

export default function AdminInviteForm() {
  const id = useId();
  const [done, setDone] = useState('');
  const { form, onSubmit, failure, busy } = useSubmitForm<z.input<typeof PasswordForm>, z.output<typeof PasswordForm>>({
    schema: PasswordForm,
    send: ({ password }) => postJson('/api/admin/invitation', { token: invitationToken(), password }),
    idempotent: false,
    resetOnSuccess: false,
    // A used or expired invitation is said about the token, which has no field here.
    messages: { failure: ({ data }) => data.errors?.['token'] ?? data.message },
    onSuccess: (data) => setDone(data.message || 'Your password is set. Please sign in.'),
  });
  const {
    register,
    formState: { errors },
  } = form;

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
    <form className="auth-form" noValidate onSubmit={onSubmit}>
      <ToastHost />
      <Field
        id={`${id}-password`}
        label="Choose a password"
        hint={`At least ${PASSWORD_MIN} characters. A few unrelated words make a strong one; common passwords are refused.`}
        error={errors.password?.message}
      >
        {(aria) => <input {...register('password')} {...aria} type="password" autoComplete="new-password" required />}
      </Field>
      <button type="submit" className="btn auth-form__submit" disabled={busy}>
        {busy ? 'Please Wait...' : 'Set my password'}
      </button>
      <FormAlert>{failure}</FormAlert>
    </form>
  );
}
