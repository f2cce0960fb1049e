/**
 * The account page's confirmations (erasing one's data, withdrawing a consent): a native modal
 * <dialog> (the browser keeps the focus inside it, Escape goes back), a title, what will happen,
 * an optional box of words, the action and "Go back". A refusal is shown inside it and what was
 * typed stays; the focus goes back to the button that opened it.
 */
import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { mydata_go_back } from '../../i18n/messages';

interface Props {
  open: boolean;
  title: string;
  children: ReactNode;
  /** The action's button ("Yes, withdraw") and whether it is under way. */
  action: string;
  busy: boolean;
  busyAction: string;
  /** The refusal to show, if the last try failed. */
  error: string;
  onConfirm: () => void;
  onClose: () => void;
  /** A box of words to send with it: its label, value and change. */
  words?: { label: string; value: string; onChange: (value: string) => void } | undefined;
}

export default function AskDialog({ open, title, children, action, busy, busyAction, error, onConfirm, onClose, words }: Props) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const box = dialog.current;
    if (!box) return;
    if (open && !box.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      box.showModal();
    } else if (!open && opener.current) {
      // Closed by its buttons or by Escape: the focus goes back where it was.
      if (box.open) box.close();
      opener.current.focus();
      opener.current = null;
    }
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm();
  };

  return (
    <dialog
      ref={dialog}
      className="modal mydata-ask"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onClose={() => {
        if (open) onClose();
      }}
    >
      {open && (
        <form onSubmit={submit} noValidate>
          <h2 id={`${id}-title`} className="mydata-ask__title">
            {title}
          </h2>
          <div id={`${id}-body`}>{children}</div>
          {words && (
            <div className="form-field">
              <label htmlFor={`${id}-words`}>{words.label}</label>
              <textarea
                id={`${id}-words`}
                value={words.value}
                onChange={(event) => words.onChange(event.target.value)}
                rows={3}
                maxLength={2000}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
              />
            </div>
          )}
          <p className="form-error form-status" id={`${id}-error`} role="alert">
            {error}
          </p>
          <div className="btn-row">
            <button type="submit" className="btn" disabled={busy}>
              {busy ? busyAction : action}
            </button>
            <button type="button" className="btn btn--outline" onClick={onClose}>
              {mydata_go_back()}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
