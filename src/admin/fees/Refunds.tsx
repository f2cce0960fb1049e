/**
 * Refunds in the admin (decision 045): the request from a receipt ("Refund…", for an Owner or
 * Accountant; fees are not refundable by default and the screen says so), the refunds waiting
 * for the Owner's decision or for the money to go back (Today and the fees screen), a student's
 * refunds on their fees screen; Approve or Decline (the Owner only), Record payment (mode, UTR or
 * cheque, day), then the voucher to print and the WhatsApp message to send in the student's language.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast/headless';
import { Link } from 'wouter';
import { PAYMENT_MODE_PHRASES } from '../../lib/fee-words';
import { formatIndiaDay } from '../../lib/india-time';
import { formatRupees } from '../../lib/money';
import type { RefundItem } from '../../lib/refund-voucher';
import { fieldErrorsOf } from '../../lib/schemas/field-errors';
import { FIRST_PAYMENT_DAY } from '../../lib/schemas/payment-day';
import { noMessagingWords } from '../../lib/schemas/messaging';
import { indiaToday } from '../../lib/schemas/real-day';
import { RefundPaySchema, RefundRequestSchema, type RefundReturns } from '../../lib/schemas/refunds';
import { ApiError, api, messageOf } from '../api';
import { useCan } from '../app-info';
import { feesStudentPath } from '../routes';
import type { StudentFees } from './fee-types';
import { fieldErrors } from '../ui/field-errors';
import PaymentFields, { type PaymentTyped } from './PaymentFields';

/** Every list of refunds shares this key's start, so a change reloads them all. */
const REFUNDS_KEY = ['fees', 'refunds'] as const;

/** What every refund screen says first: the Terms' default. */
const NOT_REFUNDABLE = 'Fees are not refundable (the Terms). A refund is an exception the Owner decides.';

/** The refunds waiting for the Owner's decision or for the money to go back (Today, the fees screen). */
export function RefundsWaiting() {
  const id = useId();
  const refunds = useQuery({
    queryKey: [...REFUNDS_KEY, 'open'],
    queryFn: () => api<{ refunds: RefundItem[] }>('/api/admin/fees/refunds'),
    staleTime: 0,
  });
  const list = refunds.data?.refunds ?? [];
  return (
    <section className="lead-section" aria-labelledby={id}>
      <h2 id={id} className="admin-subheading">
        Refunds waiting {refunds.data && <span className="lead-section__count">({list.length})</span>}
      </h2>
      {refunds.isPending ? (
        <p role="status">Loading the refunds...</p>
      ) : refunds.isError ? (
        <p className="form-error" role="alert">
          {messageOf(refunds.error, 'The refunds could not be loaded.')}
        </p>
      ) : list.length === 0 ? (
        <p>No refund is waiting.</p>
      ) : (
        <ul className="lead-cards">
          {list.map((r) => (
            <RefundCard key={r.id} refund={r} showStudent />
          ))}
        </ul>
      )}
    </section>
  );
}

/** A student's refunds, on their fees screen. */
export function StudentRefunds({ studentId, feesKey }: { studentId: string; feesKey: unknown[] }) {
  const refunds = useQuery({
    queryKey: [...REFUNDS_KEY, 'student', studentId],
    queryFn: () => api<{ refunds: RefundItem[] }>(`/api/admin/fees/refunds?studentId=${encodeURIComponent(studentId)}&status=all`),
    staleTime: 0,
  });
  if (!refunds.data?.refunds.length) return null;
  return (
    <>
      <h2 className="admin-subheading">Refunds</h2>
      <ul className="lead-cards">
        {refunds.data.refunds.map((r) => (
          <RefundCard key={r.id} refund={r} feesKey={feesKey} />
        ))}
      </ul>
    </>
  );
}

