/**
 * A modal dialog that asks for words before an action that keeps a record but changes what it
 * says (cancelling a receipt, revoking a certificate: the reason, up to 300 characters) or that
 * answers a person (a data request's note or reason: up to 2,000, what they will read): a title and
 * what will happen, the words (which the server checks and may refuse beside the field), the action
 * and a way out. Open while `open` is true; `send` does the action with the words and an
 * Idempotency-Key made for this opening (a double tap acts once) and answers the server's message,
 * shown as a toast before the dialog closes. What was typed stays when the server refuses.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import toast from 'react-hot-toast/headless';
import { ApiError, messageOf } from '../api';

interface Props {
  open: boolean;
  title: string;
  /** What the action does, in words (a sentence; block content with `blocks`). */
  children: ReactNode;
  /** `children` are paragraphs of their own, not one sentence. */
  blocks?: boolean;
  /** The field's label ('Reason'), the server's key for its errors ('reason'), its length and first words. */
  label?: string;
  field?: string;
  maxLength?: number;
  initial?: string;
  /** The action's button ('Cancel the receipt') and its text while it runs ('Cancelling...'). */
  action: string;
  busyAction: string;
  /** The action is destructive (Erase now): its button is red. */
  danger?: boolean;
  /** The button that closes without acting ('Keep it'). */
  keep: string;
  /** What to say when the server gives no message of its own. */
  failure: string;
  send: (words: string, idempotencyKey: string) => Promise<{ message: string }>;
  onClose: () => void;
}

export default function ReasonDialog({
  open,
  title,
  children,
  blocks = false,
  label = 'Reason',
  field = 'reason',
  maxLength = 300,
  initial = '',
  action,
  busyAction,
  danger = false,
  keep,
  failure,
  send,
  onClose,
}: Props) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [words, setWords] = useState(initial);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const key = useRef('');

  useEffect(() => {
    if (open && dialog.current && !dialog.current.open) {
      key.current = crypto.randomUUID();
      setWords(initial);
      setError('');
      dialog.current.showModal();
    }
  }, [open, initial]);
  const close = () => {
    setWords('');
    setError('');
    if (dialog.current?.open) dialog.current.close();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      toast.success((await send(words, key.current)).message);
      close();
    } catch (problem) {
      setError((problem instanceof ApiError && problem.data.errors?.[field]) || messageOf(problem, failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={dialog} className="modal admin-confirm" aria-labelledby={`${id}-title`} onClose={() => open && close()}>
      {open && (
        <form onSubmit={(event) => void submit(event)}>
          <h2 id={`${id}-title`} className="admin-confirm__title">
            {title}
          </h2>
          {blocks ? children : <p>{children}</p>}
          <div className="form-field">
            <label htmlFor={`${id}-words`}>{label}</label>
            <textarea
              id={`${id}-words`}
              value={words}
              onChange={(event) => setWords(event.target.value)}
              maxLength={maxLength}
              rows={3}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-words-error` : undefined}
            />
            {error && (
              <p className="form-error" id={`${id}-words-error`} role="alert">
                {error}
              </p>
            )}
          </div>
          <div className="btn-row">
            <button type="submit" className={`btn btn--sm${danger ? ' admin-btn--danger' : ''}`} disabled={busy}>
              {busy ? busyAction : action}
            </button>
            <button type="button" className="btn btn--sm btn--outline" onClick={close}>
              {keep}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
