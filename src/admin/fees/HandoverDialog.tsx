/**
 * The Owner's record of one member of staff's cash of a day, in a modal dialog: the cash expected
 * (cash received − cash refunds paid), the cash counted (the expected amount to start with) and,
 * when they differ, the reason. Checked by the shared HandoverSchema before it is sent; sent with
 * an Idempotency-Key made when the dialog opens, so a double tap records once
 * (POST /api/admin/fees/cash-book/handovers).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast/headless';
import { formatRupees } from '../../lib/money';
import { formatIndiaDay } from '../../lib/india-time';
import { HandoverSchema, type HandoverAnswer } from '../../lib/schemas/cash-book';
import { api, ApiError, messageOf } from '../api';

interface Props {
  /** The member of staff and the day, with the cash the book expects. */
  who: { staffId: string; name: string; day: string; expectedPaise: number };
  onDone: () => void;
  onClose: () => void;
}

/** Paise as rupees people type: '2350' or '2350.50'. */
const typed = (paise: number) => (paise % 100 === 0 ? String(Math.max(paise, 0) / 100) : (Math.max(paise, 0) / 100).toFixed(2));

export default function HandoverDialog({ who, onDone, onClose }: Props) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [key] = useState(() => crypto.randomUUID());
  const [counted, setCounted] = useState(typed(who.expectedPaise));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);

  const parsed = HandoverSchema.shape.counted.safeParse(counted);
  const differs = parsed.success && parsed.data !== who.expectedPaise;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem('');
    const body = { staffId: who.staffId, day: who.day, counted, expectedPaise: who.expectedPaise, ...(differs && { reason }) };
    const checked = HandoverSchema.safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await api<HandoverAnswer>('/api/admin/fees/cash-book/handovers', { body, headers: { 'idempotency-key': key } });
      toast.success(answer.message);
      dialog.current?.close();
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.data.errors) setErrors(error.data.errors);
      setProblem(messageOf(error, 'The hand-over could not be recorded. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const described = (field: string) => (errors[field] ? `${id}-${field}-error` : undefined);
  return (
    <dialog ref={dialog} className="modal admin-confirm" aria-labelledby={`${id}-title`} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={`${id}-title`} className="admin-confirm__title">
          {who.name}’s cash of {formatIndiaDay(who.day)}
        </h2>
        <p>
          Cash expected: <strong>{formatRupees(Math.max(who.expectedPaise, 0))}</strong>
          {who.expectedPaise < 0 && ` (${formatRupees(-who.expectedPaise)} more refunded in cash than received)`}. Count the cash, then record what you
          received.
        </p>
        <div className="form-field">
          <label htmlFor={`${id}-counted`}>Cash counted (₹)</label>
          <input
            id={`${id}-counted`}
            inputMode="decimal"
            autoComplete="off"
            value={counted}
            onChange={(event) => setCounted(event.target.value)}
            aria-invalid={errors['counted'] ? true : undefined}
            aria-describedby={described('counted')}
          />
          {errors['counted'] && (
            <p className="form-error" id={`${id}-counted-error`}>
              {errors['counted']}
            </p>
          )}
        </div>
        {differs && (
          <div className="form-field">
            <label htmlFor={`${id}-reason`}>Reason for the difference of {formatRupees(Math.abs(parsed.data - who.expectedPaise))}</label>
            <textarea
              id={`${id}-reason`}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              maxLength={300}
              rows={3}
              required
              aria-invalid={errors['reason'] ? true : undefined}
              aria-describedby={described('reason')}
            />
            {errors['reason'] && (
              <p className="form-error" id={`${id}-reason-error`}>
                {errors['reason']}
              </p>
            )}
          </div>
        )}
        {problem && (
          <p className="form-error" role="alert">
            {problem}
          </p>
        )}
        <div className="btn-row">
          <button type="submit" className="btn btn--sm" disabled={busy}>
            {busy ? 'Recording...' : 'Record the hand-over'}
          </button>
          <button type="button" className="btn btn--sm btn--outline" onClick={() => dialog.current?.close()}>
            Not now
          </button>
        </div>
      </form>
    </dialog>
  );
}
