/**
 * The Collect form of a student's fees: the amount filled in with what is overdue or due this
 * week (else the whole balance), Cash chosen, today's date, so a cash collection of that amount is
 * one tap on Collect. UPI and Bank transfer ask for the UTR, a cheque for its number.
 *
 * A collection is recorded once however it is tapped, retried or reloaded: the fill's
 * Idempotency-Key is kept with what was typed in this tab (collect-draft.ts) until the collection
 * succeeds, so a tap again, a resend or a reload replays to the same receipt. After a receipt the
 * form gives way to the result (with Print) and the totals above are re-read; the next payment
 * needs a deliberate "Collect another payment", which starts a fresh fill with a new key and the
 * amount due now. The server refuses the same payment by the same staff moments later (decision
 * 031); the form then asks whether it is another payment.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CollectSchema, RupeesSchema } from '../../lib/schemas/fees';
import { fieldErrorsOf } from '../../lib/schemas/field-errors';
import { FIRST_PAYMENT_DAY } from '../../lib/schemas/payment-day';
import { formatRupees, rupeeFigure } from '../../lib/money';
import { ApiError, api, messageOf } from '../api';
import WhatsAppNotice from '../ui/WhatsAppNotice';
import { clearCollectDraft, readCollectDraft, saveCollectDraft, type CollectDraft } from './collect-draft';
import type { CollectAnswer, StudentFees } from './fee-types';
import PaymentFields from './PaymentFields';
import { fieldErrors, useFocusFirstError } from '../ui/field-errors';

/** What the counter fills in: what is due now (overdue or this week), else the whole balance. */
const prefillOf = (fees: StudentFees) => fees.totals.dueNowPaise || fees.totals.balancePaise;

/** A fresh fill with a new Idempotency-Key. */
const freshDraft = (fees: StudentFees): CollectDraft => {
  const prefill = prefillOf(fees);
  return {
    key: crypto.randomUUID(),
    amount: prefill ? rupeeFigure(prefill).replace(/\.00$/, '') : '',
    mode: 'cash',
    utr: '',
    chequeNumber: '',
    paidOn: fees.today,
    advance: false,
  };
};

/** The amount typed, as people read it ('₹4,000'), or '' while it is not an amount. */
const amountWords = (amount: string) => {
  const parsed = RupeesSchema('the amount').safeParse(amount);
  return parsed.success ? formatRupees(parsed.data) : '';
};

/** A 409 that names the receipt this collection would repeat. */
interface Repeat {
  message: string;
  receipt: { id: string; number: string };
}

