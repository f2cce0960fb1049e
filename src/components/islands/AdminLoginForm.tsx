/**
 * Staff sign-in (/adminLogin), in one island and up to three steps:
 * 1. e-mail and password (POST /api/admin/login); a failure shows the server's `error` text, else
 *    'Something went wrong'. An account locked by wrong passwords (429) is offered a recovery code
 *    beside the password, which signs in at once (decision 030);
 * 2. the second factor: at a first sign-in, setting up the authenticator app (GET
 *    /api/admin/enrol: the QR code and the key as text; POST with the app's code), then the 10
 *    recovery codes, shown once, until "I have saved them"; otherwise the app's code or a recovery
 *    code (POST /api/admin/verify);
 * 3. the `adminToken` marker is stored and the admin app opens: on the screen where the session
 *    ended, when it ended under the app (its unsaved work waits there), else /adminPanel.
 * After a reload between the steps, GET /api/admin/me says where the sign-in stands. Hydrated on
 * first use, or at once when this tab has a sign-in under way (see adminLogin.astro). None of the
 * admin app's code is here.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast/headless';
import type { z } from 'zod';
import { getJson, postJson, type ApiResult } from '../../lib/api';
import { setFlash } from '../../lib/flash';
import { ADMIN_MARKER, SecondFactorSchema, StaffLoginSchema, type SecondFactorInput, type StaffLoginInput } from '../../lib/schemas/staff';
import { clearAdminMarker, hasAdminMarker, markSignedIn, pendingSignIn, setPendingSignIn, takeReturnPath } from '../../stores/admin-session';
import AdminRecoveryCodes from './AdminRecoveryCodes';
import { Field } from '../forms/Field';
import { FormAlert } from '../forms/FormAlert';
import { useSubmitForm } from '../forms/use-submit-form';
import ToastHost from './ToastHost';

/** Where the admin app opens after signing in. */
const APP = '/adminPanel';
/** Said when the server gave no `error` (the spec's words). */
const FALLBACK = 'Something went wrong';

type Step = { kind: 'password' } | { kind: 'checking' } | { kind: 'enrol' } | { kind: 'verify' } | { kind: 'codes'; codes: string[]; message: string };

/** What GET /api/admin/enrol answers. */
interface Enrolment {
  secret: string;
  uri: string;
  qrSvg: string;
}

/** The failure text of an answer: the server's `error`, else its message, else the spec's fallback. */
const failureOf = (data: { error?: string; message?: string }) => data.error || data.message || FALLBACK;

/** Opens the admin app (the screen a lost session left, if any), carrying the server's welcome to it. */
function enterApp(message: string) {
  markSignedIn(ADMIN_MARKER);
  if (message) setFlash(message);
  location.assign(takeReturnPath() ?? APP);
}

export default function AdminLoginForm() {
  const [step, setStep] = useState<Step>({ kind: 'password' });
  // Set once the visitor has moved on from the first step: each new step then takes the focus.
  const moved = useRef(false);

  const go = (next: Step) => {
    moved.current = true;
    setStep(next);
  };

  // A sign-in under way in this tab (or a browser still marked as signed in): ask the server.
  useEffect(() => {
    if (!pendingSignIn() && !hasAdminMarker()) return;
    setStep({ kind: 'checking' });
    void getJson<{ stage?: string }>('/api/admin/me').then(({ ok, status, data }) => {
      if (ok && data.stage === 'signed-in') return enterApp('');
      if (ok && (data.stage === 'verify' || data.stage === 'enrol')) return go({ kind: data.stage });
      if (status === 401) clearAdminMarker();
      go({ kind: 'password' });
    });
  }, []);

  const startAgain = async () => {
    // Ends the half-done session on the server, so its cookie is worth nothing.
    await postJson('/api/admin/logout', {});
    setPendingSignIn(null);
    go({ kind: 'password' });
  };

  return (
    <div className="admin-signin">
      <ToastHost />
      {step.kind === 'password' && <PasswordStep onNext={(next) => go({ kind: next })} />}
      {step.kind === 'checking' && (
        <p role="status" className="admin-signin__checking">
          Checking your sign-in…
        </p>
      )}
      {step.kind === 'enrol' && (
        <EnrolStep
          heading={<StepHeading focus={moved.current}>Set up your authenticator app</StepHeading>}
          onEnrolled={(codes, message) => go({ kind: 'codes', codes, message })}
          onAlreadyEnrolled={() => go({ kind: 'verify' })}
          onStartAgain={startAgain}
        />
      )}
      {step.kind === 'verify' && <VerifyStep heading={<StepHeading focus={moved.current}>Enter your code</StepHeading>} onStartAgain={startAgain} />}
      {step.kind === 'codes' && (
        <AdminRecoveryCodes
          heading={<StepHeading focus={moved.current}>Save your recovery codes</StepHeading>}
          codes={step.codes}
          onDone={() => enterApp(step.message)}
        />
      )}
    </div>
  );
}

