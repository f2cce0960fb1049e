/**
 * The Collect form of a student's fees: the amount filled in with what is overdue or due this
 * week (else the whole balance), Cash chosen, today's date, so a cash collection of that amount is
 * one tap on Collect. UPI and Bank transfer ask for the UTR, a cheque for its number. The form keeps
 * an Idempotency-Key made when it opens, and keeps it and everything typed on any error, so trying
 * again can never record twice; after a receipt, the form is fresh for the next payment.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { PAYMENT_MODE_LABELS, PAYMENT_MODES, type PaymentMode } from '../../lib/fee-words';
import { CollectSchema } from '../../lib/schemas/fees';
import { fieldErrorsOf } from '../../lib/schemas/field-errors';
import { formatRupees, rupeeFigure } from '../../lib/money';
import { ApiError, api, messageOf } from '../api';
import type { CollectAnswer, StudentFees } from './fee-types';

const newKey = () => crypto.randomUUID();

export default function CollectForm({ fees, queryKey }: { fees: StudentFees; queryKey: unknown[] }) {
  const id = useId();
  const client = useQueryClient();
  const prefill = fees.totals.dueNowPaise || fees.totals.balancePaise;
  const [key, setKey] = useState(newKey);
  const [amount, setAmount] = useState(prefill ? rupeeFigure(prefill).replace(/\.00$/, '') : '');
  const [mode, setMode] = useState<PaymentMode>('cash');
  const [utr, setUtr] = useState('');
  const [chequeNumber, setChequeNumber] = useState('');
  const [paidOn, setPaidOn] = useState(fees.today);
  const [advance, setAdvance] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<CollectAnswer | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      studentId: fees.student.id,
      amount,
      mode,
      utr: mode === 'upi' || mode === 'bank' ? utr : '',
      chequeNumber: mode === 'cheque' ? chequeNumber : '',
      paidOn,
      advance,
    };
    // The function's own schema, here first: a mistake is told at once, and nothing is sent.
    const checked = CollectSchema.safeParse(body);
    if (!checked.success) {
      setErrors(fieldErrorsOf(checked.error.issues));
      setFailure('Please check the form: nothing was recorded.');
      return;
    }
    setBusy(true);
    setErrors({});
    setFailure('');
    try {
      const answer = await api<CollectAnswer>('/api/admin/fees/collect', { body, headers: { 'idempotency-key': key } });
      setDone(answer);
      setKey(newKey());
      setUtr('');
      setChequeNumber('');
      setAdvance(false);
      await client.invalidateQueries({ queryKey });
    } catch (error) {
      // Everything typed, and the key, stay: trying again records the payment at most once.
      const fields = error instanceof ApiError ? (error.data.errors ?? {}) : {};
      setErrors(fields);
      setFailure(
        Object.keys(fields).length ? 'Please check the form: nothing was recorded.' : messageOf(error, 'The payment could not be recorded. Please try again.'),
      );
    } finally {
      setBusy(false);
    }
  };

  const field = (name: string) => (errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${name}-error` } : {});
  const errorOf = (name: string) =>
    errors[name] ? (
      <p className="form-error" id={`${id}-${name}-error`}>
        {errors[name]}
      </p>
    ) : null;

  return (
    <div className="fee-collect">
      <h2 className="admin-subheading">Collect</h2>
      {done && (
        <div className="fee-receipt-made" role="status">
          <p>
            <strong>Receipt {done.receipt.number}</strong>: {done.message}
          </p>
          <a className="btn btn--sm btn--outline" href={`/fees/receipt/${encodeURIComponent(done.receipt.id)}`} target="_blank" rel="noopener">
            Print receipt {done.receipt.number}
          </a>
        </div>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div className="form-field">
          <label htmlFor={`${id}-amount`}>Amount (₹)</label>
          <input id={`${id}-amount`} inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} {...field('amount')} />
          {errorOf('amount')}
        </div>
        <fieldset className="form-field">
          <legend>How it was paid</legend>
          <div className="btn-row" role="radiogroup">
            {PAYMENT_MODES.map((m) => (
              <label key={m} className={`btn btn--sm${mode === m ? '' : ' btn--outline'}`}>
                <input type="radio" name={`${id}-mode`} value={m} checked={mode === m} onChange={() => setMode(m)} className="sr-only" />
                {PAYMENT_MODE_LABELS[m]}
              </label>
            ))}
          </div>
          {errorOf('mode')}
        </fieldset>
        {(mode === 'upi' || mode === 'bank') && (
          <div className="form-field">
            <label htmlFor={`${id}-utr`}>UTR (12 digits)</label>
            <input
              id={`${id}-utr`}
              inputMode="numeric"
              autoComplete="off"
              value={utr}
              onChange={(event) => setUtr(event.target.value)}
              maxLength={20}
              {...field('utr')}
            />
            {errorOf('utr')}
          </div>
        )}
        {mode === 'cheque' && (
          <div className="form-field">
            <label htmlFor={`${id}-cheque`}>Cheque number (6 digits)</label>
            <input
              id={`${id}-cheque`}
              inputMode="numeric"
              autoComplete="off"
              value={chequeNumber}
              onChange={(event) => setChequeNumber(event.target.value)}
              maxLength={6}
              {...field('chequeNumber')}
            />
            {errorOf('chequeNumber')}
          </div>
        )}
        <div className="form-field">
          <label htmlFor={`${id}-day`}>Date of payment</label>
          <input id={`${id}-day`} type="date" value={paidOn} max={fees.today} onChange={(event) => setPaidOn(event.target.value)} {...field('paidOn')} />
          {errorOf('paidOn')}
        </div>
        <div className="form-field">
          <label>
            <input type="checkbox" checked={advance} onChange={(event) => setAdvance(event.target.checked)} /> Keep the rest as an advance
          </label>
        </div>
        {failure && (
          <p className="form-error" role="alert">
            {failure}
          </p>
        )}
        <button type="submit" className="btn" disabled={busy}>
          {busy ? 'Recording...' : `Collect${amount ? ` ₹${amount}` : ''}`}
        </button>
        {prefill > 0 && <p className="form-hint">Filled in: {formatRupees(prefill)}, what is due now.</p>}
      </form>
    </div>
  );
}