export default function CollectForm({ fees, queryKey }: { fees: StudentFees; queryKey: unknown[] }) {
  const id = useId();
  const client = useQueryClient();
  const studentId = fees.student.id;
  const [stored] = useState(() => readCollectDraft(studentId));
  const [draft, setDraft] = useState<CollectDraft>(() => stored ?? freshDraft(fees));
  const [restored, setRestored] = useState(stored !== null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<CollectAnswer | null>(null);
  const [repeat, setRepeat] = useState<Repeat | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  /** Changes the fill and keeps it (with its key) in this tab. */
  const change = (patch: Partial<CollectDraft>) => {
    setDraft((current) => {
      const next = { ...current, ...patch };
      saveCollectDraft(studentId, next);
      return next;
    });
    setRepeat(null);
  };

  useFocusFirstError(formRef, errors);

  useEffect(() => {
    if (done) resultRef.current?.focus();
  }, [done]);

  const send = async (another: boolean) => {
    const body = {
      studentId,
      amount: draft.amount,
      mode: draft.mode,
      utr: draft.mode === 'upi' || draft.mode === 'bank' ? draft.utr : '',
      chequeNumber: draft.mode === 'cheque' ? draft.chequeNumber : '',
      paidOn: draft.paidOn,
      advance: draft.advance,
      another,
    };
    // The function's own schema, here first: a mistake is told at once, and nothing is sent.
    const checked = CollectSchema.safeParse(body);
    if (!checked.success) {
      setErrors(fieldErrorsOf(checked.error.issues));
      setFailure('Please check the form: nothing was recorded.');
      return;
    }
    // Kept before it is sent: a reload while the answer is on its way sends the same key again.
    saveCollectDraft(studentId, draft);
    setBusy(true);
    setErrors({});
    setFailure('');
    setRepeat(null);
    try {
      const answer = await api<CollectAnswer>('/api/admin/fees/collect', { body, headers: { 'idempotency-key': draft.key } });
      clearCollectDraft(studentId);
      setRestored(false);
      setDone(answer);
      await client.invalidateQueries({ queryKey });
    } catch (error) {
      // Everything typed, and the key, stay: trying again records the payment at most once.
      const data = error instanceof ApiError ? error.data : {};
      const repeatOf = data['repeatOf'] as Repeat['receipt'] | undefined;
      if (repeatOf) {
        setRepeat({ message: data.message ?? '', receipt: repeatOf });
        return;
      }
      const fields = data.errors ?? {};
      setErrors(fields);
      setFailure(
        Object.keys(fields).length ? 'Please check the form: nothing was recorded.' : messageOf(error, 'The payment could not be recorded. Please try again.'),
      );
    } finally {
      setBusy(false);
    }
  };

  /** A deliberate new start: a fresh fill, a new key, the amount due now (the totals were re-read). */
  const startAnother = () => {
    clearCollectDraft(studentId);
    setDraft(freshDraft(fees));
    setDone(null);
    setRepeat(null);
    setRestored(false);
    setErrors({});
    setFailure('');
  };

  /** The payment was the one already on a receipt: nothing more to record. */
  const keepEarlier = (earlier: Repeat['receipt']) => {
    clearCollectDraft(studentId);
    setRepeat(null);
    setRestored(false);
    setDone({ message: `Nothing more was recorded: the payment is on receipt ${earlier.number}.`, receipt: { ...earlier, amountPaise: 0, advancePaise: 0 } });
  };

  const { field, errorOf } = fieldErrors(id, errors);

  if (done)
    return (
      <div className="fee-collect">
        <h2 className="admin-subheading">Collect</h2>
        <div className="fee-receipt-made" role="status" tabIndex={-1} ref={resultRef}>
          <p>
            <strong>{done.message}</strong>
          </p>
          {done.notice && <WhatsAppNotice notice={done.notice} what={`about receipt ${done.receipt.number}`} />}
          <div className="btn-row">
            <a className="btn btn--sm btn--outline" href={`/fees/receipt/${encodeURIComponent(done.receipt.id)}`} target="_blank" rel="noopener">
              Print receipt {done.receipt.number}
            </a>
            <button type="button" className="btn btn--sm" onClick={startAnother}>
              Collect another payment
            </button>
          </div>
        </div>
      </div>
    );

  const prefill = prefillOf(fees);
  const shown = amountWords(draft.amount);
  return (
    <div className="fee-collect">
      <h2 className="admin-subheading">Collect</h2>
      {restored && (
        <p className="form-hint" role="status">
          The payment you were recording here is filled in again. Tap Collect to finish it: if it was already recorded, you get its receipt, never a second one.
        </p>
      )}
      <form ref={formRef} onSubmit={(event: FormEvent) => (event.preventDefault(), void send(false))} noValidate>
        <PaymentFields id={id} value={draft} change={change} field={field} errorOf={errorOf} />
        <div className="form-field">
          <label htmlFor={`${id}-day`}>Date of payment</label>
          <input
            id={`${id}-day`}
            type="date"
            value={draft.paidOn}
            min={FIRST_PAYMENT_DAY}
            max={fees.today}
            onChange={(event) => change({ paidOn: event.target.value })}
            {...field('paidOn')}
          />
          {errorOf('paidOn')}
        </div>
        <div className="form-field">
          <label className="fee-check">
            <input type="checkbox" checked={draft.advance} onChange={(event) => change({ advance: event.target.checked })} />
            <span>Keep the rest as an advance</span>
          </label>
        </div>
        {failure && (
          <p className="form-error" role="alert">
            {failure}
          </p>
        )}
        {repeat && (
          <div className="fee-repeat" role="alert">
            <p>{repeat.message}</p>
            <div className="btn-row">
              <button type="button" className="btn btn--sm" disabled={busy} onClick={() => void send(true)}>
                Record another payment{shown ? ` of ${shown}` : ''}
              </button>
              <button type="button" className="btn btn--sm btn--outline" onClick={() => keepEarlier(repeat.receipt)}>
                It was the same payment
              </button>
            </div>
          </div>
        )}
        <button type="submit" className="btn" disabled={busy}>
          {busy ? 'Recording...' : `Collect${shown ? ` ${shown}` : ''}`}
        </button>
        {prefill > 0 && shown === formatRupees(prefill) && <p className="form-hint">Filled in: {formatRupees(prefill)}, what is due now.</p>}
      </form>
    </div>
  );
}