/**
 * The heading of a step. With `focus`, it takes the focus when it appears, so a screen reader
 * announces the new step and the keyboard starts there.
 */
function StepHeading({ focus, children }: { focus: boolean; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
    // On appearing only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <h2 ref={ref} tabIndex={-1} className="admin-signin__step">
      {children}
    </h2>
  );
}

/** Step 1: e-mail and password. */
function PasswordStep({ onNext }: { onNext: (next: 'verify' | 'enrol') => void }) {
  const id = useId();
  // Offered after a lockout (429), or asked for: a recovery code beside the password.
  const [withRecovery, setWithRecovery] = useState(false);
  // No default values: what was typed before the island woke up stays in the fields.
  const { form, onSubmit, failure, busy } = useSubmitForm<StaffLoginInput, z.output<typeof StaffLoginSchema>, { next?: string }>({
    schema: StaffLoginSchema,
    endpoint: '/api/admin/login',
    idempotent: false,
    resetOnSuccess: false,
    accept: ({ ok, data }) => ok && (data.next === 'verify' || data.next === 'enrol' || data.next === 'done'),
    onSuccess: (data) => {
      if (data.next === 'done') {
        setPendingSignIn(null);
        return enterApp(data.message ?? '');
      }
      const next = data.next as 'verify' | 'enrol';
      setPendingSignIn(next);
      if (data.message) toast.success(data.message);
      onNext(next);
    },
    messages: { failure: ({ ok, data }) => (ok ? FALLBACK : failureOf(data)) },
    onFailure: ({ status }) => {
      if (status === 429) setWithRecovery(true);
    },
  });
  const {
    register,
    formState: { errors },
  } = form;

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit}>
      <Field id={`${id}-email`} label="Email" error={errors.email?.message}>
        {(aria) => <input {...register('email')} {...aria} type="email" autoComplete="username" required />}
      </Field>
      <Field id={`${id}-password`} label="Password" error={errors.password?.message}>
        {(aria) => <input {...register('password')} {...aria} type="password" autoComplete="current-password" required />}
      </Field>
      {withRecovery && (
        <Field
          id={`${id}-recovery`}
          label="Recovery code"
          hint="One of the codes you saved when you set up your authenticator app, like abcde-12345. It signs you in at once, and works once."
          error={errors.recoveryCode?.message}
        >
          {(aria) => <input {...register('recoveryCode')} {...aria} type="text" autoComplete="off" autoCapitalize="none" spellCheck={false} required />}
        </Field>
      )}
      <button type="submit" className="btn auth-form__submit" disabled={busy}>
        {busy ? 'Please Wait...' : 'Login'}
      </button>
      <FormAlert>{failure}</FormAlert>
      {!withRecovery && (
        <p className="auth-form__switch">
          Account locked?{' '}
          <button type="button" className="link-button" onClick={() => setWithRecovery(true)}>
            Sign in with a recovery code
          </button>
        </p>
      )}
    </form>
  );
}

/** The code form of the second step (enrolment and verification alike). */
function CodeForm({
  action,
  label,
  hint,
  submitLabel,
  onAnswer,
}: {
  action: string;
  label: string;
  hint: string;
  submitLabel: string;
  onAnswer: (result: ApiResult<Record<string, unknown>>) => void;
}) {
  const id = useId();
  const { form, onSubmit, failure, busy } = useSubmitForm<SecondFactorInput, z.output<typeof SecondFactorSchema>, Record<string, unknown>>({
    schema: SecondFactorSchema,
    endpoint: action,
    idempotent: false,
    resetOnSuccess: false,
    messages: { failure: ({ data }) => failureOf(data) },
    onSuccess: (_data, _values, result) => onAnswer(result),
    onFailure: (result) => {
      onAnswer(result);
      // A wrong code is said under the field, not in the alert line as well.
      const codeError = result.data.errors?.['code'];
      if (!codeError) return;
      form.setError('code', { type: 'server', message: codeError });
      return 'handled';
    },
  });
  const {
    register,
    formState: { errors },
  } = form;

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit}>
      <Field id={`${id}-code`} label={label} hint={hint} error={errors.code?.message}>
        {(aria) => <input {...register('code')} {...aria} type="text" autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} required />}
      </Field>
      <button type="submit" className="btn auth-form__submit" disabled={busy}>
        {busy ? 'Please Wait...' : submitLabel}
      </button>
      <FormAlert>{failure}</FormAlert>
    </form>
  );
}

