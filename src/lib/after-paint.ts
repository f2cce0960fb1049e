/**
 * When a page fetches what it shows from the API: after its first frame is on screen, so the
 * static page (text, layout, its own files) always comes first, also on a slow connection.
 */

/** Options of afterFirstPaint. */
export interface AfterPaintOptions {
  /**
   * Also wait for the load event and an idle moment: for extras (the announcement line, the
   * visitor count), not for a page's main content, which should come as soon as it can.
   */
  idle?: boolean;
}

/** Runs `work` once the page's first frame has been painted (and, with `idle`, once it is quiet). */
export function afterFirstPaint(work: () => void, { idle = false }: AfterPaintOptions = {}): void {
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(work, { timeout: 2000 }) : setTimeout(work, 200));
  // A task queued from a frame callback runs once that frame is on screen.
  const afterPaint = () => requestAnimationFrame(() => setTimeout(idle ? whenIdle : work, 0));
  if (!idle || document.readyState === 'complete') afterPaint();
  else addEventListener('load', afterPaint, { once: true });
}
