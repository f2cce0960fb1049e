/**
 * Reading the records staff publish (GET /api/jobs, /api/courses) from a public page's script.
 * Only types come from the shared schemas, so no zod reaches the page.
 */
import type { Page } from './schemas/records';

/** One page of the list at `path` (newest first), after the cursor `after`; rejects on any failure. */
export async function fetchPage<T>(path: string, after: string | null = null, limit = 50): Promise<Page<T>> {
  const query = new URLSearchParams({ limit: String(limit), ...(after && { after }) });
  const response = await fetch(`${path}?${query}`, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const page = (await response.json()) as Page<T>;
  if (!Array.isArray(page?.items)) throw new Error(`${path}: not a page of records`);
  return page;
}

/** Every record of the list at `path`, newest first, reading at most `maxPages` pages of 100. */
export async function fetchAll<T>(path: string, maxPages = 10): Promise<T[]> {
  const all: T[] = [];
  let after: string | null = null;
  for (let page = 0; page < maxPages; page += 1) {
    const { items, next }: Page<T> = await fetchPage<T>(path, after, 100);
    all.push(...items);
    if (!next) break;
    after = next;
  }
  return all;
}

/** The record at `path`, null when the server answers 404; rejects on any other failure. */
export async function fetchOne<T>(path: string): Promise<T | null> {
  const response = await fetch(path, { headers: { accept: 'application/json' } });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

/** True for an address a link may open: https only (what the schemas allow), never `javascript:`. */
export const isSafeLink = (href: unknown): href is string => typeof href === 'string' && /^https:\/\/[^\s]+$/i.test(href);

/** ₹4,200 or ₹97.33: rupees in the Indian grouping, paise only when there are some. */
export function rupees(amount: number): string {
  const digits = Number.isInteger(amount) ? 0 : 2;
  return new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(amount);
}
