/**
 * Reading the records staff publish (GET /api/jobs, /api/courses) from a public page's script.
 * Only types come from the shared schemas, so no zod reaches the page.
 */
import { nextLink } from './link-header';

/** One page of a public list: its records and the address of the next page (null on the last). */
export interface PublicPage<T> {
  items: T[];
  next: string | null;
}

/**
 * The first page of the list at `path` (newest first), or the page at `next` (the address the
 * previous page named in its `Link` header); rejects on any failure.
 */
export async function fetchPage<T>(path: string, next: string | null = null, limit = 50): Promise<PublicPage<T>> {
  const address = next ?? `${path}?${new URLSearchParams({ limit: String(limit) })}`;
  const response = await fetch(address, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const items = (await response.json()) as T[];
  if (!Array.isArray(items)) throw new Error(`${path}: not a list of records`);
  return { items, next: nextLink(response.headers.get('link')) };
}

/** Every record of the list at `path`, newest first, reading at most `maxPages` pages of 100. */
export async function fetchAll<T>(path: string, maxPages = 10): Promise<T[]> {
  const all: T[] = [];
  let next: string | null = null;
  for (let page = 0; page < maxPages; page += 1) {
    const answer: PublicPage<T> = await fetchPage<T>(path, next, 100);
    all.push(...answer.items);
    if (!answer.next) break;
    next = answer.next;
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
