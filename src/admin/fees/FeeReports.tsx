/**
 * Fee reports (/fees/reports, needs 'fees-reports'): what was collected in a period (this month
 * so far unless chosen), grouped by day, month, payment mode or course, with the total and how
 * many receipts were cancelled (left out of the totals), and the refunds paid with the net; what is outstanding by batch; and the
 * period's receipts to download as an Excel workbook or a CSV file for the accountant
 * (GET /api/admin/fees/reports).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatRupees } from '../../lib/money';
import { formatIndiaDay } from '../../lib/india-time';
import { indiaToday } from '../../lib/schemas/real-day';
import { REPORT_GROUP_LABELS, REPORT_GROUPS, type CollectionReport, type OutstandingReport, type ReportGroup } from '../../lib/schemas/fee-dues';
import { api, listQuery, messageOf } from '../api';
import PanelHeading from '../ui/PanelHeading';

const REPORTS = '/api/admin/fees/reports';

export default function FeeReports() {
  const id = useId();
  const today = indiaToday();
  const [from, setFrom] = useState(`${today.slice(0, 7)}-01`);
  const [to, setTo] = useState(today);
  const [by, setBy] = useState<ReportGroup>('day');
  const [view, setView] = useState<'collection' | 'outstanding'>('collection');
  const period = listQuery({ from, to });
  const collection = useQuery({
    queryKey: ['fees', 'reports', { from, to, by }],
    queryFn: () => api<CollectionReport>(`${REPORTS}${listQuery({ from, to, by })}`),
    enabled: view === 'collection' && Boolean(from && to),
    placeholderData: keepPreviousData,
  });
  const outstanding = useQuery({
    queryKey: ['fees', 'reports', 'outstanding'],
    queryFn: () => api<OutstandingReport>(`${REPORTS}?view=outstanding`),
    enabled: view === 'outstanding',
  });
  const shown = view === 'collection' ? collection : outstanding;

  return (
    <section className="admin-panel">
      <PanelHeading title="Fee reports" />
      <div className="btn-row" role="group" aria-label="Report">
        <button
          type="button"
          className={`btn btn--sm${view === 'collection' ? '' : ' btn--outline'}`}
          aria-pressed={view === 'collection'}
          onClick={() => setView('collection')}
        >
          Collection
        </button>
        <button
          type="button"
          className={`btn btn--sm${view === 'outstanding' ? '' : ' btn--outline'}`}
          aria-pressed={view === 'outstanding'}
          onClick={() => setView('outstanding')}
        >
          Outstanding by batch
        </button>
      </div>

      {view === 'collection' && (
        <>
          <div className="fee-reports__filters">
            <div className="form-field">
              <label htmlFor={`${id}-from`}>From</label>
              <input id={`${id}-from`} type="date" value={from} max={to || undefined} onChange={(event) => setFrom(event.target.value)} />
            </div>
            <div className="form-field">
              <label htmlFor={`${id}-to`}>To</label>
              <input id={`${id}-to`} type="date" value={to} min={from || undefined} onChange={(event) => setTo(event.target.value)} />
            </div>
            <div className="form-field">
              <label htmlFor={`${id}-by`}>Group by</label>
              <select id={`${id}-by`} value={by} onChange={(event) => setBy(event.target.value as ReportGroup)}>
                {REPORT_GROUPS.map((g) => (
                  <option key={g} value={g}>
                    {REPORT_GROUP_LABELS[g]}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div className="btn-row">
            <a className="btn btn--sm btn--outline" href={`${REPORTS}${period}&format=xlsx`} download>
              Download receipts (.xlsx)
            </a>
            <a className="btn btn--sm btn--outline" href={`${REPORTS}${period}&format=csv`} download>
              Download receipts (CSV)
            </a>
          </div>
        </>
      )}

      {shown.isPending ? (
        <p role="status">Loading the report...</p>
      ) : shown.isError ? (
        <div role="alert">
          <p className="form-error">{messageOf(shown.error, 'The report could not be loaded.')}</p>
          <button type="button" className="btn btn--sm btn--outline" onClick={() => void shown.refetch()}>
            Try again
          </button>
        </div>
      ) : view === 'collection' && collection.data ? (
        <CollectionTable report={collection.data} />
      ) : (
        outstanding.data && <OutstandingTable report={outstanding.data} />
      )}
    </section>
  );
}

/** An amount that may be below zero (a day whose refunds exceed its receipts): '−₹1,200'. */
const signedRupees = (paise: number) => (paise < 0 ? `−${formatRupees(-paise)}` : formatRupees(paise));

