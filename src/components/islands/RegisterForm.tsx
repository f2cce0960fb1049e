/**
 * The registration form ('Create Your Account'): full name, e-mail, password. Checked with the
 * same zod schema as POST /api/user/register. Success keeps the answer's `activationToken` and
 * goes to /verify, where the server's message is shown; a failure shows the server's message
 * and keeps what was typed. Hydrated on first use (`client:interact`). In the page's language, and
 * it stays there: /verify, /login or their Hindi twins.
 */
import { useId } from 'react';
import type { z } from 'zod';
import {
  account_code_sent_flash,
  account_email,
  account_full_name,
  account_have_account,
  account_login,
  account_password,
  account_password_hint,
  account_please_wait,
  account_register,
} from '../../i18n/messages';
import { pathIn } from '../../i18n/locales';
import { getLocale } from '../../paraglide/runtime.js';
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
      setFlash(data.message || account_code_sent_flash());
      location.assign(pathIn('/verify', getLocale()));
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
        label={account_full_name()}
        error={errors.name?.message}
        inputProps={{ ...register('name'), type: 'text', autoComplete: 'name', required: true }}
      />
      <Field
        as="input"
        id={`${id}-email`}
        label={account_email()}
        error={errors.email?.message}
        inputProps={{ ...register('email'), type: 'email', autoComplete: 'email', required: true }}
      />
      <Field
        as="input"
        id={`${id}-password`}
        label={account_password()}
        hint={account_password_hint({ min: PASSWORD_MIN })}
        error={errors.password?.message}
        inputProps={{ ...register('password'), type: 'password', autoComplete: 'new-password', minLength: PASSWORD_MIN, required: true }}
      />
      <button type="submit" className="btn auth-form__submit" disabled={busy}>
        {busy ? account_please_wait() : account_register()}
      </button>
      <FormAlert>{failure}</FormAlert>
      <p className="auth-form__switch">
        {account_have_account()} <a href={pathIn('/login', getLocale())}>{account_login()}</a>
      </p>
    </form>
  );
}
