/**
 * A student's fees (/fees/students/{id}): the totals, the Collect form (for an Owner or
 * Accountant), the dues with their state in words, the receipts with Print and Cancel, and the
 * UPI payments the student reported, and (for an Owner or Accountant) their refunds. A Counsellor
 * or Teacher reads the same, without Collect, Cancel or Refund.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { formatRupees } from '../../lib/money';
import { formatIndiaDay } from '../../lib/india-time';
import { api, messageOf } from '../api';
import { useCan } from '../app-info';
import { PATHS } from '../routes';
import PanelHeading from '../ui/PanelHeading';
import CollectForm from './CollectForm';
import ExtraDueForm from './ExtraDueForm';
import ReceiptList from './ReceiptList';
import { StudentRefunds } from './Refunds';
import './fees.css';
import type { StudentFees as Fees } from './fee-types';
import { formatMobile } from '../../lib/mobile';
import { GuardianConsentLine, guardianConsentOf } from '../ui/GuardianConsentLine';

export default function StudentFees({ studentId }: { studentId: string }) {
  const can = useCan();
  const key = ['fees-student', studentId];
  const data = useQuery({ queryKey: key, queryFn: () => api<Fees>(`/api/admin/fees/students/${encodeURIComponent(studentId)}`), staleTime: 0 });

  if (data.isPending)
    return (
      <section className="admin-panel">
        <PanelHeading title="A student’s fees" />
        <p role="status">Loading the fees...</p>
      </section>
    );
  if (data.isError)
    return (
      <section className="admin-panel">
        <PanelHeading title="A student’s fees" />
        <p className="form-error" role="alert">
          {messageOf(data.error, 'The fees could not be loaded.')}
        </p>
        <Link href={PATHS.fees}>Back to the search</Link>
      </section>
    );

  const fees = data.data;
  const { totals } = fees;
  return (
    <section className="admin-panel">
      <PanelHeading title={`Fees of ${fees.student.name}`} />
      <GuardianConsentLine record={guardianConsentOf(fees) ? fees : fees.student} />
      <p>
        {fees.student.course}
        {fees.student.phone ? ` · ${formatMobile(fees.student.phone)}` : ''} · <Link href={PATHS.fees}>Find another student</Link>
      </p>
      <dl className="fee-totals">
        <dt>Total fees</dt>
        <dd>{formatRupees(totals.planPaise)}</dd>
        <dt>Paid so far</dt>
        <dd>{formatRupees(totals.paidPaise)}</dd>
        <dt>Balance</dt>
        <dd>{formatRupees(totals.balancePaise)}</dd>
        <dt>Overdue</dt>
        <dd>{formatRupees(totals.overduePaise)}</dd>
        {totals.advancePaise > 0 && (
          <>
            <dt>Advance held</dt>
            <dd>{formatRupees(totals.advancePaise)}</dd>
          </>
        )}
      </dl>

      {can('fees-collect') && <CollectForm fees={fees} queryKey={key} />}

      <h2 className="admin-subheading">Dues</h2>
      {fees.dues.length === 0 ? (
        <p>No dues yet: they are made when the student joins a batch with a fee plan.</p>
      ) : (
        <ul className="lead-cards">
          {fees.dues.map((d) => (
            <li key={d.id} className="lead-card">
              <h3 className="lead-card__name">
                <Link href={`/fees/dues/${encodeURIComponent(d.id)}`}>{d.label}</Link>
              </h3>
              <p className="lead-card__meta">
                <span>{d.stateLabel}</span>
                <span>Due {formatIndiaDay(d.dueOn)}</span>
                <span>{d.course ?? ''}</span>
                <span>Ref. {d.reference}</span>
              </p>
              <p>
                {formatRupees(d.amountPaise - d.discountPaise + d.lateFeePaise)}
                {d.lateFeePaise > 0 ? ` (with ${formatRupees(d.lateFeePaise)} late fee)` : ''} · paid {formatRupees(d.paidPaise)} · balance{' '}
                {formatRupees(d.balancePaise)}
              </p>
            </li>
          ))}
        </ul>
      )}

      {can('fees-manage') && <ExtraDueForm studentId={fees.student.id} today={fees.today} queryKey={key} />}

      <ReceiptList fees={fees} queryKey={key} mayCancel={can('fees-collect')} />

      {can('fees-collect') && <StudentRefunds studentId={fees.student.id} feesKey={key} />}

      {fees.claims.length > 0 && (
        <>
          <h2 className="admin-subheading">UPI payments the student reported</h2>
          <ul className="lead-cards">
            {fees.claims.map((c) => (
              <li key={c.id} className="lead-card">
                <p>
                  {formatRupees(c.amountPaise)} for {c.label} ({c.reference}) on {formatIndiaDay(c.paidOn)}, UTR {c.utr}: {c.statusLabel}
                  {c.reason ? ` (“${c.reason}”)` : ''}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
