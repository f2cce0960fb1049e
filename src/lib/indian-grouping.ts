/**
 * A whole number with India's grouping (12,34,567), in Latin digits whatever the page's
 * language, written without Intl: a page's first Intl formatter loads the browser's locale data,
 * a task of about 15 ms on a slow phone's CPU (60 ms in Lighthouse's mobile audit), which the
 * visitor count alone used to cost every page after its first paint.
 */

/** `n` (a whole number) with India's grouping: 1234567 → '12,34,567', -4200 → '-4,200'. */
export function groupIndian(n: number): string {
  if (!Number.isSafeInteger(n)) return String(n);
  const digits = String(Math.abs(n));
  const last = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${n < 0 ? '-' : ''}${rest ? `${rest},` : ''}${last}`;
}
