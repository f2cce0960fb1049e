/**
 * Cash book (/fees/cash-book, needs 'fees-reports': an Owner or an Accountant): a day (India's
 * today unless chosen) with a card per member of staff — received by mode, the receipts made and
 * cancelled, the refunds paid, the cash to hand over and its hand-over — or a month, each day's
 * figures per member of staff (GET /api/admin/fees/cash-book). The Owner records a hand-over in a
 * dialog (HandoverDialog). Printing the day prints one A4 page: the figures and a signature line
 * for each member of staff and the Owner.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatRupees } from '../../lib/money';
import { formatIndiaDay, formatIndiaMoment } from '../../lib/india-time';
import { monthInWords } from '../../lib/attendance-words';
import { PAYMENT_MODE_LABELS, PAYMENT_MODES } from '../../lib/fee-words';
import { indiaToday } from '../../lib/schemas/real-day';
import type { CashBookDay, CashBookMonth, CashBookReceipt, CashBookStaffDay } from '../../lib/schemas/cash-book';
import { api, messageOf } from '../api';
import { useCan } from '../app-info';
import PanelHeading from '../ui/PanelHeading';
import HandoverDialog from './HandoverDialog';
import './fees.css';

const BOOK = '/api/admin/fees/cash-book';
const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** The cash to hand over in words: a negative figure is money the member of staff paid out of their own. */
const cashWords = (paise: number) => (paise < 0 ? `${formatRupees(-paise)} more refunded than received` : formatRupees(paise));

export default function CashBook() {
  const id = useId();
  const today = indiaToday();
  const [view, setView] = useState<'day' | 'month'>('day');
  const [day, setDay] = useState(today);
  const [month, setMonth] = useState(today.slice(0, 7));
  const dayBook = useQuery({
    queryKey: ['fees', 'cash-book', { day }],
    queryFn: () => api<CashBookDay>(`${BOOK}?day=${encodeURIComponent(day)}`),
    enabled: view === 'day' && Boolean(day),
    placeholderData: keepPreviousData,
  });
  const monthBook = useQuery({
    queryKey: ['fees', 'cash-book', { month }],
    queryFn: () => api<CashBookMonth>(`${BOOK}?month=${encodeURIComponent(month)}`),
    enabled: view === 'month' && Boolean(month),
    placeholderData: keepPreviousData,
  });
  const shown = view === 'day' ? dayBook : monthBook;
  const openDay = (d: string) => {
    setDay(d);
    setView('day');
  };

  return (
    <section className="admin-panel cash-book">
      <PanelHeading title="Cash book" />
      <div className="btn-row cash-book__controls" role="group" aria-label="Period">
        <button type="button" className={`btn btn--sm${view === 'day' ? '' : ' btn--outline'}`} aria-pressed={view === 'day'} onClick={() => setView('day')}>
          A day
        </button>
        <button
          type="button"
          className={`btn btn--sm${view === 'month' ? '' : ' btn--outline'}`}
          aria-pressed={view === 'month'}
          onClick={() => setView('month')}
        >
          A month
        </button>
      </div>
      <div className="fee-reports__filters cash-book__controls">
        {view === 'day' ? (
          <div className="form-field">
            <label htmlFor={`${id}-day`}>Day</label>
            <input id={`${id}-day`} type="date" value={day} max={today} onChange={(event) => setDay(event.target.value)} />
          </div>
        ) : (
          <div className="form-field">
            <label htmlFor={`${id}-month`}>Month</label>
            <input id={`${id}-month`} type="month" value={month} max={today.slice(0, 7)} onChange={(event) => setMonth(event.target.value)} />
          </div>
        )}
        {view === 'day' && dayBook.data && (
          <button type="button" className="btn btn--sm btn--outline" onClick={() => window.print()}>
            Print the day
          </button>
        )}
      </div>

      {shown.isPending ? (
        <p role="status">Loading the cash book...</p>
      ) : shown.isError ? (
        <div role="alert">
          <p className="form-error">{messageOf(shown.error, 'The cash book could not be loaded.')}</p>
          <button type="button" className="btn btn--sm btn--outline" onClick={() => void shown.refetch()}>
            Try again
          </button>
        </div>
      ) : view === 'day' && dayBook.data ? (
        <DayBook book={dayBook.data} />
      ) : (
        monthBook.data && <MonthBook book={monthBook.data} onOpen={openDay} />
      )}
    </section>
  );
}

