/**
 * The registration form ('Create Your Account'): full name, e-mail, password. Checked with the
 * same zod schema as POST /api/user/register. Success keeps the answer's `activationToken` and
 * goes to /verify, where the server's message is shown; a failure shows the server's message
 * and keeps what was typed. Hydrated on first use (`client:interact`). In the page's language, and
 * it stays there: /verify, /login or their Hindi twins.
 */
import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  account_code_sent_flash,
  account_verified_flash,
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
import { AgeQuestion } from '../forms/AgeQuestion';
import { heldOf, type Held, withAgeFields, withAgeQuestion, type AgeOutput, type AgeValues } from '../forms/age-question';
import { Field } from '../forms/Field';
import { LazyHeldStep } from '../forms/LazyHeldStep';
import { FormAlert } from '../forms/FormAlert';
import { useSubmitForm } from '../forms/use-submit-form';
import ToastHost from './ToastHost';

/** The form's schema with the age question first. */
const schema = withAgeQuestion(RegisterSchema);
const FIELDS = withAgeFields(['name', 'email', 'password']);

export default function RegisterForm() {
  const id = useId();
  // An under-18's account, waiting for their guardian's consent.
  const [held, setHeld] = useState<Held | null>(null);
  const [leaving, setLeaving] = useState(false);
  /** The account was made: its code is checked on /verify. */
  const toVerify = (data: { activationToken?: string | undefined; message?: string | undefined }) => {
    setLeaving(true);
    writeStored(ACTIVATION_KEY, data.activationToken ?? '');
    setFlash(data.message || account_code_sent_flash());
    location.assign(pathIn('/verify', getLocale()));
  };
  // An under-18's account is made when the guardian consents (their code stands for the e-mailed
  // one): nothing is left to verify, so the student signs in, as after /verify.
  const toLogin = (data: { message?: string | undefined }) => {
    setLeaving(true);
    setFlash(data.message || account_verified_flash());
    location.assign(pathIn('/login', getLocale()));
  };
  const { form, onSubmit, failure, busy } = useSubmitForm<RegisterInput & AgeValues, z.output<typeof RegisterSchema> & AgeOutput, { activationToken?: string }>(
    {
      schema,
      endpoint: '/api/user/register',
      fields: FIELDS,
      idempotent: false,
      resetOnSuccess: false,
      // Without the token the code cannot be checked: no success (an under-18's held account has none yet).
      accept: (result) => !!heldOf(result) || (result.ok && !!result.data.activationToken),
      onSuccess: (data, values, result) => {
        const waiting = heldOf(result, values);
        if (waiting) setHeld(waiting);
        else toVerify(data);
      },
    },
  );
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const age = useWatch({ control, name: 'age' });

  if (held)
    return (
      <div className="auth-form">
        <ToastHost />
        <LazyHeldStep held={held} onChange={() => setHeld(null)} onConsented={toLogin} />
      </div>
    );

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit}>
      <ToastHost />
      <AgeQuestion id={id} register={register} errors={errors} age={age} />
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
      <button type="submit" className="btn auth-form__submit" disabled={busy || leaving}>
        {busy || leaving ? account_please_wait() : account_register()}
      </button>
      <FormAlert>{failure}</FormAlert>
      <p className="auth-form__switch">
        {account_have_account()} <a href={pathIn('/login', getLocale())}>{account_login()}</a>
      </p>
    </form>
  );
}
