/* global self, caches */
// The test page's service worker (decision 052; docs/student-tests.md). Registered by
// /tests/attempt and /hi/tests/attempt only, each for its own address as scope, so it controls
// no other page. It keeps the page's shell (one per language, whatever the ?id=) and the hashed
// files it loads, so that an attempt reopens with the phone offline; the attempt itself (paper and
// answers) is kept by the page, not here. Pages: network first (a new build is seen at once), the
// kept copy when the network fails or hangs. /_astro/ files (named by their content): the kept
// copy first. /api/ is never touched: its requests go to the network as if there were no worker.
const CACHE = 'tests-attempt-v1';
const SHELLS = ['/tests/attempt', '/hi/tests/attempt'];
/** How long a page waits for the network before the kept copy is shown (3G that hangs). */
const NETWORK_WAIT_MS = 4000;

const isShell = (url) => SHELLS.includes(url.pathname.replace(/\.html$/, ''));
const keepable = (url) => url.origin === self.location.origin && !url.pathname.startsWith('/api/');
/** A page is kept under its path alone: one copy whatever the query. */
const keyOf = (url) => (isShell(url) ? url.pathname.replace(/\.html$/, '') : url.href);

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key.startsWith('tests-attempt-') && key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

/** Keeps the files a page loaded before the worker was there (the page posts their addresses). */
self.addEventListener('message', (event) => {
  const urls = event.data && Array.isArray(event.data.keep) ? event.data.keep : [];
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      for (const address of urls) {
        const url = new URL(address, self.location.origin);
        if (!keepable(url)) continue;
        if (!isShell(url) && (await cache.match(keyOf(url)))) continue;
        try {
          const response = await fetch(url, { credentials: 'same-origin' });
          if (response.ok) await cache.put(keyOf(url), response);
        } catch {
          // Offline already: kept the next time the page loads online.
        }
      }
    })(),
  );
});

/** The network's answer, kept; the kept copy when the network fails or takes too long. */
async function networkFirst(request, key, wait) {
  const cache = await caches.open(CACHE);
  const fromNetwork = fetch(request).then(async (response) => {
    if (response.ok && response.type === 'basic') await cache.put(key, response.clone());
    return response;
  });
  fromNetwork.catch(() => undefined);
  const late = new Promise((resolve) => setTimeout(resolve, wait));
  try {
    const first = await Promise.race([fromNetwork, late]);
    if (first) return first;
    return (await cache.match(key)) ?? (await fromNetwork);
  } catch {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw new Error('offline, and not kept');
  }
}

/** The kept copy of a file named by its content, else the network's, kept. */
async function keptFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request.url);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(request.url, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (!keepable(url)) return;
  if (request.mode === 'navigate') {
    if (isShell(url)) event.respondWith(networkFirst(request, keyOf(url), NETWORK_WAIT_MS));
    return;
  }
  if (url.pathname.startsWith('/_astro/')) event.respondWith(keptFirst(request));
  else event.respondWith(networkFirst(request, url.href, NETWORK_WAIT_MS));
});
