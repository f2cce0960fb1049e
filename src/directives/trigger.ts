/**
 * `client:trigger="<selector>"` hydrates an island on the first click on an element matching the
 * selector (an Apply Now link, say), so nobody downloads the island's JavaScript until they
 * use it. The click that woke the island is handed to it through `window.__islandTrigger`; links
 * keep working as plain links until then, and without JavaScript.
 */
import type { ClientDirective } from 'astro';

declare global {
  interface Window {
    /** The element whose click hydrated an island, waiting for that island to act on it. */
    __islandTrigger?: Element | undefined;
  }
}

const trigger: ClientDirective = (load, options, el) => {
  const selector = String(options.value);
  const onClick = async (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest(selector) : null;
    if (!target || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    document.removeEventListener('click', onClick, true);
    el.setAttribute('aria-busy', 'true');
    window.__islandTrigger = target;
    const hydrate = await load();
    await hydrate();
    el.removeAttribute('aria-busy');
  };
  document.addEventListener('click', onClick, true);
};

export default trigger;
