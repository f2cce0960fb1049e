/**
 * A modal dialog that asks why before an action that keeps a record but changes what it says
 * (cancelling a receipt, revoking a certificate): a title and what will happen, the reason
 * (up to 300 characters, which the server checks and may refuse beside the field), the action and
 * a way out. Open while `open` is true; `send` does the action with the reason and answers the
 * server's message, shown as a toast before the dialog closes.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import toast from 'react-hot-toast/headless';
import { ApiError, messageOf } from '../api';

interface Props {
  open: boolean;
  title: string;
  /** What the action does, in words. */
  children: ReactNode;
  /** The action's button ('Cancel the receipt') and its text while it runs ('Cancelling...'). */
  action: string;
  busyAction: string;
  /** The button that closes without acting ('Keep it'). */
  keep: string;
  /** What to say when the server gives no message of its own. */
  failure: string;
  send: (reason: string) => Promise<{ message: string }>;
  onClose: () => void;
}

export default function ReasonDialog({ open, title, children, action, busyAction, keep, failure, send, onClose }: Props) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [open]);
  const close = () => {
    setReason('');
    setError('');
    if (dialog.current?.open) dialog.current.close();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      toast.success((await send(reason)).message);
      close();
    } catch (problem) {
      setError((problem instanceof ApiError && problem.data.errors?.['reason']) || messageOf(problem, failure));
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
          <p>{children}</p>
          <div className="form-field">
            <label htmlFor={`${id}-reason`}>Reason</label>
            <textarea
              id={`${id}-reason`}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              maxLength={300}
              rows={3}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-reason-error` : undefined}
            />
            {error && (
              <p className="form-error" id={`${id}-reason-error`} role="alert">
                {error}
              </p>
            )}
          </div>
          <div className="btn-row">
            <button type="submit" className="btn btn--sm" disabled={busy}>
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
