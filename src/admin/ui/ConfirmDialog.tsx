/**
 * Confirmations ('Are you sure you want to delete the course Tally Prime?') in a native modal <dialog>: the
 * browser keeps the focus inside it and Escape cancels. `useConfirm()` gives
 * `confirm(message, action)`, which resolves to true only when the action button was pressed.
 */
import { createContext, use, useCallback, useId, useRef, useState, type ReactNode } from 'react';

interface Question {
  message: string;
  action: string;
  resolve: (answer: boolean) => void;
}

type Confirm = (message: string, action?: string) => Promise<boolean>;

const ConfirmContext = createContext<Confirm>(async () => false);

/** Asks for a confirmation; true when confirmed. */
export const useConfirm = () => use(ConfirmContext);

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [question, setQuestion] = useState<Question | null>(null);

  const confirm = useCallback<Confirm>(
    (message, action = 'Delete') =>
      new Promise<boolean>((resolve) => {
        opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setQuestion({ message, action, resolve });
        // Opened once the dialog shows the new question.
        requestAnimationFrame(() => {
          if (dialog.current && !dialog.current.open) dialog.current.showModal();
        });
      }),
    [],
  );

  const answer = (value: boolean) => {
    question?.resolve(value);
    setQuestion(null);
    if (dialog.current?.open) dialog.current.close();
    opener.current?.focus();
  };

  return (
    <ConfirmContext value={confirm}>
      {children}
      <dialog
        ref={dialog}
        className="modal admin-confirm"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-message`}
        onClose={() => question && answer(false)}
      >
        <h2 id={`${id}-title`} className="admin-confirm__title">
          Please confirm
        </h2>
        <p id={`${id}-message`}>{question?.message}</p>
        <div className="btn-row">
          <button type="button" className="btn btn--outline" onClick={() => answer(false)}>
            Cancel
          </button>
          <button type="button" className="btn admin-btn--danger" onClick={() => answer(true)}>
            {question?.action ?? 'Delete'}
          </button>
        </div>
      </dialog>
    </ConfirmContext>
  );
}
