/**
 * Who owes what, to print or share (Today, beside the dues to chase): the overdue dues and those
 * due this week as a table for the office's file (student, mobile, course, what is due, since
 * when, reference), shown only on paper; and the same as plain text to copy, share from the phone
 * or send on WhatsApp to a colleague. Everyone who sees the dues sees this (a Teacher their own
 * batches', as the server lists them).
 */
import { useId, useState } from 'react';
import toast from 'react-hot-toast/headless';
import { duesSheetText, sheetRow } from '../../lib/dues-sheet';
import { formatIndiaDay } from '../../lib/india-time';
import { formatRupees } from '../../lib/money';
import type { DuesList, DuesToChaseAnswer } from '../../lib/schemas/fee-dues';

/** Longer than this, a wa.me link may be refused by the phone: the text is copied or shared instead. */
const WHATSAPP_TEXT_MAX = 3000;

export default function DuesSheet({ dues }: { dues: DuesToChaseAnswer }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const text = duesSheetText(dues.today, dues.overdue, dues.week);
  const mayShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      toast.success('The list is copied: paste it in WhatsApp or an e-mail.');
    } catch {
      toast.error('The list could not be copied. Please use Print or Share instead.');
    }
  };
  const share = () => void navigator.share({ title: `Fees owed on ${formatIndiaDay(dues.today)}`, text }).catch(() => undefined);

  return (
    <section className="lead-section" aria-labelledby={id}>
      <h2 id={id} className="admin-subheading">
        Who owes what
      </h2>
      <p className="form-hint">The dues above as one list for the office’s file: student, mobile, course, what is due, since when and the reference.</p>
      <div className="btn-row">
        <button type="button" className="btn btn--sm btn--outline" onClick={() => window.print()}>
          Print the list
        </button>
        <button type="button" className="btn btn--sm btn--outline" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy as text'}
        </button>
        {mayShare && (
          <button type="button" className="btn btn--sm btn--outline" onClick={share}>
            Share…
          </button>
        )}
        {text.length <= WHATSAPP_TEXT_MAX && (
          <a className="btn btn--sm btn--outline" href={`https://wa.me/?text=${encodeURIComponent(text)}`} target="_blank" rel="noopener noreferrer">
            Send on WhatsApp
          </a>
        )}
      </div>
      <div className="dues-sheet" data-print-only>
        <h2>Fees owed on {formatIndiaDay(dues.today)}</h2>
        <SheetTable title="Fees overdue" list={dues.overdue} />
        <SheetTable title="Fees due this week" list={dues.week} />
      </div>
    </section>
  );
}

/** One list as a printed table, with its count and total. */
function SheetTable({ title, list }: { title: string; list: DuesList }) {
  if (list.count === 0) return <p>{title}: none.</p>;
  return (
    <table className="dues-sheet__table">
      <caption>
        {title}: {list.count}, {formatRupees(list.totalPaise)}
        {list.count > list.items.length && ` (the first ${list.items.length} listed)`}
      </caption>
      <thead>
        <tr>
          <th scope="col">Student</th>
          <th scope="col">Mobile</th>
          <th scope="col">Course</th>
          <th scope="col">What is due</th>
          <th scope="col">Since</th>
          <th scope="col">Reference</th>
        </tr>
      </thead>
      <tbody>
        {list.items.map((due) => {
          const row = sheetRow(due);
          return (
            <tr key={due.id}>
              <td>{row.student}</td>
              <td>{row.mobile}</td>
              <td>{row.course}</td>
              <td>{row.due}</td>
              <td>{row.since}</td>
              <td>{row.reference}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
