/**
 * The public status page's form (/applicationStatus): the application's reference and the mobile
 * number it was sent with → POST /api/applications/status → the status and what it means. Checked
 * with the endpoint's own schema; the server's answers are shown as it gives them (a wrong pair,
 * too many tries). Nothing personal comes back, so nothing personal is shown. Hydrated on first
 * use (`client:interact`), without default values, so what was typed before stays. Opened from
 * the status link of the confirmation e-mail (`#reference=…&key=…`), it hydrates at once and
 * shows the status without the mobile number (decision 030).
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { z } from 'zod';
import { postJson } from '../../lib/api';
import { StatusQuerySchema, type StatusAnswer } from '../../lib/schemas/application-status';
import { Field } from '../forms/Field';
import { FormAlert } from '../forms/FormAlert';
import { useSubmitForm } from '../forms/use-submit-form';
import { pageTag } from '../forms/page-locale';
import { appstatus_link_failed } from '../../i18n/messages';

interface Props {
  labels: { reference: string; referenceHint: string; mobile: string; mobileHint: string; submit: string; sending: string; linkFailed: string };
  /** The answer's heading and the names of its lines. */
  answer: { heading: string; reference: string; form: string; status: string; updated: string };
}

/** When the status changed, in India's time, e.g. "24 Nov 2026, 10:15 am" ("24 नव॰ 2026, 10:15 am" in Hindi). */
const when = (iso: string) => new Intl.DateTimeFormat(pageTag(), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(new Date(iso));

export default function ApplicationStatusForm({ labels, answer: names }: Props) {
  const id = useId();
  const [answer, setAnswer] = useState<StatusAnswer | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { form, onSubmit, state, failure, busy } = useSubmitForm<z.input<typeof StatusQuerySchema>, z.output<typeof StatusQuerySchema>, StatusAnswer>({
    schema: StatusQuerySchema,
    endpoint: '/api/applications/status',
    // A question, not a record to store: nothing to make safe to repeat.
    idempotent: false,
    // The applicant may look again later, or correct a digit.
    resetOnSuccess: false,
    // The button says it is checking; the answer shows the status.
    messages: { success: '' },
    // Said in the form, beside what it is about.
    toasts: { failure: false },
    onSuccess: (data) => setAnswer(data),
  });
  const {
    register,
    formState: { errors },
  } = form;
  // The answer to the status link the page was opened with, or what went wrong with it.
  const [linked, setLinked] = useState<StatusAnswer | null>(null);
  const [linkFailure, setLinkFailure] = useState('');
  useEffect(() => {
    const params = new URLSearchParams(location.hash.slice(1));
    const reference = params.get('reference');
    const key = params.get('key');
    if (!reference || !key) return;
    // The key leaves the address bar (and so the history and a shared screenshot).
    history.replaceState(null, '', location.pathname);
    void postJson<StatusAnswer>('/api/applications/status', { reference, key }).then((result) => {
      if (result.ok) setLinked(result.data);
      else setLinkFailure(result.data.message || appstatus_link_failed());
    });
    // A fixed string from the page: the link is read once, when the form appears.
  }, [labels.linkFailed]);
  const shown = state === 'success' ? answer : linked;

  // The answer takes the focus when it appears, so it is read out and the keyboard starts there.
  useEffect(() => {
    if (shown) heading.current?.focus();
  }, [shown]);

  return (
    <>
      <form className="status-form" method="post" noValidate onSubmit={onSubmit}>
        <Field
          as="input"
          id={`${id}-reference`}
          label={labels.reference}
          hint={labels.referenceHint}
          error={errors.reference?.message}
          inputProps={{
            ...register('reference'),
            type: 'text',
            autoComplete: 'off',
            autoCapitalize: 'characters',
            spellCheck: false,
            maxLength: 30,
            required: true,
          }}
        />
        <Field
          as="input"
          id={`${id}-mobile`}
          label={labels.mobile}
          hint={labels.mobileHint}
          error={errors.mobile?.message}
          inputProps={{ ...register('mobile'), type: 'tel', inputMode: 'numeric', autoComplete: 'tel-national', maxLength: 16, required: true }}
        />
        <button type="submit" className="btn btn--accent" disabled={busy}>
          {busy ? labels.sending : labels.submit}
        </button>
        <FormAlert>{failure || linkFailure}</FormAlert>
      </form>
      {shown && (
        <section className="status-answer card" aria-labelledby={`${id}-answer`}>
          <h2 id={`${id}-answer`} ref={heading} tabIndex={-1}>
            {names.heading}
          </h2>
          <dl>
            <dt>{names.reference}</dt>
            <dd>{shown.reference}</dd>
            <dt>{names.form}</dt>
            <dd>{shown.form}</dd>
            <dt>{names.status}</dt>
            <dd>
              <strong className={`status-answer__status status-answer__status--${shown.status}`}>{shown.statusLabel}</strong>
              <span className="status-answer__meaning">{shown.meaning}</span>
            </dd>
            <dt>{names.updated}</dt>
            <dd>
              <time dateTime={shown.updatedAt}>{when(shown.updatedAt)}</time>
            </dd>
          </dl>
        </section>
      )}
    </>
  );
}
