/**
 * Keeps the test page usable offline (decision 052): registers the service worker of
 * public/tests-sw.js for this page's address only (/tests/attempt, or /hi/tests/attempt), and hands
 * it what this page loaded — the page itself, its hashed scripts and pictures — to keep, since on
 * the first visit the page was fetched before the worker existed. Nothing happens where the browser
 * has no service workers: the attempt is still kept on the phone, only a reload offline fails.
 */

/** The worker's script and the scopes it is registered for. */
export const TESTS_WORKER = '/tests-sw.js';

/** The addresses this page fetched that the worker may keep: the site's own files, never /api/. */
export function keepableUrls(page: string, loaded: readonly string[], origin: string): string[] {
  const urls = [page, ...loaded]
    .map((url) => new URL(url, origin))
    .filter((url) => url.origin === origin && !url.pathname.startsWith('/api/'))
    .map((url) => (url.pathname === page ? url.pathname : url.href));
  return [...new Set(urls)];
}

/** Registers the worker for this page and asks it to keep what the page loaded. */
export function keepForOffline(): void {
  if (!('serviceWorker' in navigator)) return;
  const scope = location.pathname.replace(/\.html$/, '');
  navigator.serviceWorker
    .register(TESTS_WORKER, { scope })
    .then(async (registration) => {
      const worker = registration.active ?? (await navigator.serviceWorker.ready).active;
      const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
      worker?.postMessage({ keep: keepableUrls(scope, loaded, location.origin) });
    })
    .catch(() => {
      // Storage or workers refused (a private window): the attempt itself is still on the phone.
    });
}