/** A day: the totals, a card per member of staff, and the page that prints. */
function DayBook({ book }: { book: CashBookDay }) {
  const can = useCan();
  const queries = useQueryClient();
  const [handing, setHanding] = useState<{ staffId: string; name: string; day: string; expectedPaise: number } | null>(null);
  const { totals } = book;
  return (
    <>
      <p className="cash-book__summary">
        {formatIndiaDay(book.day)}: <strong>{formatRupees(totals.receivedPaise)}</strong> received in {count(totals.receiptsMade, 'receipt')}
        {totals.cancelledCount > 0 && `, ${count(totals.cancelledCount, 'receipt')} cancelled`}
        {totals.refundsPaise > 0 && `, ${formatRupees(totals.refundsPaise)} refunded`}. Cash to hand over:{' '}
        <strong>{cashWords(totals.cashToHandOverPaise)}</strong>.
      </p>
      {book.staff.length === 0 ? (
        <p>No receipts were made and no refunds paid on this day.</p>
      ) : (
        <div className="cash-book__cards">
          {book.staff.map((s) => (
            <StaffCard
              key={s.staffId ?? s.name}
              card={s}
              day={book.day}
              onHandOver={
                can('cash-handover') && s.staffId && !s.handover
                  ? () => setHanding({ staffId: s.staffId!, name: s.name, day: book.day, expectedPaise: s.cashToHandOverPaise })
                  : undefined
              }
            />
          ))}
        </div>
      )}
      <PrintedDay book={book} />
      {handing && (
        <HandoverDialog who={handing} onDone={() => void queries.invalidateQueries({ queryKey: ['fees', 'cash-book'] })} onClose={() => setHanding(null)} />
      )}
    </>
  );
}

/** One member of staff's day. */
function StaffCard({ card, day, onHandOver }: { card: CashBookStaffDay; day: string; onHandOver: (() => void) | undefined }) {
  const id = useId();
  const h = card.handover;
  return (
    <article className="cash-card" aria-labelledby={`${id}-name`}>
      <h2 id={`${id}-name`} className="cash-card__name">
        {card.name}
      </h2>
      <dl className="fee-totals cash-card__figures">
        {PAYMENT_MODES.map((m) => (
          <div key={m}>
            <dt>{PAYMENT_MODE_LABELS[m]}</dt>
            <dd>{formatRupees(card.received[m])}</dd>
          </div>
        ))}
        <div>
          <dt>Received</dt>
          <dd>
            {formatRupees(card.receivedPaise)} <span className="form-hint">({count(card.receiptsMade, 'receipt')})</span>
          </dd>
        </div>
        <div>
          <dt>Refunds paid</dt>
          <dd>
            {formatRupees(card.refundsPaise)}
            {card.refunds.cash > 0 && <span className="form-hint"> ({formatRupees(card.refunds.cash)} in cash)</span>}
          </dd>
        </div>
        <div className="cash-card__due">
          <dt>Cash to hand over</dt>
          <dd>{cashWords(card.cashToHandOverPaise)}</dd>
        </div>
      </dl>
      {h ? (
        <p className="cash-card__handover">
          Handed over to {h.receivedByName} at {formatIndiaMoment(h.handedAt)}: {formatRupees(h.countedPaise)} counted
          {h.differencePaise === 0
            ? ', as expected.'
            : `, ${formatRupees(Math.abs(h.differencePaise))} ${h.differencePaise < 0 ? 'short' : 'over'} (“${h.reason ?? ''}”).`}
        </p>
      ) : (
        <p className="cash-card__handover">Not handed over yet.</p>
      )}
      {card.changedSinceHandover && h && (
        <p className="cash-card__changed" role="note">
          Changed after the hand-over: the cash expected is now {cashWords(card.cashToHandOverPaise)}, against {formatRupees(h.expectedPaise)} when{' '}
          {formatRupees(h.countedPaise)} was handed over.
        </p>
      )}
      {onHandOver && (
        <button type="button" className="btn btn--sm" onClick={onHandOver}>
          Record {card.name}’s hand-over
        </button>
      )}
      <ReceiptList title={`Receipts made (${card.receipts.length})`} day={day} receipts={card.receipts} />
      {card.cancelled.length > 0 && (
        <ReceiptList
          title={`Cancelled this day (${card.cancelled.length}, ${formatRupees(card.cancelledPaise)})`}
          day={day}
          receipts={card.cancelled}
          cancelled
        />
      )}
      {card.refundList.length > 0 && (
        <details className="fee-extra">
          <summary>Refunds paid ({card.refundList.length})</summary>
          <ul className="fee-history">
            {card.refundList.map((f) => (
              <li key={f.id}>
                {f.number}: {formatRupees(f.amountPaise)} {PAYMENT_MODE_LABELS[f.mode].toLowerCase()} to {f.student}
              </li>
            ))}
          </ul>
        </details>
      )}
    </article>
  );
}

