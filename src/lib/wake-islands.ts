/**
 * Wakes, at once, an island that would otherwise wait for the first touch, focus or tap inside it
 * (`client:interact`), by handing it that first focus. The box around it says when, in
 * `data-wake`: "always" (a page that is nothing without its island, such as /fixDocuments), or a
 * localStorage key — an application form wakes when a fill of it is kept on this device, so what
 * was typed is back before the applicant touches anything.
 */

/** Tries before giving up on an island that does not wake (its script failed to load). */
const ATTEMPTS = 50;
/** Between two tries: the island's directive may not be listening yet. */
const RETRY_MS = 100;

/** True when a localStorage key holds something. */
function kept(key: string): boolean {
  try {
    return Boolean(localStorage.getItem(key));
  } catch {
    // Storage blocked: nothing can be kept either.
    return false;
  }
}

/** Wakes every island whose box asks for it (see the module's comment). */
export function wakeIslands() {
  for (const box of document.querySelectorAll<HTMLElement>('[data-wake]')) {
    const when = box.dataset['wake'] ?? '';
    const island = box.querySelector('astro-island');
    if (!island || (when !== 'always' && !kept(when))) continue;
    let attempt = 0;
    const wake = () => {
      // Astro removes `ssr` once the island has hydrated.
      if (!island.hasAttribute('ssr') || (attempt += 1) > ATTEMPTS) return;
      island.dispatchEvent(new Event('focusin'));
      setTimeout(wake, RETRY_MS);
    };
    wake();
  }
}
