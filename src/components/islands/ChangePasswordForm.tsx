/**
 * The account page's "Change password" form: the current password and a new one, checked with
 * the same zod schema as POST /api/user/change-password. Success keeps the new session token the
 * server answers with (every other session has ended), empties the fields and shows the server's
 * message; a failure shows the server's message and its field errors, keeping what was typed.
 */
import { useId } from 'react';
import type { z } from 'zod';
import {
  account_change_password,
  account_current_password,
  account_new_password,
  account_password_changed,
  account_password_hint,
  account_please_wait,
} from '../../i18n/messages';
import { ChangePasswordSchema, PASSWORD_MIN, type ChangePasswordInput } from '../../lib/schemas/user';
import { changePassword } from '../../stores/account';
import { Field } from '../forms/Field';
import { FormAlert } from '../forms/FormAlert';
import { useSubmitForm } from '../forms/use-submit-form';

interface Props {
  /** The account's e-mail address, for password managers (they file the new password under it). */
  email: string;
}

export default function ChangePasswordForm({ email }: Props) {
  const id = useId();
  const { form, onSubmit, failure, busy } = useSubmitForm<ChangePasswordInput, z.output<typeof ChangePasswordSchema>>({
    schema: ChangePasswordSchema,
    defaultValues: { currentPassword: '', newPassword: '' },
    send: (values) => changePassword(values),
    idempotent: false,
    messages: { success: (data) => data.message || account_password_changed() },
    toasts: { success: true, failure: true },
  });
  const {
    register,
    formState: { errors },
  } = form;

  return (
    <form className="account-form" noValidate onSubmit={onSubmit}>
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <Field id={`${id}-current`} label={account_current_password()} error={errors.currentPassword?.message}>
        {(aria) => <input {...register('currentPassword')} {...aria} type="password" autoComplete="current-password" required />}
      </Field>
      <Field id={`${id}-new`} label={account_new_password()} hint={account_password_hint({ min: PASSWORD_MIN })} error={errors.newPassword?.message}>
        {(aria) => <input {...register('newPassword')} {...aria} type="password" autoComplete="new-password" minLength={PASSWORD_MIN} required />}
      </Field>
      <button type="submit" className="btn" disabled={busy}>
        {busy ? account_please_wait() : account_change_password()}
      </button>
      <FormAlert>{failure}</FormAlert>
    </form>
  );
}
