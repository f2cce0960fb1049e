/**
 * What every page does after its first screen: once the page has loaded, its first frame is
 * painted and the browser has an idle moment (so the first screen and its own files always come
 * first, also on a slow connection; the default texts show meanwhile), it fills
 * - the header's announcement line (`[data-announcement-text]`): the newest message, the default
 *   text when there is none, and the spec's failure text when the list cannot be loaded;
 * - the footer's visitor count (`[data-visitor-count]`): starts at 0 and shows the server's count;
 *   a failure is only logged;
 * and shows the success message a previous page left for this one (src/lib/flash.ts).
 */
import { afterFirstPaint } from './after-paint';
import { showFlash } from './flash';
import { groupIndian } from './indian-grouping';

/** The JSON answer of a GET on our API; rejects on a network failure or an error status. */
async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.json();
}

function loadAnnouncement(element: HTMLElement): void {
  const fallback = element.dataset['default'] ?? element.textContent ?? '';
  getJson('/api/marquee')
    .then((list) => {
      const first = Array.isArray(list) ? (list[0] as { message?: unknown } | undefined) : undefined;
      element.textContent = typeof first?.message === 'string' && first.message.trim() ? first.message : fallback;
    })
    .catch(() => {
      element.textContent = element.dataset['failed'] ?? 'Failed to load updates. Check again later.';
    });
}

function loadVisitorCount(element: HTMLElement): void {
  getJson('/api/visitor')
    .then((answer) => {
      const count = (answer as { count?: unknown } | null)?.count;
      if (typeof count === 'number') element.textContent = groupIndian(count);
    })
    .catch((error: unknown) => console.error('Visitor count unavailable:', error));
}

/** Fills the announcement line and the visitor count, and shows a waiting message, once the page is quiet. */
export function startLiveParts(): void {
  afterFirstPaint(
    () => {
      const announcement = document.querySelector<HTMLElement>('[data-announcement-text]');
      const counter = document.querySelector<HTMLElement>('[data-visitor-count]');
      if (announcement) loadAnnouncement(announcement);
      if (counter) loadVisitorCount(counter);
      showFlash();
    },
    { idle: true },
  );
}
