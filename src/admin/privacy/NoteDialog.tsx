/**
 * A modal dialog that answers a data request with words the person reads (the note of Mark done,
 * the reason of Decline, what to tell them after Erase now): a title, what will happen, the note
 * (5 to 2,000 characters, which the server checks and may refuse beside the field), the action and
 * Cancel. One Idempotency-Key per opening, so a double tap answers once. What was typed stays
 * when the server refuses.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import toast from 'react-hot-toast/headless';
import { ApiError, messageOf } from '../api';

interface Props {
  open: boolean;
  title: string;
  /** What the action does, in words. */
  children: ReactNode;
  /** The note's label and what it starts with. */
  label: string;
  initial: string;
  action: string;
  busyAction: string;
  /** The action is destructive (Erase now): its button is red. */
  danger?: boolean;
  send: (note: string, idempotencyKey: string) => Promise<{ message: string }>;
  onClose: () => void;
}

export default function NoteDialog({ open, title, children, label, initial, action, busyAction, danger = false, send, onClose }: Props) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [note, setNote] = useState(initial);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const key = useRef('');

  useEffect(() => {
    if (open && dialog.current && !dialog.current.open) {
      key.current = crypto.randomUUID();
      setNote(initial);
      setError('');
      dialog.current.showModal();
    }
  }, [open, initial]);
  const close = () => {
    if (dialog.current?.open) dialog.current.close();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      toast.success((await send(note, key.current)).message);
      close();
    } catch (problem) {
      setError((problem instanceof ApiError && problem.data.errors?.['note']) || messageOf(problem, 'That did not work. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={dialog} className="modal admin-confirm" aria-labelledby={`${id}-title`} onClose={() => open && close()}>
      {open && (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <h2 id={`${id}-title`} className="admin-confirm__title">
            {title}
          </h2>
          {children}
          <div className="form-field">
            <label htmlFor={`${id}-note`}>{label}</label>
            <textarea
              id={`${id}-note`}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              maxLength={2000}
              rows={3}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-note-error` : undefined}
            />
            {error && (
              <p className="form-error" id={`${id}-note-error`} role="alert">
                {error}
              </p>
            )}
          </div>
          <div className="btn-row">
            <button type="submit" className={`btn btn--sm${danger ? ' admin-btn--danger' : ''}`} disabled={busy}>
              {busy ? busyAction : action}
            </button>
            <button type="button" className="btn btn--sm btn--outline" onClick={close}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
