/**
 * The account page's "Change password" form: the current password and a new one, checked with
 * the same zod schema as POST /api/user/change-password. Success keeps the new session token the
 * server answers with (every other session has ended), empties the fields and shows the server's
 * message; a failure shows the server's message and its field errors, keeping what was typed.
 */
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast/headless';
import type { z } from 'zod';
import { ChangePasswordSchema, PASSWORD_MIN, type ChangePasswordInput } from '../../lib/schemas/user';
import { changePassword } from '../../stores/account';
import { Field, FormAlert, showFieldErrors, useFailure } from './form-field';

const fields = ['currentPassword', 'newPassword'] as const;

interface Props {
  /** The account's e-mail address, for password managers (they file the new password under it). */
  email: string;
}

export default function ChangePasswordForm({ email }: Props) {
  const id = useId();
  const { failure, fail, clear } = useFailure();
  // Checked on submit, then on every change (an error appearing on blur would move the button
  // from under the visitor's tap).
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordInput, unknown, z.output<typeof ChangePasswordSchema>>({ resolver: standardSchemaResolver(ChangePasswordSchema) });

  const onSubmit = async (values: z.output<typeof ChangePasswordSchema>) => {
    clear();
    const { ok, data } = await changePassword(values);
    if (ok) {
      reset({ currentPassword: '', newPassword: '' });
      toast.success(data.message || 'Your password has been changed.');
      return;
    }
    showFieldErrors(data.errors, fields, setError);
    fail(data.message);
  };

  return (
    <form className="account-form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <Field id={`${id}-current`} label="Current password" error={errors.currentPassword?.message}>
        {(aria) => <input {...register('currentPassword')} {...aria} type="password" autoComplete="current-password" required />}
      </Field>
      <Field id={`${id}-new`} label="New password" hint={`At least ${PASSWORD_MIN} characters.`} error={errors.newPassword?.message}>
        {(aria) => <input {...register('newPassword')} {...aria} type="password" autoComplete="new-password" minLength={PASSWORD_MIN} required />}
      </Field>
      <button type="submit" className="btn" disabled={isSubmitting}>
        {isSubmitting ? 'Please Wait...' : 'Change password'}
      </button>
      <FormAlert>{failure}</FormAlert>
    </form>
  );
}
