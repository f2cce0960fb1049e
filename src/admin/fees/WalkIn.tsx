/**
 * Walk-in admission (/fees/walk-in; an Owner or Accountant, 'admit'): one screen adds a student,
 * puts them in a batch with a free seat from today and collects the first instalment, without the
 * leads inbox (POST /api/admin/walk-in, one transaction). Typing the mobile says at once whether
 * a student already has it (open them instead) or the person enquired before (that enquiry is
 * closed as admitted). Choosing a batch shows its seats left and the dues its fee plan makes from
 * today, and fills in the first instalment. The fill and its Idempotency-Key stay in this tab until
 * the admission succeeds, so a tap again or a retry after a dropped answer admits once. After it:
 * the receipt, to open and print, and its WhatsApp message in the student's language.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { formatIndiaDay } from '../../lib/india-time';
import { formatRupees, rupeeFigure } from '../../lib/money';
import { timeRange } from '../../lib/batch-words';
import { fieldErrorsOf } from '../../lib/schemas/field-errors';
import { RupeesSchema } from '../../lib/schemas/fees';
import { WalkInSchema, type WalkInAnswer, type WalkInChoices, type WalkInLookup } from '../../lib/schemas/walk-in';
import WhatsAppNotice from '../ui/WhatsAppNotice';
import { ApiError, api, messageOf } from '../api';
import { feesStudentPath } from '../routes';
import PanelHeading from '../ui/PanelHeading';
import PaymentFields from './PaymentFields';
import { clearWalkInDraft, readWalkInDraft, saveWalkInDraft, type WalkInDraft } from './walk-in-draft';
import './fees.css';
import { fieldErrors, useFocusFirstError } from '../ui/field-errors';

/** A fresh fill with a new Idempotency-Key. */
const freshDraft = (): WalkInDraft => ({
  key: crypto.randomUUID(),
  name: '',
  phone: '',
  email: '',
  guardianName: '',
  guardianPhone: '',
  language: 'en',
  courseId: '',
  batchId: '',
  amount: '',
  mode: 'cash',
  utr: '',
  chequeNumber: '',
  advance: false,
});

/** The ten digits of a mobile number as typed, or '' while it is not one. */
const mobileOf = (typed: string) => {
  const digits = typed.replace(/\D/g, '').replace(/^(91|0)(?=\d{10}$)/, '');
  return /^[6-9]\d{9}$/.test(digits) ? digits : '';
};

