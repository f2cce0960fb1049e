/**
 * The filters of the leads inbox (LeadFilterSchema) as SQL conditions on `leads l`, shared by the
 * list and the export so that an export gives exactly the leads the list showed. Values are
 * always parameters; each condition is written so that an index of migration 006 serves it:
 * equality on the btree columns, `like '%…%'` on the trigram indexes of lower(name), phone_norm
 * and email_norm (and name_latin, migration 012: a name typed in either script), and the reference
 * through its unique index.
 */
import type { LeadFilter } from '../../../src/lib/schemas/lead';
import { nameMatches } from '../records/name-keys';

/** What a search text is taken for, and the value looked for. */
export type Search = { by: 'reference'; value: string } | { by: 'phone'; value: string } | { by: 'email'; value: string } | { by: 'name'; value: string };

/** A lead's reference: two to four letters, the year and the number (AP-2026-00042). */
const REFERENCE = /^[a-z]{2,4}-\d{4}-\d{4,}$/i;
/** A phone number or a part of one: digits, with spaces, dashes, brackets and a leading + allowed. */
const PHONE_LIKE = /^\+?[\d\s()-]+$/;

/**
 * How `q` is searched: a reference matches exactly (any case); 3 or more digits (spaces, dashes
 * and a leading +91 ignored) are a part of the mobile number; text with `@` a part of the e-mail
 * address; anything else a part of the name. Lower-cased where the column is.
 */
export function searchOf(q: string): Search {
  const text = q.trim();
  if (REFERENCE.test(text)) return { by: 'reference', value: text.toUpperCase() };
  if (PHONE_LIKE.test(text)) {
    let digits = text.replace(/\D/g, '');
    // The country code: '+91 98290…' or '0091…' written in full, or 91 before ten digits.
    if (/^\s*\+\s*91/.test(text) || (digits.length === 12 && digits.startsWith('91'))) digits = digits.slice(2);
    else if (digits.startsWith('0091')) digits = digits.slice(4);
    if (digits.length >= 3) return { by: 'phone', value: digits.slice(-10) };
  }
  if (text.includes('@')) return { by: 'email', value: text.toLowerCase() };
  return { by: 'name', value: text.normalize('NFC').replace(/\s+/g, ' ').toLowerCase() };
}

/** `text` as a LIKE pattern matching it anywhere (its own %, _ and \ taken literally). */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** India's calendar day now, in SQL. */
export const INDIA_TODAY = `(now() at time zone 'Asia/Kolkata')::date`;
/** The statuses that still need a follow-up (OPEN_STATUSES), in SQL. */
const OPEN = `l.status in ('new', 'contacted', 'interested')`;

/**
 * The conditions of `filter` on `leads l` (to be joined with `and`), their values appended to
 * `params`. `staffId` is the caller (`assigned=me`). Sorting and paging are the caller's.
 */
export function leadConditions(filter: Omit<LeadFilter, 'sort'>, staffId: string, params: unknown[]): string[] {
  const where: string[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  if (filter.kind) where.push(`l.kind = ${param(filter.kind)}`);
  if (filter.status) where.push(`l.status = ${param(filter.status)}`);
  if (filter.source) where.push(`l.channel = ${param(filter.source)}`);
  if (filter.form) where.push(`l.form = ${param(filter.form)}`);
  if (filter.course) where.push(`l.course = ${param(filter.course)}`);
  // Days are India's: from the start of `from` to the end of `to` in Asia/Kolkata.
  if (filter.from) where.push(`l.created_at >= (${param(filter.from)}::date::timestamp at time zone 'Asia/Kolkata')`);
  if (filter.to) where.push(`l.created_at < ((${param(filter.to)}::date + 1)::timestamp at time zone 'Asia/Kolkata')`);
  switch (filter.due) {
    case 'overdue':
      where.push(`${OPEN} and l.follow_up_on < ${INDIA_TODAY}`);
      break;
    case 'today':
      where.push(`${OPEN} and l.follow_up_on = ${INDIA_TODAY}`);
      break;
    case 'week':
      where.push(`${OPEN} and l.follow_up_on between ${INDIA_TODAY} and ${INDIA_TODAY} + 6`);
      break;
    case 'none':
      where.push(`${OPEN} and l.follow_up_on is null`);
      break;
  }
  if (filter.assigned === 'none') where.push('l.assigned_to is null');
  else if (filter.assigned) where.push(`l.assigned_to = ${param(filter.assigned === 'me' ? staffId : filter.assigned)}::uuid`);
  if (filter.q) {
    const search = searchOf(filter.q);
    if (search.by === 'reference') where.push(`l.reference = ${param(search.value)}`);
    else if (search.by === 'phone') where.push(`l.phone_norm like ${param(containing(search.value))}`);
    else if (search.by === 'email') where.push(`l.email_norm like ${param(containing(search.value))}`);
    else where.push(nameMatches('l', search.value, param));
  }
  return where;
}

/** True when `filter` keeps only leads with a follow-up day (so a follow-up sort has no undated part). */
export const datedOnly = (filter: Pick<LeadFilter, 'due'>) => filter.due === 'overdue' || filter.due === 'today' || filter.due === 'week';
