/**
 * The login dialog ('Login to Your Account'), opened by any link to /login (the header's Student
 * Login) or element marked `data-open-login`. A native modal <dialog>: focus stays inside,
 * Escape closes it, focus returns to what opened it. Hydrated by `client:trigger` on the first
 * such click, so no page downloads it before then. On pages that need a signed-in student,
 * closing it leaves for the home page, as the spec's close button does.
 */
import { account_close, account_login_title } from '../../i18n/messages';
import { pathIn } from '../../i18n/locales';
import { getLocale } from '../../paraglide/runtime.js';
import { $loginDialogOpen, closeLoginDialog } from '../../stores/auth';
import LoginForm from './LoginForm';
import ToastHost from './ToastHost';
import { useTriggeredDialog } from './use-triggered-dialog';

interface Props {
  /** Elements that open the dialog. */
  triggers: string;
  /** Closing goes to the home page instead of back to the page (guarded pages). */
  closeHome?: boolean | undefined;
}

export default function LoginDialog({ triggers, closeHome = false }: Props) {
  const { dialog, used } = useTriggeredDialog($loginDialogOpen, triggers);

  const onClose = () => {
    closeLoginDialog();
    if (closeHome) location.assign(pathIn('/', getLocale()));
  };

  return (
    <>
      <ToastHost />
      <dialog ref={dialog} className="modal" aria-labelledby="login-dialog-title" onClose={onClose}>
        <div className="modal__head">
          <h2 id="login-dialog-title">{account_login_title()}</h2>
          <button type="button" className="modal__close" aria-label={account_close()} onClick={() => dialog.current?.close()}>
            ×
          </button>
        </div>
        {used && <LoginForm />}
      </dialog>
    </>
  );
}