/** One refund with what may be done next. */
function RefundCard({ refund, showStudent = false, feesKey }: { refund: RefundItem; showStudent?: boolean; feesKey?: unknown[] | undefined }) {
  const can = useCan();
  const client = useQueryClient();
  const [step, setStep] = useState<'none' | 'decline' | 'pay'>('none');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const from = refund.returns === 'advance' ? `the advance on receipt ${refund.receiptNumber}` : `receipt ${refund.receiptNumber}`;
  const name = `${formatRupees(refund.amountPaise)} to ${refund.student}`;

  const reload = async () => {
    await client.invalidateQueries({ queryKey: REFUNDS_KEY });
    if (feesKey) await client.invalidateQueries({ queryKey: feesKey });
    else await client.invalidateQueries({ queryKey: ['fees-student', refund.studentId] });
  };
  const decide = async (body: { decision: 'approve' } | { decision: 'decline'; reason: string }) => {
    setBusy(true);
    setError('');
    try {
      toast.success((await api<{ message: string }>(`/api/admin/fees/refunds/${encodeURIComponent(refund.id)}/decision`, { body })).message);
      setStep('none');
    } catch (failure) {
      setError(messageOf(failure, 'The decision could not be recorded. Please try again.'));
    } finally {
      setBusy(false);
      await reload();
    }
  };

  return (
    <li className="lead-card">
      <h3 className="lead-card__name">
        {refund.number ? `Refund voucher ${refund.number}` : 'Refund'} · {refund.statusLabel}
      </h3>
      <p>
        {formatRupees(refund.amountPaise)}{' '}
        {showStudent ? <Link href={feesStudentPath(refund.studentId)}>{`to ${refund.student}`}</Link> : `to ${refund.student}`} from {from}
      </p>
      <p className="lead-card__meta">
        <span>Reason: “{refund.reason}”</span>
        <span>Asked by {refund.requestedBy}</span>
        {refund.decidedBy && (
          <span>
            {refund.status === 'declined' ? 'Declined' : 'Approved'} by {refund.decidedBy}
          </span>
        )}
        {refund.paidOn && (
          <span>
            Paid {formatIndiaDay(refund.paidOn)}
            {refund.voucher ? ` ${PAYMENT_MODE_PHRASES[refund.voucher.mode]}` : ''}
          </span>
        )}
      </p>
      {refund.declinedReason && <p>Declined: “{refund.declinedReason}”</p>}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {step === 'decline' && (
        <DeclineForm busy={busy} name={name} onCancel={() => setStep('none')} onDecline={(reason) => void decide({ decision: 'decline', reason })} />
      )}
      {step === 'pay' && (
        <PayForm
          refund={refund}
          onCancel={() => setStep('none')}
          onPaid={async () => {
            setStep('none');
            await reload();
          }}
        />
      )}
      {step === 'none' && (
        <div className="btn-row">
          {refund.status === 'requested' && can('fees-refund-approve') && (
            <>
              <button type="button" className="btn btn--sm" disabled={busy} onClick={() => void decide({ decision: 'approve' })}>
                {busy ? 'Please wait...' : 'Approve'}
                <span className="sr-only"> the refund of {name}</span>
              </button>
              <button type="button" className="btn btn--sm btn--outline" disabled={busy} onClick={() => setStep('decline')}>
                Decline…<span className="sr-only"> the refund of {name}</span>
              </button>
            </>
          )}
          {refund.status === 'approved' && can('fees-collect') && (
            <button type="button" className="btn btn--sm" onClick={() => setStep('pay')}>
              Record payment…<span className="sr-only"> of the refund of {name}</span>
            </button>
          )}
          {refund.status === 'paid' && (
            <>
              <a className="btn btn--sm btn--outline" href={`/fees/refund/${encodeURIComponent(refund.id)}`} target="_blank" rel="noopener">
                Print voucher {refund.number}
              </a>
              {noMessagingWords(refund.messaging) && <p className="lead-actions__none">{noMessagingWords(refund.messaging)}</p>}
              {refund.whatsapp && (
                <a className="btn btn--sm btn--outline" href={refund.whatsapp.link} target="_blank" rel="noopener">
                  Send on WhatsApp{refund.messaging?.to === 'guardian' ? ' to the guardian' : ''} ({refund.whatsapp.language === 'hi' ? 'Hindi' : 'English'})
                  <span className="sr-only"> to {refund.student}</span>
                </a>
              )}
            </>
          )}
        </div>
      )}
    </li>
  );
}

/** The reason the Owner declines a refund (kept with it). */
function DeclineForm({ busy, name, onCancel, onDecline }: { busy: boolean; name: string; onCancel: () => void; onDecline: (reason: string) => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  return (
    <form className="account-form" onSubmit={(event: FormEvent) => (event.preventDefault(), onDecline(reason.trim()))}>
      <label htmlFor={`${id}-reason`}>Why is it declined?</label>
      <textarea id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} minLength={5} maxLength={300} required rows={2} />
      <div className="btn-row">
        <button type="submit" className="btn btn--sm" disabled={busy || reason.trim().length < 5}>
          Decline<span className="sr-only"> the refund of {name}</span>
        </button>
        <button type="button" className="btn btn--sm btn--outline" disabled={busy} onClick={onCancel}>
          Keep it waiting
        </button>
      </div>
    </form>
  );
}

