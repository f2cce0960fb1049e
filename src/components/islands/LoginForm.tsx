/**
 * The login form ('Login to Your Account'), shared by the login dialog and the /login page.
 * Checked with the same zod schema as POST /api/user/login. Success stores the token and goes
 * home, where the server's welcome is shown; a failure shows the server's message as a toast and
 * in the form (a toast sits beneath an open modal dialog). "Forgot password?" leads to
 * /forgot-password.
 */
import { useId } from 'react';
import type { z } from 'zod';
import {
  account_credit,
  account_email,
  account_forgot_link,
  account_logged_in_flash,
  account_login,
  account_no_account,
  account_password,
  account_please_wait,
  account_register,
} from '../../i18n/messages';
import { pathIn } from '../../i18n/locales';
import { getLocale } from '../../paraglide/runtime.js';
import { setFlash } from '../../lib/flash';
import { LoginSchema, type LoginInput } from '../../lib/schemas/user';
import { login } from '../../stores/auth';
import { Field } from '../forms/Field';
import { FormAlert } from '../forms/FormAlert';
import { useSubmitForm } from '../forms/use-submit-form';
import ToastHost from './ToastHost';

interface Props {
  /** On its own page (not in the dialog), the form shows the toasts itself. */
  standalone?: boolean | undefined;
}

export default function LoginForm({ standalone = false }: Props) {
  const id = useId();
  // No default values: what a visitor typed before the island woke up stays in the fields. The
  // button stays disabled from success until the next page has loaded.
  const { form, onSubmit, failure, busy } = useSubmitForm<LoginInput, z.output<typeof LoginSchema>>({
    schema: LoginSchema,
    send: (values) => login(values),
    idempotent: false,
    navigates: true,
    onSuccess: (data) => {
      setFlash(data.message || account_logged_in_flash());
      location.assign(pathIn('/', getLocale()));
    },
  });
  const {
    register,
    formState: { errors },
  } = form;

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit}>
      {standalone && <ToastHost />}
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
        error={errors.password?.message}
        inputProps={{ ...register('password'), type: 'password', autoComplete: 'current-password', required: true }}
      />
      <p className="auth-form__forgot">
        <a href={pathIn('/forgot-password', getLocale())}>{account_forgot_link()}</a>
      </p>
      <button type="submit" className="btn auth-form__submit" disabled={busy}>
        {busy ? account_please_wait() : account_login()}
      </button>
      <FormAlert>{failure}</FormAlert>
      <p className="auth-form__switch">
        {account_no_account()} <a href={pathIn('/register', getLocale())}>{account_register()}</a>
      </p>
      <p className="auth-form__credit">{account_credit()}</p>
    </form>
  );
}
