/**
 * Reminders one after another: the dues of one of Today's lists in turn. For each, WhatsApp in the
 * student's language (filled) or the other opens the message and records the reminder; when staff
 * come back the next due is ready, its heading focused, and the count says how far they are
 * ("3 of 12 sent"). Skip passes one by without sending. Each due keeps one Idempotency-Key for the
 * whole flow, so a double tap or a retry after a lost answer records its reminder once.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { formatIndiaDay } from '../../lib/india-time';
import { formatMobile } from '../../lib/mobile';
import { formatRupees } from '../../lib/money';
import { LANGUAGE_WORDS, languageOf } from '../../lib/person-language';
import type { DueToChase } from '../../lib/schemas/fee-dues';
import { messageOf } from '../api';
import { ageOf, dueText } from '../leads/waited';
import { sendReminder } from './send-reminder';

const LANGUAGES = [
  { language: 'en', label: 'English' },
  { language: 'hi', label: 'हिन्दी' },
] as const;

type Outcome = 'sent' | 'skipped';

/** The flow over `items` (one of Today's lists); `onSent` after each reminder recorded (the lists are read again). */
export default function RemindInTurn({
  title,
  items,
  today,
  onSent,
  onClose,
}: {
  title: string;
  items: DueToChase[];
  today: string;
  onSent: () => void;
  onClose: () => void;
}) {
  const id = useId();
  // The list as it was when the flow began: a refetch after each reminder must not reorder it.
  const [dues] = useState(items);
  const [index, setIndex] = useState(0);
  const [outcomes, setOutcomes] = useState<Record<string, Outcome>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const keys = useRef(new Map<string, string>());
  const heading = useRef<HTMLHeadingElement>(null);
  const done = useRef<HTMLParagraphElement>(null);
  const started = useRef(false);

  useEffect(() => {
    // Focus the due now ready (not on the first render: the button that started the flow keeps it until then).
    if (started.current) (heading.current ?? done.current)?.focus();
    started.current = true;
  }, [index]);

  const current = dues[index];
  const sent = Object.values(outcomes).filter((o) => o === 'sent').length;
  const skipped = Object.values(outcomes).filter((o) => o === 'skipped').length;

  const next = (due: DueToChase, outcome: Outcome) => {
    setOutcomes((all) => ({ ...all, [due.id]: outcome }));
    setError('');
    setIndex((i) => i + 1);
  };

  const send = async (due: DueToChase, language: 'en' | 'hi') => {
    if (busy) return;
    const key = keys.current.get(due.id) ?? crypto.randomUUID();
    keys.current.set(due.id, key);
    setBusy(true);
    setError('');
    try {
      await sendReminder(due.id, language, key);
      next(due, 'sent');
      onSent();
    } catch (failure) {
      setError(messageOf(failure, 'The reminder could not be recorded. Please try again, or skip this one.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="remind-turn" aria-labelledby={id}>
      <h3 id={id} className="admin-subheading">
        Reminders one by one: {title.toLowerCase()}
      </h3>
      <p className="remind-turn__progress" role="status">
        {sent} of {dues.length} sent{skipped > 0 && `, ${skipped} skipped`}
      </p>
      <progress className="remind-turn__bar" max={dues.length} value={sent + skipped} aria-label="Reminders done" />
      {current ? (
        <div className="lead-card remind-turn__due">
          <h4 className="lead-card__name" tabIndex={-1} ref={heading}>
            {index + 1} of {dues.length}: {current.student} <span className="fee-dues__amount">{formatRupees(current.balancePaise)}</span>
          </h4>
          <p className="lead-card__meta">
            <span>
              {current.label}
              {current.course && `, ${current.course}`}
              {current.batch && ` (${current.batch})`}
            </span>
            <span>
              {dueText(current.dueOn, today)} ({formatIndiaDay(current.dueOn)})
            </span>
            <span>
              {current.messaging?.to === 'guardian'
                ? `To the guardian, ${current.messaging.guardian}: ${formatMobile(current.messaging.phone)}`
                : current.phone
                  ? formatMobile(current.phone)
                  : 'No mobile number: WhatsApp will ask whom to send it to'}
            </span>
            <span>{current.remindedAt ? `Reminded ${ageOf(current.remindedAt)} ago` : 'Not reminded yet'}</span>
            <span>Writes in {LANGUAGE_WORDS[languageOf(current)]}</span>
          </p>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <div className="btn-row">
            {[...LANGUAGES]
              .sort((a, b) => Number(b.language === languageOf(current)) - Number(a.language === languageOf(current)))
              .map(({ language, label }) => (
                <button
                  key={language}
                  type="button"
                  className={language === languageOf(current) ? 'btn btn--sm' : 'btn btn--sm btn--outline'}
                  disabled={busy}
                  onClick={() => void send(current, language)}
                >
                  {busy ? 'Opening...' : 'WhatsApp'} <span lang={language}>{label}</span>
                  <span className="sr-only"> reminder to {current.student}</span>
                </button>
              ))}
            <button type="button" className="btn btn--sm btn--outline" disabled={busy} onClick={() => next(current, 'skipped')}>
              Skip<span className="sr-only"> {current.student}</span>
            </button>
            <button type="button" className="btn btn--sm btn--outline" disabled={busy} onClick={onClose}>
              Stop
            </button>
          </div>
        </div>
      ) : (
        <div className="remind-turn__done">
          <p tabIndex={-1} ref={done}>
            All done: {sent} {sent === 1 ? 'reminder' : 'reminders'} sent{skipped > 0 && `, ${skipped} skipped`}.
          </p>
          <button type="button" className="btn btn--sm" onClick={onClose}>
            Back to the list
          </button>
        </div>
      )}
    </section>
  );
}
