/**
 * The forgotten-password screen (/forgot-password), in two steps. First the e-mail address: the
 * server e-mails a 6-digit code and answers with a `resetToken`, which is kept in this island's
 * state only (browser storage holds exactly the spec's keys). Then the code and a new password:
 * success carries the server's message to /login and goes there. "Send a new code" leads back
 * to the first step with the address kept; sending again to the same address waits out the
 * server's cooldown (60 s, or the Retry-After of a 429), counting down on the button. A reset
 * that can no longer succeed (expired, too many wrong codes, a newer code sent) also leads back,
 * with the server's message. Opened from the link of the e-mail (`#link=…`), it asks only for the
 * new password: the link needs no code, so it works however many wrong codes strangers typed for
 * the address (decision 030). Hydrated on first use (`client:interact`).
 */
import { useEffect, useId, useReducer, useState } from 'react';
import toast from 'react-hot-toast/headless';
import type { z } from 'zod';
import { postJson } from '../../lib/api';
import {
  account_code_from_email,
  account_code_hint,
  account_code_sent_to,
  account_email,
  account_email_registered_hint,
  account_link_expired,
  account_login,
  account_new_password,
  account_no_code,
  account_password_changed_flash,
  account_password_hint,
  account_please_wait,
  account_remembered,
  account_reset_expired,
  account_send_code,
  account_send_code_in,
  account_send_new_code,
  account_set_password,
} from '../../i18n/messages';
import { pathIn } from '../../i18n/locales';
import { getLocale } from '../../paraglide/runtime.js';
import { setFlash } from '../../lib/flash';
import { ForgotPasswordSchema, OTP_VALID_MINUTES, PASSWORD_MIN, RESEND_COOLDOWN_SECONDS, ResetByLinkSchema, ResetPasswordSchema } from '../../lib/schemas/user';
import { ONE_TIME_CODE_INPUT, codeAsNumber } from '../forms/code-input';
import { Field } from '../forms/Field';
import { FormAlert } from '../forms/FormAlert';
import { useSubmitForm } from '../forms/use-submit-form';
import ToastHost from './ToastHost';

const CodeSchema = ResetPasswordSchema.omit({ resetToken: true });
const LinkPasswordSchema = ResetByLinkSchema.omit({ link: true });

/** The token of the e-mail's link in the page's address (`#link=…`), or ''. */
const linkInAddress = () => /^#link=([A-Za-z0-9._-]+)$/.exec(location.hash)?.[1] ?? '';

/** No more codes to this address before `until` (a time in ms). */
interface Cooldown {
  email: string;
  until: number;
}

/** A code sent: to which address, the token that goes with it, and what the server said. */
interface Sent {
  email: string;
  resetToken: string;
  notice: string;
}

/** Whole seconds until `deadline` (ms), re-rendering each second while there are any. */
function useSecondsUntil(deadline: number): number {
  const [, tick] = useReducer((n: number) => n + 1, 0);
  const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  const counting = left > 0;
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [counting, deadline]);
  return left;
}

export default function ForgotPasswordForm() {
  const [sent, setSent] = useState<Sent | null>(null);
  // The address to show again in the first step, and the message that sent the student back.
  const [email, setEmail] = useState('');
  const [carried, setCarried] = useState('');
  const [cooldown, setCooldown] = useState<Cooldown | null>(null);
  // Moving between the steps moves the focus to the new step's first field.
  const [moved, setMoved] = useState(false);
  const [link, setLink] = useState('');
  useEffect(() => {
    const token = linkInAddress();
    if (!token) return;
    setLink(token);
    // The token leaves the address bar (and so the history and a shared screenshot).
    history.replaceState(null, '', location.pathname);
  }, []);

  const wait = (address: string, seconds: number) => setCooldown({ email: address, until: Date.now() + seconds * 1000 });
  const onSent = (next: Sent) => {
    wait(next.email, RESEND_COOLDOWN_SECONDS);
    setCarried('');
    setSent(next);
    setMoved(true);
  };
  const back = (message = '') => {
    setEmail(sent?.email ?? email);
    setCarried(message);
    setSent(null);
    setMoved(true);
    if (message) toast.error(message);
  };

  return (
    <>
      <ToastHost />
      <p className="auth-form__notice" role="status">
        {sent?.notice}
      </p>
      {link ? (
        <LinkStep
          link={link}
          onBack={(message) => {
            setLink('');
            back(message);
          }}
        />
      ) : sent ? (
        <CodeStep sent={sent} focus={moved} onBack={back} />
      ) : (
        <EmailStep email={email} carried={carried} cooldown={cooldown} focus={moved} onSent={onSent} onWait={wait} />
      )}
    </>
  );
}

