/**
 * A student's receipts: number, day, amount, mode and UTR, what each paid, Valid or Cancelled
 * (with the reason), Print (the receipt's page in a new tab) and, for an Owner or Accountant,
 * Cancel with a reason in a dialog and Refund… (a request the Owner decides; decision 045). A
 * cancelled receipt keeps its number; the cancellation's WhatsApp notice to the student shows above
 * the list.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatIndiaDay } from '../../lib/india-time';
import { formatRupees } from '../../lib/money';
import { api } from '../api';
import type { StudentNotice } from '../../lib/schemas/student-notice';
import ReasonDialog from '../ui/ReasonDialog';
import WhatsAppNotice from '../ui/WhatsAppNotice';
import { RefundRequestForm } from './Refunds';
import type { StudentFees } from './fee-types';

type Receipt = StudentFees['receipts'][number];

export default function ReceiptList({ fees, queryKey, mayCancel }: { fees: StudentFees; queryKey: unknown[]; mayCancel: boolean }) {
  const [cancelling, setCancelling] = useState<Receipt | null>(null);
  // The cancellation just made, with its WhatsApp notice to the student.
  const [cancelled, setCancelled] = useState<{ number: string; notice: StudentNotice } | null>(null);
  const [refunding, setRefunding] = useState<string | null>(null);
  return (
    <>
      <h2 className="admin-subheading">Receipts</h2>
      {cancelled && (
        <div className="fee-receipt-made" role="status">
          <WhatsAppNotice notice={cancelled.notice} what={`that receipt ${cancelled.number} is cancelled`} />
          <button type="button" className="btn btn--sm btn--outline" onClick={() => setCancelled(null)}>
            Done
          </button>
        </div>
      )}
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
                {mayCancel && !r.cancelled && refunding !== r.id && (
                  <button type="button" className="btn btn--sm btn--outline" onClick={() => setRefunding(r.id)}>
                    Refund…<span className="sr-only"> from {r.number}</span>
                  </button>
                )}
              </div>
              {refunding === r.id && <RefundRequestForm receipt={r} queryKey={queryKey} onClose={() => setRefunding(null)} />}
            </li>
          ))}
        </ul>
      )}
      <CancelDialog receipt={cancelling} queryKey={queryKey} onClose={() => setCancelling(null)} onCancelled={setCancelled} />
    </>
  );
}

/** Asks for the reason, then cancels the receipt (it keeps its number). */
function CancelDialog({
  receipt,
  queryKey,
  onClose,
  onCancelled,
}: {
  receipt: Receipt | null;
  queryKey: unknown[];
  onClose: () => void;
  onCancelled: (cancelled: { number: string; notice: StudentNotice }) => void;
}) {
  const client = useQueryClient();
  const send = async (reason: string) => {
    const answer = await api<{ message: string; receipt: { number: string }; notice: StudentNotice }>(
      `/api/admin/fees/receipts/${encodeURIComponent(receipt!.id)}/cancel`,
      { body: { reason } },
    );
    onCancelled({ number: answer.receipt.number, notice: answer.notice });
    await client.invalidateQueries({ queryKey });
    return answer;
  };
  return (
    <ReasonDialog
      open={receipt !== null}
      title={`Cancel receipt ${receipt?.number ?? ''}?`}
      action="Cancel the receipt"
      busyAction="Cancelling..."
      keep="Keep it"
      failure="The receipt could not be cancelled. Please try again."
      send={send}
      onClose={onClose}
    >
      {formatRupees(receipt?.amountPaise ?? 0)} goes back onto the dues. The receipt keeps its number and shows “Cancelled” with your reason.
    </ReasonDialog>
  );
}
