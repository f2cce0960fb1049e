/**
 * Today's "Payments to confirm": the UPI payments students reported from /account, oldest first,
 * for an Owner or Accountant to find in the bank statement by UTR and amount. Confirm makes the
 * receipt (and e-mails the student); Reject asks for the reason, which the student reads. After
 * either, the decision's WhatsApp notice (WhatsAppNotice) tells a student who has no e-mail.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast/headless';
import { formatIndiaDay } from '../../lib/india-time';
import { formatRupees } from '../../lib/money';
import type { PendingClaim } from '../../lib/schemas/student-fees';
import { api, messageOf } from '../api';
import { formatMobile } from '../../lib/mobile';
import type { StudentNotice } from '../../lib/schemas/student-notice';
import WhatsAppNotice from '../ui/WhatsAppNotice';

/** A decision just made, with its WhatsApp notice to the student. */
interface Decided {
  message: string;
  notice: StudentNotice;
}

const CLAIMS_KEY = ['fees', 'claims'] as const;

export default function PaymentsToConfirm() {
  const id = useId();
  // The last decision stays above the list (its card has left it) until staff send its notice or decide another.
  const [decided, setDecided] = useState<Decided | null>(null);
  const claims = useQuery({ queryKey: CLAIMS_KEY, queryFn: () => api<{ claims: PendingClaim[] }>('/api/admin/fees/claims'), staleTime: 0 });
  const list = claims.data?.claims ?? [];
  return (
    <section className="lead-section" aria-labelledby={id}>
      <h2 id={id} className="admin-subheading">
        Payments to confirm {claims.data && <span className="lead-section__count">({list.length})</span>}
      </h2>
      {decided && (
        <div className="fee-receipt-made" role="status">
          <p>
            <strong>{decided.message}</strong>
          </p>
          <WhatsAppNotice notice={decided.notice} what="about their UPI payment" />
          <button type="button" className="btn btn--sm btn--outline" onClick={() => setDecided(null)}>
            Done
          </button>
        </div>
      )}
      {claims.isPending ? (
        <p role="status">Loading the reported payments...</p>
      ) : claims.isError ? (
        <div role="alert">
          <p className="form-error">{messageOf(claims.error, 'The reported payments could not be loaded.')}</p>
          <button type="button" className="btn btn--sm btn--outline" onClick={() => void claims.refetch()}>
            Try again
          </button>
        </div>
      ) : list.length === 0 ? (
        <p>No UPI payment is waiting to be confirmed.</p>
      ) : (
        <>
          <p className="form-hint">Find each payment in the bank statement by its UTR and amount before confirming it.</p>
          <ul className="lead-cards">
            {list.map((claim) => (
              <ClaimCard key={claim.id} claim={claim} onDecided={setDecided} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** One reported payment with Confirm, and Reject with its reason. */
function ClaimCard({ claim, onDecided }: { claim: PendingClaim; onDecided: (decided: Decided) => void }) {
  const id = useId();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');

  const decide = async (body: { decision: 'confirm' } | { decision: 'reject'; reason: string }) => {
    setBusy(true);
    setError('');
    try {
      const answer = await api<Decided>(`/api/admin/fees/claims/${encodeURIComponent(claim.id)}`, { body });
      toast.success(answer.message);
      onDecided(answer);
      await client.invalidateQueries({ queryKey: CLAIMS_KEY });
    } catch (failure) {
      const message = messageOf(failure, 'That did not work. Please try again.');
      setError(message);
      toast.error(message);
      // A report someone else decided meanwhile leaves the list.
      await client.invalidateQueries({ queryKey: CLAIMS_KEY });
    } finally {
      setBusy(false);
    }
  };

  const onReject = (event: FormEvent) => {
    event.preventDefault();
    void decide({ decision: 'reject', reason: reason.trim() });
  };

  const name = `${formatRupees(claim.amountPaise)} from ${claim.student}`;
  return (
    <li className="lead-card">
      <h3 className="lead-card__name">
        {formatRupees(claim.amountPaise)}: {claim.student}
      </h3>
      <p>
        {claim.dueLabel} ({claim.dueReference}){claim.course ? `, ${claim.course}` : ''}
        {claim.batch ? `, batch ${claim.batch}` : ''}
      </p>
      <p className="lead-card__meta">
        <span>UTR {claim.utr}</span>
        <span>Paid {formatIndiaDay(claim.paidOn)}</span>
        {claim.phone && <span>{formatMobile(claim.phone)}</span>}
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {rejecting ? (
        <form onSubmit={onReject} className="account-form">
          <label htmlFor={`${id}-reason`}>Why is it not confirmed? (the student reads this)</label>
          <textarea id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} minLength={5} maxLength={300} required rows={2} />
          <div className="btn-row">
            <button type="submit" className="btn btn--sm" disabled={busy || reason.trim().length < 5}>
              Reject<span className="sr-only"> {name}</span>
            </button>
            <button type="button" className="btn btn--sm btn--outline" disabled={busy} onClick={() => setRejecting(false)}>
              Keep it
            </button>
          </div>
        </form>
      ) : (
        <div className="btn-row">
          <button type="button" className="btn btn--sm" disabled={busy} onClick={() => void decide({ decision: 'confirm' })}>
            {busy ? 'Please wait...' : 'Confirm'}
            <span className="sr-only"> {name}</span>
          </button>
          <button type="button" className="btn btn--sm btn--outline" disabled={busy} onClick={() => setRejecting(true)}>
            Reject…<span className="sr-only"> {name}</span>
          </button>
        </div>
      )}
    </li>
  );
}
