/**
 * `client:session` hydrates an island at once, but only in a browser that holds a session:
 * when localStorage has a `token` (or, given a value, any of the space-separated keys named,
 * e.g. `client:session="activationToken"`). Everyone else keeps the server-rendered HTML and
 * downloads none of the island's JavaScript: an anonymous visitor never loads React for the
 * header's sign-in state.
 */
import type { ClientDirective } from 'astro';

const session: ClientDirective = async (load, options) => {
  const keys = typeof options.value === 'string' && options.value.trim() ? options.value.trim().split(/\s+/) : ['token'];
  let held = false;
  try {
    held = keys.some((key) => Boolean(localStorage.getItem(key)));
  } catch {
    // Storage blocked: there can be no stored session either.
  }
  if (!held) return;
  const hydrate = await load();
  await hydrate();
};

export default session;
