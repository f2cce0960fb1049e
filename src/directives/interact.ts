/**
 * `client:interact` hydrates an island when the visitor first touches, clicks or focuses inside
 * it (a form, say). Until then the server-rendered HTML is all there is: the page downloads no
 * JavaScript for it, and what the visitor types meanwhile stays in the fields. A form submitted
 * before the island is ready is submitted again, by the island, once it is.
 */
import type { ClientDirective } from 'astro';

const interact: ClientDirective = (load, _options, el) => {
  const events = ['focusin', 'pointerdown', 'touchstart'] as const;
  let started = false;
  let hydrated = false;
  let pendingSubmit: HTMLFormElement | null = null;
  const start = async () => {
    if (started) return;
    started = true;
    events.forEach((type) => el.removeEventListener(type, start));
    const hydrate = await load();
    await hydrate();
    hydrated = true;
    // Give React a moment to finish hydrating, then send a form submitted in the meantime.
    if (pendingSubmit) setTimeout(() => pendingSubmit?.requestSubmit(), 300);
  };
  // The island submits with JavaScript: a native submission (a plain POST that would leave the
  // page) never happens, even while the island is still waking up.
  el.addEventListener(
    'submit',
    (event) => {
      event.preventDefault();
      if (!hydrated) pendingSubmit = event.target as HTMLFormElement;
      void start();
    },
    true,
  );
  events.forEach((type) => el.addEventListener(type, start, { passive: true }));
};

export default interact;
