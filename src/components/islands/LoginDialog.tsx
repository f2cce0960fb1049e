/**
 * The login dialog ('Login to Your Account'), opened by any link to /login (the header's Student
 * Login) or element marked `data-open-login`. A native modal <dialog>: focus stays inside,
 * Escape closes it, focus returns to what opened it. Hydrated by `client:trigger` on the first
 * such click, so no page downloads it before then. On pages that need a signed-in student,
 * closing it leaves for the home page, as the spec's close button does.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { $loginDialogOpen, closeLoginDialog, openLoginDialog } from '../../stores/auth';
import LoginForm from './LoginForm';
import ToastHost from './ToastHost';

interface Props {
  /** Elements that open the dialog. */
  triggers: string;
  /** Closing goes to the home page instead of back to the page (guarded pages). */
  closeHome?: boolean | undefined;
}

export default function LoginDialog({ triggers, closeHome = false }: Props) {
  const open = useStore($loginDialogOpen);
  const dialog = useRef<HTMLDialogElement>(null);
  // The form is rendered from the first opening on, then kept (with what was typed).
  const [used, setUsed] = useState(false);
  if (open && !used) setUsed(true);

  useEffect(() => {
    // The click that hydrated this island, then every later one.
    if (window.__islandTrigger?.matches(triggers)) {
      window.__islandTrigger = undefined;
      openLoginDialog();
    }
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target.closest(triggers) : null;
      if (!target || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      openLoginDialog();
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [triggers]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  const onClose = () => {
    closeLoginDialog();
    if (closeHome) location.assign('/');
  };

  return (
    <>
      <ToastHost />
      <dialog ref={dialog} className="modal" aria-labelledby="login-dialog-title" onClose={onClose}>
        <div className="modal__head">
          <h2 id="login-dialog-title">Login to Your Account</h2>
          <button type="button" className="modal__close" aria-label="Close" onClick={() => dialog.current?.close()}>
            ×
          </button>
        </div>
        {used && <LoginForm />}
      </dialog>
    </>
  );
}
