/**
 * What every staff-kept record shares: ids in the address, the version an edit is based on
 * (optimistic concurrency), and keyset pages.
 */
import { z } from './zod';

/** A record id from the address: digits only (404 for anything else). */
export const RecordIdSchema = z.string({ message: 'Please choose a record from the list.' }).regex(/^[1-9]\d{0,17}$/, 'Please choose a record from the list.');

/** The version an edit or delete was based on; a newer one on the server means 409. */
export const VersionSchema = z.number({ message: 'Please reload: the version of this record is missing.' }).int().min(1);

/** `?limit=` of a list: 1–100, 50 by default. */
export const PAGE_DEFAULT = 50;
export const PAGE_MAX = 100;

/** Query of a keyset-paged list: `after` is the `next` cursor of the previous page. */
export const PageQuerySchema = z.object({
  /** The `next` value of the previous page (opaque to the client). */
  after: z.string().max(200).optional(),
  /** Rows per page. */
  limit: z.coerce.number().int().min(1).max(PAGE_MAX).default(PAGE_DEFAULT),
});

/** One page of a list: the rows and the cursor of the next page (null on the last). */
export interface Page<T> {
  items: T[];
  next: string | null;
}

/** An answer of 409: someone saved first. `current` is the record as it is now (null when deleted). */
export interface Conflict<T> {
  message: string;
  current: T | null;
}

/** The message of a 409. */
export const CONFLICT_MESSAGE = 'Someone else changed this record while you were editing it. Their version is shown; please make your change again.';
