/**
 * Today's dues to chase (GET /api/admin/fees/dues): those overdue and those due this week, each
 * list with its count and total; each due with the student, what is left to pay, the due day and
 * when it was last reminded. Those who collect fees get one-tap WhatsApp in English or Hindi:
 * the tap opens WhatsApp at once (a window opened in the tap itself, so no pop-up blocker stops
 * it), records the reminder (POST /api/admin/fees/reminders) and fills that window with the
 * wa.me link of the message; or they go through a list one due after another (RemindInTurn). A
 * minor's reminder goes to the guardian who agreed to WhatsApp; where none may go (the guardian did
 * not agree, the student withdrew their consent to updates) words say so instead of the buttons,
 * and one by one passes them by.
 * Below, who owes what to print or share (DuesSheet). A Teacher sees only their own batches'
 * students (the server decides).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import toast from 'react-hot-toast/headless';
import { formatRupees } from '../../lib/money';
import { formatIndiaDay } from '../../lib/india-time';
import type { DueToChase, DuesList, DuesToChaseAnswer } from '../../lib/schemas/fee-dues';
import { api, messageOf } from '../api';
import { useCan } from '../app-info';
import { ageOf, dueText } from '../leads/waited';
import DuesSheet from './DuesSheet';
import { noMessagingWords } from '../../lib/schemas/messaging';
import RemindInTurn from './RemindInTurn';
import { sendReminder } from './send-reminder';

/** The query key of the dues to chase. */
export const DUES_KEY = ['fees', 'dues'] as const;

const LANGUAGES = [
  { language: 'en', label: 'English', lang: 'en' },
  { language: 'hi', label: 'हिन्दी', lang: 'hi' },
] as const;

export default function DuesOnToday() {
  const can = useCan();
  const mayRemind = can('fees-collect');
  const dues = useQuery({ queryKey: DUES_KEY, queryFn: () => api<DuesToChaseAnswer>('/api/admin/fees/dues'), staleTime: 0 });

  if (dues.isPending) return <p role="status">Loading the dues...</p>;
  if (dues.isError)
    return (
      <div role="alert">
        <p className="form-error">{messageOf(dues.error, 'The dues could not be loaded.')}</p>
        <button type="button" className="btn btn--sm btn--outline" onClick={() => void dues.refetch()}>
          Try again
        </button>
      </div>
    );
  return (
    <>
      <DuesSection title="Fees overdue" empty="No fees are overdue." list={dues.data.overdue} today={dues.data.today} mayRemind={mayRemind} />
      <DuesSection title="Fees due this week" empty="No fees fall due this week." list={dues.data.week} today={dues.data.today} mayRemind={mayRemind} />
      <DuesSheet dues={dues.data} />
    </>
  );
}

/** One list of dues with its count and total. */
function DuesSection({ title, empty, list, today, mayRemind }: { title: string; empty: string; list: DuesList; today: string; mayRemind: boolean }) {
  const id = useId();
  const client = useQueryClient();
  const [inTurn, setInTurn] = useState(false);
  // Only the dues a reminder may go to (decision 053).
  const reachable = list.items.filter((due) => !noMessagingWords(due.messaging));
  return (
    <section className="lead-section" aria-labelledby={id}>
      <h2 id={id} className="admin-subheading">
        {title} <span className="lead-section__count">({list.count})</span>
      </h2>
      {list.count === 0 ? (
        <p>{empty}</p>
      ) : (
        <>
          <p className="fee-dues__total">
            Total: <strong>{formatRupees(list.totalPaise)}</strong>
            {list.count > list.items.length && ` (the first ${list.items.length} of ${list.count} are listed)`}
          </p>
          {inTurn ? (
            <RemindInTurn
              title={title}
              items={reachable}
              today={today}
              onSent={() => void client.invalidateQueries({ queryKey: DUES_KEY })}
              onClose={() => setInTurn(false)}
            />
          ) : (
            <>
              {mayRemind && reachable.length > 0 && (
                <button type="button" className="btn btn--sm" onClick={() => setInTurn(true)}>
                  Remind one by one ({reachable.length})<span className="sr-only">: {title.toLowerCase()}</span>
                </button>
              )}
              <ul className="lead-cards">
                {list.items.map((due) => (
                  <DueCard key={due.id} due={due} today={today} mayRemind={mayRemind} />
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}

/** One due: who, how much, when, the last reminder, and the WhatsApp buttons. */
function DueCard({ due, today, mayRemind }: { due: DueToChase; today: string; mayRemind: boolean }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const key = useRef<string | null>(null);

  const remind = async (language: 'en' | 'hi') => {
    setBusy(true);
    try {
      // One key until the reminder is recorded: a retry after a lost answer records it once.
      key.current ??= crypto.randomUUID();
      await sendReminder(due.id, language, key.current);
      key.current = null;
      toast.success(`Reminder to ${due.student} recorded.`);
      await client.invalidateQueries({ queryKey: DUES_KEY });
    } catch (error) {
      toast.error(messageOf(error, 'The reminder could not be recorded. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="lead-card">
      <h3 className="lead-card__name">
        {due.student} <span className="fee-dues__amount">{formatRupees(due.balancePaise)}</span>
      </h3>
      {due.lateFeePaise > 0 && <p className="fee-dues__late">Includes a {formatRupees(due.lateFeePaise)} late fee.</p>}
      <p className="lead-card__meta">
        <span>
          {due.label}
          {due.course && `, ${due.course}`}
          {due.batch && ` (${due.batch})`}
        </span>
        <span className={due.dueOn < today ? 'fee-dues__late' : undefined}>
          {dueText(due.dueOn, today)} ({formatIndiaDay(due.dueOn)})
        </span>
        <span>{due.remindedAt ? `Reminded ${ageOf(due.remindedAt)} ago` : 'Not reminded yet'}</span>
        <span>Reference {due.reference}</span>
      </p>
      {mayRemind && noMessagingWords(due.messaging) && <p className="lead-actions__none">{noMessagingWords(due.messaging)}</p>}
      {mayRemind && !noMessagingWords(due.messaging) && (
        <div className="btn-row">
          {/* The student's own language first, as the filled button: the one staff usually send. */}
          {[...LANGUAGES]
            .sort((a, b) => Number(b.language === (due.language ?? 'en')) - Number(a.language === (due.language ?? 'en')))
            .map(({ language, label, lang }) => (
              <button
                key={language}
                type="button"
                className={language === (due.language ?? 'en') ? 'btn btn--sm' : 'btn btn--sm btn--outline'}
                disabled={busy}
                onClick={() => void remind(language)}
              >
                {due.messaging?.to === 'guardian' ? 'WhatsApp the guardian' : 'WhatsApp'} <span lang={lang}>{label}</span>
                <span className="sr-only"> reminder to {due.student}</span>
              </button>
            ))}
        </div>
      )}
    </li>
  );
}
