/**
 * Runs `work` after the load event and the next idle moment: for calls whose answer can wait
 * (the announcement, the visitor count), so the first screen is painted and its own files are
 * fetched first, also on a slow connection.
 */
export function afterLoad(work: () => void): void {
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(work, { timeout: 2000 }) : setTimeout(work, 200));
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}
