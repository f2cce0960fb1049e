/**
 * `client:session` hydrates an island at once, but only in a browser that holds a session:
 * when localStorage has a `token` (or, given a value, any of the space-separated keys named,
 * e.g. `client:session="activationToken"`). Everyone else keeps the server-rendered HTML and
 * downloads none of the island's JavaScript: an anonymous visitor never loads React for the
 * header's sign-in state. A form inside that is submitted while the island is still waking up is
 * held back (never sent as a plain page request) and submitted by the island once it is ready.
 */
import type { ClientDirective } from 'astro';

const session: ClientDirective = async (load, options, el) => {
  const keys = typeof options.value === 'string' && options.value.trim() ? options.value.trim().split(/\s+/) : ['token'];
  let held = false;
  try {
    held = keys.some((key) => Boolean(localStorage.getItem(key)));
  } catch {
    // Storage blocked: there can be no stored session either.
  }
  if (!held) return;

  let pendingSubmit: HTMLFormElement | null = null;
  const holdSubmit = (event: Event) => {
    event.preventDefault();
    event.stopPropagation();
    pendingSubmit = event.target as HTMLFormElement;
  };
  el.addEventListener('submit', holdSubmit, true);
  const hydrate = await load();
  await hydrate();
  el.removeEventListener('submit', holdSubmit, true);
  // Give React a moment to finish hydrating, then send a form submitted in the meantime.
  if (pendingSubmit) setTimeout(() => pendingSubmit?.requestSubmit(), 300);
};

export default session;