/** A folded list of receipts, each with its number, student, mode and amount (cancelled ones marked). */
function ReceiptList({ title, day, receipts, cancelled = false }: { title: string; day: string; receipts: CashBookReceipt[]; cancelled?: boolean }) {
  if (receipts.length === 0) return null;
  return (
    <details className="fee-extra">
      <summary>{title}</summary>
      <ul className="fee-history">
        {receipts.map((r) => (
          <li key={r.id}>
            {r.number}: {formatRupees(r.amountPaise)} {PAYMENT_MODE_LABELS[r.mode].toLowerCase()} from {r.student}
            {cancelled && r.madeOn !== day && `, made ${formatIndiaDay(r.madeOn)}`}
            {r.cancelledAt && (
              <>
                {' '}
                — <strong>Cancelled</strong>
                {r.cancelledBy && ` by ${r.cancelledBy}`} on {formatIndiaDay(r.cancelledAt)}: “{r.cancelledReason}”
              </>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The day as it prints on one A4 page: the figures per member of staff and the signature lines. */
function PrintedDay({ book }: { book: CashBookDay }) {
  return (
    <div className="cash-print">
      <h2>Cash book of {formatIndiaDay(book.day)}</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Staff</th>
            {PAYMENT_MODES.map((m) => (
              <th key={m} scope="col">
                {PAYMENT_MODE_LABELS[m]}
              </th>
            ))}
            <th scope="col">Receipts (cancelled)</th>
            <th scope="col">Refunds</th>
            <th scope="col">Cash to hand over</th>
            <th scope="col">Counted</th>
          </tr>
        </thead>
        <tbody>
          {book.staff.map((s) => (
            <tr key={s.staffId ?? s.name}>
              <th scope="row">{s.name}</th>
              {PAYMENT_MODES.map((m) => (
                <td key={m}>{formatRupees(s.received[m])}</td>
              ))}
              <td>
                {s.receiptsMade} ({s.cancelledCount})
              </td>
              <td>{formatRupees(s.refundsPaise)}</td>
              <td>{cashWords(s.cashToHandOverPaise)}</td>
              <td>{s.handover ? formatRupees(s.handover.countedPaise) : ''}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            {PAYMENT_MODES.map((m) => (
              <td key={m}>{formatRupees(book.totals.received[m])}</td>
            ))}
            <td>
              {book.totals.receiptsMade} ({book.totals.cancelledCount})
            </td>
            <td>{formatRupees(book.totals.refundsPaise)}</td>
            <td>{cashWords(book.totals.cashToHandOverPaise)}</td>
            <td>{formatRupees(book.totals.handedOverPaise)}</td>
          </tr>
        </tfoot>
      </table>
      <div className="cash-print__signatures">
        {book.staff.map((s) => (
          <p key={s.staffId ?? s.name}>Handed over by {s.name}</p>
        ))}
        <p>Received by the Owner</p>
      </div>
    </div>
  );
}

/** A month: each day's figures per member of staff, a day opening its cards. */
function MonthBook({ book, onOpen }: { book: CashBookMonth; onOpen: (day: string) => void }) {
  const caption = `Cash book of ${monthInWords(book.month)}, each day per member of staff`;
  return (
    <>
      <p className="cash-book__summary">
        {monthInWords(book.month)}: <strong>{formatRupees(book.totals.receivedPaise)}</strong> received in {count(book.totals.receiptsMade, 'receipt')}; cash{' '}
        {formatRupees(book.totals.received.cash)}, handed over {formatRupees(book.totals.handedOverPaise)}.
      </p>
      {book.days.length === 0 ? (
        <p>No receipts were made and no refunds paid in this month.</p>
      ) : (
        <div className="admin-table-wrap" tabIndex={0} role="region" aria-label={caption}>
          <table className="admin-table">
            <caption className="sr-only">{caption}</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Staff</th>
                <th scope="col">Received</th>
                <th scope="col">Cash to hand over</th>
                <th scope="col">Handed over</th>
              </tr>
            </thead>
            <tbody>
              {book.days.flatMap((d) =>
                d.staff.map((s, i) => (
                  <tr key={`${d.day}-${s.staffId ?? s.name}`}>
                    {i === 0 && (
                      <th scope="rowgroup" rowSpan={d.staff.length}>
                        <button type="button" className="btn btn--sm btn--outline" onClick={() => onOpen(d.day)}>
                          {formatIndiaDay(d.day)}
                        </button>
                      </th>
                    )}
                    <td>{s.name}</td>
                    <td>{formatRupees(s.receivedPaise)}</td>
                    <td>{cashWords(s.cashToHandOverPaise)}</td>
                    <td>
                      {s.handover
                        ? `${formatRupees(s.handover.countedPaise)}${s.handover.differencePaise !== 0 ? ` (${s.handover.differencePaise < 0 ? 'short' : 'over'})` : ''}${s.changedSinceHandover ? ', changed since' : ''}`
                        : 'Not yet'}
                    </td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