interface EmailStepProps {
  /** The address to fill in (coming back from the second step). */
  email: string;
  /** A message that sent the student back here. */
  carried: string;
  cooldown: Cooldown | null;
  focus: boolean;
  onSent: (sent: Sent) => void;
  onWait: (email: string, seconds: number) => void;
}

/** Step 1: the e-mail address to send a code to. */
function EmailStep({ email, carried, cooldown, focus, onSent, onWait }: EmailStepProps) {
  const id = useId();
  // Without an address to fill in, no default values: what a visitor typed before the island
  // woke up stays in the field.
  const { form, onSubmit, failure, busy } = useSubmitForm<z.input<typeof ForgotPasswordSchema>, z.output<typeof ForgotPasswordSchema>, { resetToken?: string }>(
    {
      schema: ForgotPasswordSchema,
      defaultValues: email ? { email } : undefined,
      endpoint: '/api/user/forgot-password',
      idempotent: false,
      resetOnSuccess: false,
      accept: ({ ok, data }) => ok && !!data.resetToken,
      onSuccess: (data, values) =>
        onSent({
          email: values.email,
          resetToken: data.resetToken ?? '',
          notice: data.message || account_code_sent_to({ email: values.email }),
        }),
      onFailure: ({ status, retryAfter }, values) => {
        if (status === 429 && retryAfter) onWait(values.email, retryAfter);
      },
    },
  );
  const {
    register,
    setFocus,
    watch,
    formState: { errors },
  } = form;
  useEffect(() => {
    if (focus) setFocus('email');
  }, [focus, setFocus]);

  // The cooldown holds for the address it was given for; another address may be sent at once.
  const typed = (watch('email') ?? '').trim().toLowerCase();
  const secondsLeft = useSecondsUntil(cooldown && cooldown.email === typed ? cooldown.until : 0);

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit}>
      <Field id={`${id}-email`} label={account_email()} hint={account_email_registered_hint()} error={errors.email?.message}>
        {(aria) => <input {...register('email')} {...aria} type="email" autoComplete="email" required />}
      </Field>
      <button type="submit" className="btn auth-form__submit" disabled={busy || secondsLeft > 0}>
        {busy ? account_please_wait() : secondsLeft > 0 ? account_send_code_in({ seconds: secondsLeft }) : account_send_code()}
      </button>
      <FormAlert>{failure || carried}</FormAlert>
      <p className="auth-form__switch">
        {account_remembered()} <a href={pathIn('/login', getLocale())}>{account_login()}</a>
      </p>
    </form>
  );
}

interface CodeStepProps {
  sent: Sent;
  focus: boolean;
  /** Back to the first step, with the message that explains why, if any. */
  onBack: (message?: string) => void;
}

/** After a reset, by code or by link: to the login page with the server's words. */
function toLogin(data: { message?: string }) {
  setFlash(data.message || account_password_changed_flash());
  location.assign(pathIn('/login', getLocale()));
}

