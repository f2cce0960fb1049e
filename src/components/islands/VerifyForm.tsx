/**
 * The verification form of /verify: the 6-digit code from the e-mail (sent as a number), Verify,
 * and Resend OTP with a 60-second countdown. Hydrated by `client:session="activationToken"`,
 * i.e. only while a registration waits for its code (the page explains what to do otherwise).
 * Success clears all of localStorage and goes to /login; a resend replaces the stored
 * activationToken and starts the countdown again.
 */
import { useEffect, useId, useState } from 'react';
import toast from 'react-hot-toast/headless';
import { postJson } from '../../lib/api';
import {
  account_already_verified,
  account_login,
  account_no_code,
  account_otp_resend_failed,
  account_otp_resent,
  account_please_wait,
  account_resend,
  account_resend_in,
  account_sending,
  account_something_wrong,
  account_verification_code,
  account_verification_code_hint,
  account_verified_flash,
  account_verify,
} from '../../i18n/messages';
import { pathIn } from '../../i18n/locales';
import { getLocale } from '../../paraglide/runtime.js';
import { setFlash } from '../../lib/flash';
import { RESEND_COOLDOWN_SECONDS, VerifySchema } from '../../lib/schemas/user';
import { ACTIVATION_KEY, clearStored, readStored, writeStored } from '../../stores/auth';
import { ONE_TIME_CODE_INPUT, codeAsNumber } from '../forms/code-input';
import { Field } from '../forms/Field';
import { FormAlert } from '../forms/FormAlert';
import { useSubmitForm } from '../forms/use-submit-form';
import ToastHost from './ToastHost';

const CodeSchema = VerifySchema.pick({ otp: true });
/** The code, read from what was typed as a number (`codeAsNumber`). */
interface CodeForm {
  otp: number;
}

export default function VerifyForm() {
  const id = useId();
  const [sending, setSending] = useState(false);
  // The countdown is kept as a deadline, so a tab the browser slowed down stays right.
  const [resendAt, setResendAt] = useState(() => Date.now() + RESEND_COOLDOWN_SECONDS * 1000);
  const [now, setNow] = useState(() => Date.now());
  const countdown = Math.max(0, Math.ceil((resendAt - now) / 1000));
  const restartCountdown = (seconds: number) => {
    const start = Date.now();
    setNow(start);
    setResendAt(start + seconds * 1000);
  };
  const { form, onSubmit, failure, busy, clear } = useSubmitForm<CodeForm, CodeForm>({
    schema: CodeSchema,
    send: ({ otp }) => postJson('/api/user/verify', { otp, activationToken: readStored(ACTIVATION_KEY) ?? '' }),
    idempotent: false,
    navigates: true,
    // The server's message says what is wrong with the code; it goes in the alert line.
    fields: [],
    messages: { failure: ({ data }) => data.message || account_something_wrong() },
    onSuccess: (data) => {
      clearStored();
      setFlash(data.message || account_verified_flash());
      location.assign(pathIn('/login', getLocale()));
    },
  });
  const {
    register,
    formState: { errors },
  } = form;

  // A tick a second while the countdown runs.
  const counting = countdown > 0;
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [counting, resendAt]);

  const onResend = async () => {
    setSending(true);
    const { ok, data, retryAfter } = await postJson<{ activationToken?: string }>('/api/user/resend-otp', {
      activationToken: readStored(ACTIVATION_KEY) ?? '',
    });
    setSending(false);
    if (ok) {
      if (data.activationToken) writeStored(ACTIVATION_KEY, data.activationToken);
      restartCountdown(RESEND_COOLDOWN_SECONDS);
      clear();
      toast.success(data.message || account_otp_resent());
      return;
    }
    // Inside the server's cooldown: count down the time it gives.
    if (retryAfter) restartCountdown(Math.min(retryAfter, RESEND_COOLDOWN_SECONDS));
    toast.error(data.message || account_otp_resend_failed());
  };

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit}>
      <ToastHost />
      <Field id={`${id}-otp`} label={account_verification_code()} hint={account_verification_code_hint()} error={errors.otp?.message}>
        {(aria) => <input {...register('otp', { setValueAs: codeAsNumber })} {...aria} {...ONE_TIME_CODE_INPUT} />}
      </Field>
      <button type="submit" className="btn auth-form__submit" disabled={busy}>
        {busy ? account_please_wait() : account_verify()}
      </button>
      <FormAlert>{failure}</FormAlert>
      <p className="auth-form__switch">
        {account_no_code()}{' '}
        <button type="button" className="link-button" onClick={onResend} disabled={sending || countdown > 0}>
          {sending ? account_sending() : countdown > 0 ? account_resend_in({ seconds: countdown }) : account_resend()}
        </button>
      </p>
      <p className="auth-form__switch">
        {account_already_verified()} <a href={pathIn('/login', getLocale())}>{account_login()}</a>
      </p>
    </form>
  );
}