/** How and when the money went back; the voucher is numbered when it is recorded. */
function PayForm({ refund, onCancel, onPaid }: { refund: RefundItem; onCancel: () => void; onPaid: () => Promise<void> }) {
  const id = useId();
  const today = indiaToday();
  const [payment, setPayment] = useState<PaymentTyped>({ amount: '', mode: 'cash', utr: '', chequeNumber: '' });
  const [paidOn, setPaidOn] = useState(today);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const { mode, utr, chequeNumber } = payment;
    const body = { mode, utr, chequeNumber, paidOn };
    const checked = RefundPaySchema.safeParse(body);
    if (!checked.success) {
      setErrors(fieldErrorsOf(checked.error.issues));
      setFailure('Please check the form: nothing was recorded.');
      return;
    }
    setBusy(true);
    setErrors({});
    setFailure('');
    try {
      const answer = await api<{ message: string }>(`/api/admin/fees/refunds/${encodeURIComponent(refund.id)}/pay`, { body });
      toast.success(answer.message);
      await onPaid();
    } catch (problem) {
      if (problem instanceof ApiError && problem.data.errors) setErrors(problem.data.errors);
      setFailure(messageOf(problem, 'The payment could not be recorded. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  const { field, errorOf } = fieldErrors(id, errors);

  return (
    <form onSubmit={(event) => void send(event)} noValidate aria-label={`Record the payment of the refund of ${formatRupees(refund.amountPaise)}`}>
      <PaymentFields
        id={id}
        value={payment}
        change={(patch) => setPayment((typed) => ({ ...typed, ...patch }))}
        field={field}
        errorOf={errorOf}
        legend="How the money went back"
        withAmount={false}
      />
      <div className="form-field">
        <label htmlFor={`${id}-day`}>Date of the refund</label>
        <input
          id={`${id}-day`}
          type="date"
          value={paidOn}
          min={FIRST_PAYMENT_DAY}
          max={today}
          onChange={(e) => setPaidOn(e.target.value)}
          {...field('paidOn')}
        />
        {errorOf('paidOn')}
      </div>
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      <div className="btn-row">
        <button type="submit" className="btn btn--sm" disabled={busy}>
          {busy ? 'Recording...' : `Record ${formatRupees(refund.amountPaise)} paid back`}
        </button>
        <button type="button" className="btn btn--sm btn--outline" disabled={busy} onClick={onCancel}>
          Not now
        </button>
      </div>
    </form>
  );
}

type Receipt = StudentFees['receipts'][number];

/**
 * "Refund…" on a receipt: what it returns (what the receipt paid, or its advance), how much and
 * why; an Owner may approve it at once. One Idempotency-Key per opening of the form.
 */
export function RefundRequestForm({ receipt, queryKey, onClose }: { receipt: Receipt; queryKey: unknown[]; onClose: () => void }) {
  const id = useId();
  const can = useCan();
  const client = useQueryClient();
  const [key] = useState(() => crypto.randomUUID());
  const [returns, setReturns] = useState<RefundReturns>(receipt.advancePaise > 0 && receipt.amountPaise === receipt.advancePaise ? 'advance' : 'receipt');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [approve, setApprove] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const owner = can('fees-refund-approve');

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const body = { receiptId: receipt.id, returns, amount, reason, approve: owner && approve };
    const checked = RefundRequestSchema.safeParse(body);
    if (!checked.success) {
      setErrors(fieldErrorsOf(checked.error.issues));
      setFailure('Please check the form: nothing was asked for.');
      return;
    }
    setBusy(true);
    setErrors({});
    setFailure('');
    try {
      const answer = await api<{ message: string }>('/api/admin/fees/refunds', { body, headers: { 'idempotency-key': key } });
      toast.success(answer.message);
      await client.invalidateQueries({ queryKey: REFUNDS_KEY });
      await client.invalidateQueries({ queryKey });
      onClose();
    } catch (problem) {
      if (problem instanceof ApiError && problem.data.errors) setErrors(problem.data.errors);
      setFailure(messageOf(problem, 'The refund could not be asked for. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  const { field, errorOf } = fieldErrors(id, errors);
  const paidToDues = receipt.amountPaise - receipt.advancePaise;

  return (
    <form onSubmit={(event) => void send(event)} noValidate aria-labelledby={`${id}-title`} className="fee-refund-form">
      <h4 id={`${id}-title`}>Refund from receipt {receipt.number}</h4>
      <p className="form-hint">{NOT_REFUNDABLE} The receipt itself never changes.</p>
      {receipt.advancePaise > 0 && paidToDues > 0 && (
        <fieldset className="form-field">
          <legend>What it returns</legend>
          <label className="fee-check">
            <input type="radio" name={`${id}-returns`} checked={returns === 'receipt'} onChange={() => setReturns('receipt')} />
            <span>What it paid to the dues ({formatRupees(paidToDues)})</span>
          </label>
          <label className="fee-check">
            <input type="radio" name={`${id}-returns`} checked={returns === 'advance'} onChange={() => setReturns('advance')} />
            <span>Its advance ({formatRupees(receipt.advancePaise)})</span>
          </label>
          {errorOf('returns')}
        </fieldset>
      )}
      <div className="form-field">
        <label htmlFor={`${id}-amount`}>Amount to refund (₹)</label>
        <input id={`${id}-amount`} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} {...field('amount')} />
        {errorOf('amount')}
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-reason`}>Why is it refunded?</label>
        <textarea id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} rows={2} {...field('reason')} />
        {errorOf('reason')}
      </div>
      {owner && (
        <div className="form-field">
          <label className="fee-check">
            <input type="checkbox" checked={approve} onChange={(e) => setApprove(e.target.checked)} />
            <span>Approve it now (you are the Owner)</span>
          </label>
        </div>
      )}
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      <div className="btn-row">
        <button type="submit" className="btn btn--sm" disabled={busy}>
          {busy ? 'Sending...' : owner && approve ? 'Approve the refund' : 'Ask the Owner'}
        </button>
        <button type="button" className="btn btn--sm btn--outline" disabled={busy} onClick={onClose}>
          Not now
        </button>
      </div>
    </form>
  );
}