/** The key in groups of four, as authenticator apps show and accept it. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** Step 2 at a first sign-in: the QR code (and the key as text), then the app's first code. */
function EnrolStep({
  heading,
  onEnrolled,
  onAlreadyEnrolled,
  onStartAgain,
}: {
  heading: ReactNode;
  onEnrolled: (codes: string[], message: string) => void;
  onAlreadyEnrolled: () => void;
  onStartAgain: () => void;
}) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [failure, setFailure] = useState('');

  useEffect(() => {
    void getJson<Partial<Enrolment> & { next?: string }>('/api/admin/enrol').then(({ ok, status, data }) => {
      if (ok && data.secret && data.uri && data.qrSvg) return setEnrolment({ secret: data.secret, uri: data.uri, qrSvg: data.qrSvg });
      if (status === 409 && data.next === 'verify') return onAlreadyEnrolled();
      if (status === 401) {
        setPendingSignIn(null);
        setFailure('Your sign-in has expired. Please start again.');
        return;
      }
      setFailure(failureOf(data));
    });
    // Loaded once per visit of the step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The SVG has paths only; as an image it runs nothing, and `img-src data:` allows it.
  const qr = enrolment ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}` : '';

  return (
    <section className="admin-signin__enrol">
      {heading}
      <ol className="admin-signin__steps">
        <li>Install an authenticator app on your phone (Google Authenticator, Microsoft Authenticator or any app for 6-digit codes).</li>
        <li>
          In the app, add an account and scan this QR code.
          {enrolment ? (
            <>
              <img className="admin-signin__qr" src={qr} width={200} height={200} alt="QR code of your staff account, for your authenticator app" />
              <span className="admin-signin__manual">
                Cannot scan it? Type this key into the app instead:{' '}
                <code className="admin-signin__secret" data-secret={enrolment.secret}>
                  {grouped(enrolment.secret)}
                </code>
              </span>
              <a className="admin-signin__applink" href={enrolment.uri}>
                Open the key in an authenticator app on this phone
              </a>
            </>
          ) : (
            !failure && <span role="status"> Loading the QR code…</span>
          )}
        </li>
        <li>Type the 6-digit code the app shows for this account.</li>
      </ol>
      {failure && <FormAlert>{failure}</FormAlert>}
      {enrolment && (
        <CodeForm
          action="/api/admin/enrol"
          label="Code from the app"
          hint="6 digits; a new one every 30 seconds."
          submitLabel="Confirm"
          onAnswer={({ ok, status, data }) => {
            if (ok && Array.isArray(data['recoveryCodes'])) return onEnrolled(data['recoveryCodes'] as string[], data.message ?? '');
            if (status === 409 && data['next'] === 'verify') onAlreadyEnrolled();
          }}
        />
      )}
      <p className="auth-form__switch">
        <button type="button" className="link-button" onClick={onStartAgain}>
          Start again
        </button>
      </p>
    </section>
  );
}

/** Step 2 once the app is set up: its code, or a recovery code. */
function VerifyStep({ heading, onStartAgain }: { heading: ReactNode; onStartAgain: () => void }) {
  return (
    <section>
      {heading}
      <p>Type the 6-digit code your authenticator app shows, or one of your recovery codes if you do not have your phone.</p>
      <CodeForm
        action="/api/admin/verify"
        label="Code"
        hint="6 digits from the app, or a recovery code such as abcde-12345."
        submitLabel="Verify"
        onAnswer={({ ok, status, data }) => {
          if (ok) return enterApp(data.message ?? '');
          if (status === 409 && data['next'] === 'enrol') location.reload();
        }}
      />
      <p className="auth-form__switch">
        <button type="button" className="link-button" onClick={onStartAgain}>
          Start again
        </button>
      </p>
    </section>
  );
}
