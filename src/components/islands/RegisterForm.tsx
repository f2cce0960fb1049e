/**
 * The registration form ('Create Your Account'): full name, e-mail, password. Checked with the
 * same zod schema as POST /api/user/register. Success keeps the answer's `activationToken` and
 * goes to /verify, where the server's message is shown; a failure shows the server's message
 * and keeps what was typed. Hydrated on first use (`client:interact`).
 */
import { useId } from 'react';
import type { z } from 'zod';
import { setFlash } from '../../lib/flash';
import { PASSWORD_MIN, RegisterSchema, type RegisterInput } from '../../lib/schemas/user';
import { ACTIVATION_KEY, writeStored } from '../../stores/auth';
import { Field } from '../forms/Field';
import { FormAlert } from '../forms/FormAlert';
import { useSubmitForm } from '../forms/use-submit-form';
import ToastHost from './ToastHost';

export default function RegisterForm() {
  const id = useId();
  const { form, onSubmit, failure, busy } = useSubmitForm<RegisterInput, z.output<typeof RegisterSchema>, { activationToken?: string }>({
    schema: RegisterSchema,
    endpoint: '/api/user/register',
    idempotent: false,
    navigates: true,
    // Without the token the code cannot be checked: no success.
    accept: ({ ok, data }) => ok && !!data.activationToken,
    onSuccess: (data) => {
      writeStored(ACTIVATION_KEY, data.activationToken ?? '');
      setFlash(data.message || 'We have e-mailed you a code. Enter it to verify your account.');
      location.assign('/verify');
    },
  });
  const {
    register,
    formState: { errors },
  } = form;

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit}>
      <ToastHost />
      <Field
        as="input"
        id={`${id}-name`}
        label="Full name"
        error={errors.name?.message}
        inputProps={{ ...register('name'), type: 'text', autoComplete: 'name', required: true }}
      />
      <Field
        as="input"
        id={`${id}-email`}
        label="Email"
        error={errors.email?.message}
        inputProps={{ ...register('email'), type: 'email', autoComplete: 'email', required: true }}
      />
      <Field
        as="input"
        id={`${id}-password`}
        label="Password"
        hint={`At least ${PASSWORD_MIN} characters.`}
        error={errors.password?.message}
        inputProps={{ ...register('password'), type: 'password', autoComplete: 'new-password', minLength: PASSWORD_MIN, required: true }}
      />
      <button type="submit" className="btn auth-form__submit" disabled={busy}>
        {busy ? 'Please Wait...' : 'Register'}
      </button>
      <FormAlert>{failure}</FormAlert>
      <p className="auth-form__switch">
        Already have an account? <a href="/login">Login</a>
      </p>
    </form>
  );
}