/** Step 2: the e-mailed code and the new password. */
function CodeStep({ sent, focus, onBack }: CodeStepProps) {
  const id = useId();
  const { form, onSubmit, failure, busy } = useSubmitForm<z.input<typeof CodeSchema>, z.output<typeof CodeSchema>, { attemptsLeft?: number }>({
    schema: CodeSchema,
    send: ({ otp, password }) => postJson('/api/user/reset-password', { resetToken: sent.resetToken, otp, password }),
    idempotent: false,
    navigates: true,
    onSuccess: toLogin,
    onFailure: ({ status, data }) => {
      // Expired, too many wrong codes, a newer code sent, or a token the server cannot read: this
      // code can no longer work, so back to asking for a new one.
      const fieldErrors = data.errors ? Object.keys(data.errors) : [];
      const dead =
        status === 410 ||
        data.attemptsLeft === 0 ||
        (status === 400 && data.attemptsLeft === undefined && (!fieldErrors.length || fieldErrors.includes('resetToken')));
      if (!dead) return;
      onBack(data.message || account_reset_expired());
      return 'handled';
    },
  });
  const {
    register,
    setFocus,
    formState: { errors },
  } = form;
  useEffect(() => {
    if (focus) setFocus('otp');
  }, [focus, setFocus]);

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit}>
      <input type="email" name="username" autoComplete="username" value={sent.email} readOnly hidden />
      <Field id={`${id}-otp`} label={account_code_from_email()} hint={account_code_hint({ minutes: OTP_VALID_MINUTES })} error={errors.otp?.message}>
        {(aria) => <input {...register('otp', { setValueAs: codeAsNumber })} {...aria} {...ONE_TIME_CODE_INPUT} />}
      </Field>
      <Field id={`${id}-password`} label={account_new_password()} hint={account_password_hint({ min: PASSWORD_MIN })} error={errors.password?.message}>
        {(aria) => <input {...register('password')} {...aria} type="password" autoComplete="new-password" minLength={PASSWORD_MIN} required />}
      </Field>
      <button type="submit" className="btn auth-form__submit" disabled={busy}>
        {busy ? account_please_wait() : account_set_password()}
      </button>
      <FormAlert>{failure}</FormAlert>
      <p className="auth-form__switch">
        {account_no_code()}{' '}
        <button type="button" className="link-button" onClick={() => onBack()} disabled={busy}>
          {account_send_new_code()}
        </button>
      </p>
    </form>
  );
}

interface LinkStepProps {
  link: string;
  /** Back to asking for a new e-mail, with the server's message. */
  onBack: (message?: string) => void;
}

/** Opened from the e-mail's link: only the new password. */
function LinkStep({ link, onBack }: LinkStepProps) {
  const id = useId();
  const { form, onSubmit, failure, busy } = useSubmitForm<z.input<typeof LinkPasswordSchema>, z.output<typeof LinkPasswordSchema>>({
    schema: LinkPasswordSchema,
    send: ({ password }) => postJson('/api/user/reset-password', { link, password }),
    idempotent: false,
    navigates: true,
    onSuccess: toLogin,
    onFailure: ({ status, data }) => {
      // Used, expired, superseded or not readable: this link can no longer work.
      const fieldErrors = data.errors ? Object.keys(data.errors) : [];
      if (status !== 409 && status !== 410 && (status !== 400 || fieldErrors.includes('password'))) return;
      onBack(data.message || account_link_expired());
      return 'handled';
    },
  });
  const {
    register,
    setFocus,
    formState: { errors },
  } = form;
  // Opened from the e-mail, the new password is all there is to type.
  useEffect(() => setFocus('password'), [setFocus]);

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit}>
      <Field id={`${id}-password`} label={account_new_password()} hint={account_password_hint({ min: PASSWORD_MIN })} error={errors.password?.message}>
        {(aria) => <input {...register('password')} {...aria} type="password" autoComplete="new-password" minLength={PASSWORD_MIN} required />}
      </Field>
      <button type="submit" className="btn auth-form__submit" disabled={busy}>
        {busy ? account_please_wait() : account_set_password()}
      </button>
      <FormAlert>{failure}</FormAlert>
    </form>
  );
}
