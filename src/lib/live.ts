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
import { showFlash } from './flash';

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
      element.textContent = 'Failed to load updates. Check again later.';
    });
}

function loadVisitorCount(element: HTMLElement): void {
  getJson('/api/visitor')
    .then((answer) => {
      const count = (answer as { count?: unknown } | null)?.count;
      if (typeof count === 'number') element.textContent = count.toLocaleString('en-IN');
    })
    .catch((error: unknown) => console.error('Visitor count unavailable:', error));
}

export function startLiveParts(): void {
  const work = () => {
    const announcement = document.querySelector<HTMLElement>('[data-announcement-text]');
    const counter = document.querySelector<HTMLElement>('[data-visitor-count]');
    if (announcement) loadAnnouncement(announcement);
    if (counter) loadVisitorCount(counter);
    showFlash();
  };
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(work, { timeout: 2000 }) : setTimeout(work, 200));
  // After the load event and after the first frame has been painted (a task queued from a
  // frame callback runs once that frame is on screen), then at an idle moment.
  const afterPaint = () => requestAnimationFrame(() => setTimeout(idle, 0));
  if (document.readyState === 'complete') afterPaint();
  else addEventListener('load', afterPaint, { once: true });
}