export default function WalkIn() {
  const id = useId();
  const [draft, setDraft] = useState<WalkInDraft>(() => readWalkInDraft() ?? freshDraft());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [existing, setExisting] = useState<{ id: string; name: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<WalkInAnswer | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  const choices = useQuery({ queryKey: ['walk-in'], queryFn: () => api<WalkInChoices>('/api/admin/walk-in'), staleTime: 0 });
  const mobile = mobileOf(draft.phone);
  const lookup = useQuery({
    queryKey: ['walk-in', 'mobile', mobile],
    queryFn: () => api<WalkInLookup>(`/api/admin/walk-in?mobile=${mobile}`),
    enabled: mobile !== '' && !done,
    staleTime: 0,
  });
  const onFile = existing ?? lookup.data?.student ?? null;
  const enquiry = lookup.data?.enquiry ?? null;

  const course = choices.data?.courses.find((c) => c.id === draft.courseId) ?? null;
  const batch = course?.batches.find((b) => b.id === draft.batchId) ?? null;
  const planTotal = useMemo(() => batch?.dues?.reduce((sum, d) => sum + d.amountPaise, 0) ?? 0, [batch]);

  /** Changes the fill and keeps it (with its key) in this tab. */
  const change = (patch: Partial<WalkInDraft>) =>
    setDraft((current) => {
      const next = { ...current, ...patch };
      saveWalkInDraft(next);
      return next;
    });

  // A person who enquired gets their messages in the language they used (the choice comes after the mobile, and staff may change it).
  useEffect(() => {
    if (enquiry && enquiry.language !== draft.language) change({ language: enquiry.language });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enquiry?.leadId]);

  useFocusFirstError(formRef, errors);

  useEffect(() => {
    if (done) resultRef.current?.focus();
  }, [done]);

  /** A batch chosen: its first instalment is what the counter collects. */
  const chooseBatch = (batchId: string) => {
    const first = course?.batches.find((b) => b.id === batchId)?.dues?.[0];
    change({ batchId, amount: first ? rupeeFigure(first.amountPaise).replace(/\.00$/, '') : draft.amount });
  };

  const send = async () => {
    const body = {
      name: draft.name,
      phone: draft.phone,
      email: draft.email,
      guardianName: draft.guardianName,
      guardianPhone: draft.guardianPhone,
      language: draft.language,
      batchId: draft.batchId,
      amount: draft.amount,
      mode: draft.mode,
      utr: draft.mode === 'upi' || draft.mode === 'bank' ? draft.utr : '',
      chequeNumber: draft.mode === 'cheque' ? draft.chequeNumber : '',
      advance: draft.advance,
    };
    // The function's own schema, here first: a mistake is told at once, and nothing is sent.
    const checked = WalkInSchema.safeParse(body);
    if (!checked.success) {
      setErrors(fieldErrorsOf(checked.error.issues));
      setFailure('Please check the form: nothing was saved.');
      return;
    }
    saveWalkInDraft(draft);
    setBusy(true);
    setErrors({});
    setFailure('');
    setExisting(null);
    try {
      const answer = await api<WalkInAnswer>('/api/admin/walk-in', { body, headers: { 'idempotency-key': draft.key } });
      clearWalkInDraft();
      setDone(answer);
      void choices.refetch();
    } catch (error) {
      // Everything typed, and the key, stay: trying again admits at most once.
      const data = error instanceof ApiError ? error.data : {};
      const found = data['existing'] as { id: string; name: string } | undefined;
      if (found) setExisting(found);
      const fields = data.errors ?? {};
      setErrors(fields);
      setFailure(
        Object.keys(fields).length
          ? `${Object.values(fields).join(' ')} Nothing was saved.`
          : messageOf(error, 'The admission could not be saved. Please try again: nothing was saved.'),
      );
      if (error instanceof ApiError && error.status === 409) void choices.refetch();
    } finally {
      setBusy(false);
    }
  };

  const startAnother = () => {
    clearWalkInDraft();
    setDraft(freshDraft());
    setDone(null);
    setErrors({});
    setFailure('');
    setExisting(null);
  };

  const { field, errorOf } = fieldErrors(id, errors);

  if (done)
    return (
      <section className="admin-panel">
        <PanelHeading title="Walk-in admission" />
        <div className="fee-receipt-made" role="status" tabIndex={-1} ref={resultRef}>
          <p>
            <strong>{done.message}</strong>
          </p>
          <div className="btn-row">
            <a className="btn btn--sm" href={`/fees/receipt/${encodeURIComponent(done.receipt.id)}`} target="_blank" rel="noopener">
              Open receipt {done.receipt.number}
            </a>
          </div>
          <WhatsAppNotice notice={done.notice} what={`about receipt ${done.receipt.number}`} />
          <div className="btn-row">
            <Link className="btn btn--sm btn--outline" href={feesStudentPath(done.student.id)}>
              {done.student.name}’s fees
            </Link>
            <button type="button" className="btn btn--sm btn--outline" onClick={startAnother}>
              Admit another walk-in
            </button>
          </div>
        </div>
      </section>
    );

  const shown = RupeesSchema('the amount').safeParse(draft.amount);
  return (
    <section className="admin-panel">
      <PanelHeading title="Walk-in admission" />
      <p className="form-hint">A new student, a seat in a batch from today and the first instalment, in one step.</p>
      <form ref={formRef} className="fee-collect" onSubmit={(event: FormEvent) => (event.preventDefault(), void send())} noValidate>
        <fieldset className="form-field">
          <legend className="admin-subheading">The student</legend>
          <div className="form-field">
            <label htmlFor={`${id}-name`}>Name</label>
            <input
              id={`${id}-name`}
              value={draft.name}
              onChange={(e) => change({ name: e.target.value })}
              autoComplete="off"
              maxLength={100}
              {...field('name')}
            />
            {errorOf('name')}
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-phone`}>Mobile</label>
            <input
              id={`${id}-phone`}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              value={draft.phone}
              onChange={(e) => (change({ phone: e.target.value }), setExisting(null))}
              maxLength={20}
              {...field('phone')}
            />
            {errorOf('phone')}
            {onFile ? (
              <p className="fee-repeat" role="status">
                {onFile.name} is already a student with this mobile number. <Link href={feesStudentPath(onFile.id)}>Open {onFile.name}’s fees</Link> instead of
                adding them again.
              </p>
            ) : enquiry ? (
              <p className="form-hint" role="status">
                {enquiry.name} enquired with this mobile ({enquiry.reference}, {enquiry.statusWords}). Admitting links the enquiry and closes it as admitted.
              </p>
            ) : null}
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-email`}>E-mail (optional)</label>
            <input
              id={`${id}-email`}
              type="email"
              autoComplete="off"
              value={draft.email}
              onChange={(e) => change({ email: e.target.value })}
              {...field('email')}
            />
            {errorOf('email')}
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-guardian`}>Guardian’s name (for students under 18)</label>
            <input
              id={`${id}-guardian`}
              autoComplete="off"
              value={draft.guardianName}
              onChange={(e) => change({ guardianName: e.target.value })}
              maxLength={100}
              {...field('guardianName')}
            />
            {errorOf('guardianName')}
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-guardian-phone`}>Guardian’s mobile</label>
            <input
              id={`${id}-guardian-phone`}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              value={draft.guardianPhone}
              onChange={(e) => change({ guardianPhone: e.target.value })}
              maxLength={20}
              {...field('guardianPhone')}
            />
            {errorOf('guardianPhone')}
          </div>
          <fieldset className="form-field">
            <legend>Messages to the student in</legend>
            <div className="btn-row" role="radiogroup">
              {(['en', 'hi'] as const).map((language) => (
                <label key={language} className={`btn btn--sm${draft.language === language ? '' : ' btn--outline'}`}>
                  <input
                    type="radio"
                    name={`${id}-language`}
                    value={language}
                    checked={draft.language === language}
                    onChange={() => change({ language })}
                    className="sr-only"
                  />
                  {language === 'hi' ? <span lang="hi">हिन्दी</span> : 'English'}
                </label>
              ))}
            </div>
          </fieldset>
        </fieldset>

        <fieldset className="form-field">
          <legend className="admin-subheading">The batch</legend>
          {choices.isPending ? (
            <p role="status">Loading the batches...</p>
          ) : choices.isError ? (
            <p className="form-error" role="alert">
              {messageOf(choices.error, 'The batches could not be loaded. Please reload the page.')}
            </p>
          ) : choices.data.courses.length === 0 ? (
            <p>No batch has a free seat. Add a batch, or free a seat, first.</p>
          ) : (
            <>
              <div className="form-field">
                <label htmlFor={`${id}-course`}>Course</label>
                <select id={`${id}-course`} value={draft.courseId} onChange={(e) => change({ courseId: e.target.value, batchId: '' })}>
                  <option value="">Choose a course</option>
                  {choices.data.courses.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.title}
                    </option>
                  ))}
                </select>
              </div>
              <div className="form-field">
                <label htmlFor={`${id}-batch`}>Batch with a free seat</label>
                <select id={`${id}-batch`} value={draft.batchId} onChange={(e) => chooseBatch(e.target.value)} disabled={!course} {...field('batchId')}>
                  <option value="">{course ? 'Choose a batch' : 'Choose a course first'}</option>
                  {course?.batches.map((b) => (
                    <option key={b.id} value={b.id}>
                      {b.name}, {timeRange(b.startsAt, b.endsAt)}: {b.seatsLeft === 1 ? '1 seat left' : `${b.seatsLeft} seats left`}
                    </option>
                  ))}
                </select>
                {errorOf('batchId')}
              </div>
              {batch &&
                (batch.dues ? (
                  <div className="form-field">
                    <p>
                      From today the fee plan makes {batch.dues.length === 1 ? 'this due' : `these ${batch.dues.length} dues`} ({formatRupees(planTotal)}):
                    </p>
                    <ul>
                      {batch.dues.map((d) => (
                        <li key={d.label}>
                          {d.label}: {formatRupees(d.amountPaise)}, due {d.dueOn === choices.data.today ? 'today' : formatIndiaDay(d.dueOn)}
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : (
                  <p className="form-error">
                    This batch has no fee plan, so there is nothing to collect. An Owner or Accountant adds one under Fee plans first.
                  </p>
                ))}
            </>
          )}
        </fieldset>

        <fieldset className="form-field">
          <legend className="admin-subheading">First payment, today</legend>
          <PaymentFields id={id} value={draft} change={change} field={field} errorOf={errorOf} />
          <div className="form-field">
            <label className="fee-check">
              <input type="checkbox" checked={draft.advance} onChange={(e) => change({ advance: e.target.checked })} />
              <span>Keep the rest as an advance</span>
            </label>
          </div>
        </fieldset>

        {failure && (
          <p className="form-error" role="alert">
            {failure}
          </p>
        )}
        <button type="submit" className="btn" disabled={busy || onFile !== null}>
          {busy ? 'Saving...' : `Admit and collect${shown.success ? ` ${formatRupees(shown.data)}` : ''}`}
        </button>
      </form>
    </section>
  );
}
