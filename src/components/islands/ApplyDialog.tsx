/**
 * The Apply Now dialog ('Get Started'), opened by any link to /apply or element marked
 * `data-open-apply`. A native modal <dialog>: focus stays inside, Escape closes it, and focus
 * returns to the button that opened it. Hydrated by `client:trigger` on the first such click.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { $applyDialogOpen, closeApplyDialog, openApplyDialog } from '../../stores/apply-dialog';
import ApplyForm from './ApplyForm';
import ToastHost from './ToastHost';

interface Props {
  /** Elements that open the dialog. */
  triggers: string;
}

export default function ApplyDialog({ triggers }: Props) {
  const open = useStore($applyDialogOpen);
  const dialog = useRef<HTMLDialogElement>(null);
  // The form is rendered from the first opening on (not in every page's HTML), then kept, so a
  // visitor who closes the dialog by mistake finds their answers again.
  const [used, setUsed] = useState(false);
  if (open && !used) setUsed(true);

  useEffect(() => {
    // The click that hydrated this island, then every later one.
    if (window.__islandTrigger?.matches(triggers)) {
      window.__islandTrigger = undefined;
      openApplyDialog();
    }
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target.closest(triggers) : null;
      if (!target || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      openApplyDialog();
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

  return (
    <>
      <ToastHost />
      <dialog ref={dialog} className="modal" aria-labelledby="apply-dialog-title" onClose={closeApplyDialog}>
        <div className="modal__head">
          <h2 id="apply-dialog-title">Get Started</h2>
          <button type="button" className="modal__close" aria-label="Close" onClick={closeApplyDialog}>
            ×
          </button>
        </div>
        {used && <ApplyForm onSuccess={closeApplyDialog} />}
      </dialog>
    </>
  );
}
