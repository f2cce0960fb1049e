/**
 * The Latin key kept beside each lead's and student's name (`name_latin`, migration 012), and the
 * name search that uses it: a name matches when its own text contains what was typed (any case),
 * or its key contains the key of what was typed — so "sharma" finds शर्मा and "शर्मा" finds
 * Sharma (src/lib/transliterate.ts makes the keys).
 */
import { nameKey } from '../../../src/lib/transliterate';
import { query } from '../platform/db';

/** `text` as a LIKE pattern matching it anywhere (its own %, _ and \ taken literally). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Text as names are written: letters and marks of any script, spaces, `.`, `'` and `-`. */
const NAME_LIKE = /^[\p{L}\p{M}\s.'-]+$/u;

/**
 * The SQL condition "the name of `alias` matches `text`", its values added through `param`.
 * `text` is what staff typed (any script, any case).
 */
export function nameMatches(alias: string, text: string, param: (value: unknown) => string): string {
  const byText = `lower(${alias}.name) like ${param(containing(text.normalize('NFC').toLowerCase()))}`;
  // Only text written as a name is compared by its key: the key drops anything else, and "a_" must
  // not become "a" (every name with an a in it).
  const key = NAME_LIKE.test(text) ? nameKey(text) : '';
  return key ? `(${byText} or ${alias}.name_latin like ${param(containing(key))})` : byText;
}

/** How many rows of each table one housekeeping run keys at most. */
export const KEY_BATCH = 2000;

/**
 * Writes the key of up to `limit` names of leads and of students that have none yet (rows from
 * before migration 012, or written by something that left it out); returns how many of each.
 */
export async function keyMissingNames(limit = KEY_BATCH): Promise<{ leads: number; students: number }> {
  const keyTable = async (table: 'leads' | 'students') => {
    const rows = await query<{ id: string; name: string }>(`select id::text, name from ${table} where name_latin is null order by id limit $1`, [limit]);
    if (rows.length === 0) return 0;
    // `is null` again: a name written meanwhile already carries its own (newer) key.
    await query(
      `update ${table} t set name_latin = k.key
         from unnest($1::bigint[], $2::text[]) as k(id, key)
        where t.id = k.id and t.name_latin is null`,
      [rows.map((row) => row.id), rows.map((row) => nameKey(row.name))],
    );
    return rows.length;
  };
  return { leads: await keyTable('leads'), students: await keyTable('students') };
}
