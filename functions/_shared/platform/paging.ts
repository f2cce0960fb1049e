/**
 * Keyset pages of the staff lists (never OFFSET, which reads and throws away every row before the
 * page, and skips or repeats rows when the list changes between pages). A page is fetched with one
 * row more than asked for: if it comes, there is a next page, and `next` is the position of the
 * last row shown — the sort key and the id, as an opaque base64url cursor the client passes back
 * as `after`. A cursor names a position, not a row, so a deleted row does not break the paging.
 */
import { z } from 'zod';
import { plainText } from '../../../src/lib/schemas/plain-text';
import { isRealDay } from '../../../src/lib/schemas/real-day';
import { PAGE_DEFAULT, PAGE_MAX, PageQuerySchema, type Page } from '../../../src/lib/schemas/records';
import { fieldErrors, validate } from './http';

/** What a client is told for a cursor it did not get from us (the records lists say the same). */
export const BAD_CURSOR = 'This page of the list does not exist. Please start again from the first page.';
/** What a client is told for a page size out of range. */
const BAD_LIMIT = `Please ask for 1 to ${PAGE_MAX} records per page.`;

/** An empty query parameter (`?q=`) counts as left out. */
const blank = (v: unknown) => (v === '' ? undefined : v);

/** The page query of every list, with messages for people. */
export const ListQuerySchema = PageQuerySchema.extend({
  /** The `next` value of the previous page. */
  after: z.preprocess(blank, z.string().max(200, BAD_CURSOR).optional()),
  /** Rows per page. */
  limit: z.preprocess(blank, z.coerce.number({ message: BAD_LIMIT }).int(BAD_LIMIT).min(1, BAD_LIMIT).max(PAGE_MAX, BAD_LIMIT).default(PAGE_DEFAULT)),
});

/** A text filter of a list (`?q=`, `?entity=`): trimmed, empty means none, no control characters. */
export const FilterSchema = (max: number, label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().check(plainText(label)).max(max, `Please shorten ${label} to ${max} characters.`).optional(),
  );

/** Parses a list's query string with `schema` (400 with one message per parameter). */
export function listQuery<S extends z.ZodType>(req: Request, schema: S): z.infer<S> {
  return validate(schema, Object.fromEntries(new URL(req.url).searchParams));
}

/** The cursor of a position: the sort key(s) and the id of the last row shown. */
export const cursorOf = (...parts: string[]): string => Buffer.from(JSON.stringify(parts)).toString('base64url');

/** What a part of a cursor must be before it reaches a query: a pattern, or a test of its own. */
export interface CursorPart {
  test(part: string): boolean;
}

/**
 * The position a cursor names, checked part by part against `patterns` (so nothing unchecked
 * reaches the query), or null without a cursor; 400 (on the field `after`) for anything we did not make.
 */
export function readCursor(after: string | undefined, patterns: readonly CursorPart[]): string[] | null {
  if (after === undefined) return null;
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
  } catch {
    throw fieldErrors({ after: BAD_CURSOR });
  }
  const valid = Array.isArray(parts) && parts.length === patterns.length && parts.every((part, i) => typeof part === 'string' && patterns[i]!.test(part));
  if (!valid) throw fieldErrors({ after: BAD_CURSOR });
  return parts as string[];
}

/** The largest Postgres bigint. */
const MAX_BIGINT = 9223372036854775807n;

/** Cursor part: a bigserial id (a positive bigint: more would fail in the query, not be told). */
export const BIGINT_ID: CursorPart = { test: (part) => /^[1-9]\d{0,18}$/.test(part) && BigInt(part) <= MAX_BIGINT };
/** Cursor part: a uuid. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const TIMESTAMP_TEXT = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-](\d{2})(?::(\d{2}))?$/;

/**
 * Cursor part: a timestamptz as Postgres prints it (`timestamp::text`, microseconds kept: a
 * JavaScript Date would round them away and the next page would repeat or skip a row), and a real
 * moment: a real day, a time of day, an offset of at most 15:59 (Postgres' own bound).
 */
export const TIMESTAMP: CursorPart = {
  test(part) {
    const match = TIMESTAMP_TEXT.exec(part);
    if (!match || !isRealDay(match[1]!)) return false;
    const [hour, minute, second, offsetHours, offsetMinutes] = [match[2], match[3], match[4], match[6], match[7] ?? '0'].map(Number) as [
      number,
      number,
      number,
      number,
      number,
    ];
    return hour < 24 && minute < 60 && second < 60 && offsetHours < 16 && offsetMinutes < 60;
  },
};

/** Cursor part: a day (YYYY-MM-DD) that exists. */
export const DAY: CursorPart = { test: isRealDay };

/**
 * The page of `rows` (fetched with `limit + 1`): the first `limit`, shaped by `item`, and the
 * cursor of the last one when there are more.
 */
export function pageOf<R, T>(rows: R[], limit: number, item: (row: R) => T, cursor: (row: R) => string): Page<T> {
  const shown = rows.slice(0, limit);
  return { items: shown.map(item), next: rows.length > limit ? cursor(shown.at(-1)!) : null };
}

/**
 * The `Link` header naming the page after `page` of the list `req` asked for (RFC 8288,
 * `rel="next"`): the same address and query, `after` set to the page's cursor. Empty on the last
 * page. Lists the specification answers as a bare list (or `{users}`) page this way, so their
 * body keeps its shape; a relative reference, resolved against the request's own address.
 */
export function nextPageHeaders(req: Request, next: string | null): Record<string, string> {
  if (next === null) return {};
  const url = new URL(req.url);
  url.searchParams.set('after', next);
  return { Link: `<${url.pathname}?${url.searchParams.toString()}>; rel="next"` };
}
