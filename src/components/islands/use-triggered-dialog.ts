/**
 * The plumbing of a modal opened by clicks on page elements: a native <dialog> kept in step
 * with a boolean store, opened by the click that hydrated the island (`client:trigger`, see
 * src/directives/trigger.ts) and by every later click on `triggers`. `used` turns true at the
 * first opening and stays so: the dialog's form is rendered from then on and keeps what was typed.
 */
import { useStore } from '@nanostores/react';
import type { WritableAtom } from 'nanostores';
import { useEffect, useRef, useState } from 'react';

export function useTriggeredDialog($open: WritableAtom<boolean>, triggers: string) {
  const open = useStore($open);
  const dialog = useRef<HTMLDialogElement>(null);
  const [used, setUsed] = useState(false);
  if (open && !used) setUsed(true);

  useEffect(() => {
    if (window.__islandTrigger?.matches(triggers)) {
      window.__islandTrigger = undefined;
      $open.set(true);
    }
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target.closest(triggers) : null;
      if (!target || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      $open.set(true);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [$open, triggers]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return { dialog, used };
}
