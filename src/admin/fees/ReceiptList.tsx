/**
 * A student's receipts: number, day, amount, mode and UTR, what each paid, Valid or Cancelled
 * (with the reason), Print (the receipt's page in a new tab) and, for an Owner or Accountant,
 * Cancel with a reason in a dialog. A cancelled receipt keeps its number.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast/headless';
import { formatIndiaDay } from '../../lib/india-time';
import { formatRupees } from '../../lib/money';
import { ApiError, api, messageOf } from '../api';
import type { StudentFees } from './fee-types';

type Receipt = StudentFees['receipts'][number];

export default function ReceiptList({ fees, queryKey, mayCancel }: { fees: StudentFees; queryKey: unknown[]; mayCancel: boolean }) {
  const [cancelling, setCancelling] = useState<Receipt | null>(null);
  return (
    <>
      <h2 className="admin-subheading">Receipts</h2>
      {fees.receipts.length === 0 ? (
        <p>No payment has been recorded yet.</p>
      ) : (
        <ul className="lead-cards">
          {fees.receipts.map((r) => (
            <li key={r.id} className="lead-card">
              <h3 className="lead-card__name">
                Receipt {r.number} · {r.state}
              </h3>
              <p className="lead-card__meta">
                <span>{formatIndiaDay(r.paidOn)}</span>
                <span>
                  {formatRupees(r.amountPaise)} by {r.modeLabel}
                  {r.utr ? `, UTR ${r.utr}` : ''}
                  {r.chequeNumber ? `, cheque ${r.chequeNumber}` : ''}
                </span>
                <span>Received by {r.receivedBy}</span>
              </p>
              <p>
                {r.allocations.map((a) => `${a.label} ${formatRupees(a.amountPaise)}`).join(', ')}
                {r.advancePaise > 0 ? `${r.allocations.length ? ', ' : ''}advance ${formatRupees(r.advancePaise)}` : ''}
              </p>
              {r.cancelled && <p>Cancelled: “{r.cancelled.reason}”</p>}
              <div className="btn-row">
                <a className="btn btn--sm btn--outline" href={`/fees/receipt/${encodeURIComponent(r.id)}`} target="_blank" rel="noopener">
                  Print {r.number}
                </a>
                {mayCancel && !r.cancelled && (
                  <button type="button" className="btn btn--sm btn--outline" onClick={() => setCancelling(r)}>
                    Cancel {r.number}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <CancelDialog receipt={cancelling} queryKey={queryKey} onClose={() => setCancelling(null)} />
    </>
  );
}

/** Asks for the reason, then cancels the receipt (it keeps its number). */
function CancelDialog({ receipt, queryKey, onClose }: { receipt: Receipt | null; queryKey: unknown[]; onClose: () => void }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (receipt && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [receipt]);
  const close = () => {
    setReason('');
    setError('');
    if (dialog.current?.open) dialog.current.close();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!receipt) return;
    setBusy(true);
    try {
      const answer = await api<{ message: string }>(`/api/admin/fees/receipts/${encodeURIComponent(receipt.id)}/cancel`, { body: { reason } });
      toast.success(answer.message);
      await client.invalidateQueries({ queryKey });
      close();
    } catch (failure) {
      setError((failure instanceof ApiError && failure.data.errors?.['reason']) || messageOf(failure, 'The receipt could not be cancelled. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={dialog} className="modal admin-confirm" aria-labelledby={`${id}-title`} onClose={() => receipt && close()}>
      {receipt && (
        <form onSubmit={(event) => void submit(event)}>
          <h2 id={`${id}-title`} className="admin-confirm__title">
            Cancel receipt {receipt.number}?
          </h2>
          <p>{formatRupees(receipt.amountPaise)} goes back onto the dues. The receipt keeps its number and shows “Cancelled” with your reason.</p>
          <div className="form-field">
            <label htmlFor={`${id}-reason`}>Reason</label>
            <textarea
              id={`${id}-reason`}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              maxLength={300}
              rows={3}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-reason-error` : undefined}
            />
            {error && (
              <p className="form-error" id={`${id}-reason-error`} role="alert">
                {error}
              </p>
            )}
          </div>
          <div className="btn-row">
            <button type="submit" className="btn btn--sm" disabled={busy}>
              {busy ? 'Cancelling...' : 'Cancel the receipt'}
            </button>
            <button type="button" className="btn btn--sm btn--outline" onClick={close}>
              Keep it
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