/** The collection's rows and total, and the refunds paid in the period with the net (decision 045). */
function CollectionTable({ report }: { report: CollectionReport }) {
  const refunded = report.refunds > 0;
  const caption = `Fees collected from ${formatIndiaDay(report.from)} to ${formatIndiaDay(report.to)}, by ${REPORT_GROUP_LABELS[report.by].toLowerCase()}`;
  return (
    <>
      <p>
        Collected: <strong>{formatRupees(report.totalPaise)}</strong> in {report.receipts} {report.receipts === 1 ? 'receipt' : 'receipts'}.
        {report.cancelled > 0 && ` ${report.cancelled} cancelled ${report.cancelled === 1 ? 'receipt is' : 'receipts are'} left out.`}
        {refunded &&
          ` Refunded: ${formatRupees(report.refundPaise)} on ${report.refunds} ${report.refunds === 1 ? 'voucher' : 'vouchers'}. Net collected: ${signedRupees(report.netPaise)}.`}
      </p>
      {report.rows.length === 0 ? (
        <p>No fees were collected in this period.</p>
      ) : (
        <div className="admin-table-wrap" tabIndex={0} role="region" aria-label={caption}>
          <table className="admin-table">
            <caption className="sr-only">{caption}</caption>
            <thead>
              <tr>
                <th scope="col">{REPORT_GROUP_LABELS[report.by]}</th>
                <th scope="col">Receipts</th>
                <th scope="col">Amount</th>
                {refunded && <th scope="col">Refunded</th>}
                {refunded && <th scope="col">Net</th>}
              </tr>
            </thead>
            <tbody>
              {report.rows.map((r) => (
                <tr key={r.key}>
                  <th scope="row">{r.label}</th>
                  <td>{r.receipts}</td>
                  <td>{formatRupees(r.amountPaise)}</td>
                  {refunded && <td>{formatRupees(r.refundPaise)}</td>}
                  {refunded && <td>{signedRupees(r.netPaise)}</td>}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td>{report.receipts}</td>
                <td>{formatRupees(report.totalPaise)}</td>
                {refunded && <td>{formatRupees(report.refundPaise)}</td>}
                {refunded && <td>{signedRupees(report.netPaise)}</td>}
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      {refunded && (
        <>
          <h3 className="admin-subheading">Refunds paid</h3>
          <ul>
            {report.refundList.map((r) => (
              <li key={r.id}>
                {formatIndiaDay(r.paidOn)}: voucher {r.number}, {formatRupees(r.amountPaise)} to {r.student} ({r.modeLabel}, from receipt {r.receipt})
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/** What each batch's students owe, have paid and have left. */
function OutstandingTable({ report }: { report: OutstandingReport }) {
  const caption = `Fees outstanding by batch on ${formatIndiaDay(report.today)}`;
  if (report.rows.length === 0) return <p>No student owes any fees.</p>;
  return (
    <div className="admin-table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="admin-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Batch</th>
            <th scope="col">Students</th>
            <th scope="col">Fees</th>
            <th scope="col">Paid</th>
            <th scope="col">Left to pay</th>
            <th scope="col">Overdue</th>
          </tr>
        </thead>
        <tbody>
          {report.rows.map((r) => (
            <tr key={r.batchId ?? 'none'}>
              <th scope="row">
                {r.batch}
                {r.course && <span className="form-hint"> {r.course}</span>}
              </th>
              <td>{r.students}</td>
              <td>{formatRupees(r.owedPaise)}</td>
              <td>{formatRupees(r.paidPaise)}</td>
              <td>{formatRupees(r.balancePaise)}</td>
              <td>{formatRupees(r.overduePaise)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td />
            <td>{formatRupees(report.totals.owedPaise)}</td>
            <td>{formatRupees(report.totals.paidPaise)}</td>
            <td>{formatRupees(report.totals.balancePaise)}</td>
            <td>{formatRupees(report.totals.overduePaise)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
