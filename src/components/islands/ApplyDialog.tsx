/**
 * The Apply Now dialog ('Get Started'), opened by any link to /apply or element marked
 * `data-open-apply`. A native modal <dialog>: focus stays inside, Escape closes it, and focus
 * returns to the button that opened it. Hydrated by `client:trigger` on the first such click.
 */
import { lazy, Suspense } from 'react';
import { $applyDialogOpen, closeApplyDialog } from '../../stores/apply-dialog';
import ApplyForm from './ApplyForm';
import ToastHost from './ToastHost';
import { useTriggeredDialog } from './use-triggered-dialog';
import { apply_title, forms_close } from '../../i18n/messages';

/** The form's privacy notice, a chunk of its own loaded when the dialog first opens (content/privacy-notice.json). */
const ApplyNotice = lazy(() => import('./ApplyNotice'));

interface Props {
  /** Elements that open the dialog. */
  triggers: string;
}

export default function ApplyDialog({ triggers }: Props) {
  const { dialog, used } = useTriggeredDialog($applyDialogOpen, triggers);

  return (
    <>
      <ToastHost />
      <dialog ref={dialog} className="modal" aria-labelledby="apply-dialog-title" onClose={closeApplyDialog}>
        <div className="modal__head">
          <h2 id="apply-dialog-title">{apply_title()}</h2>
          <button type="button" className="modal__close" aria-label={forms_close()} onClick={closeApplyDialog}>
            ×
          </button>
        </div>
        {used && (
          <Suspense>
            <ApplyNotice />
          </Suspense>
        )}
        {used && <ApplyForm onSuccess={closeApplyDialog} />}
      </dialog>
    </>
  );
}
