/**
 * SQL on the test server's own database, for records the browser tests need but no screen of
 * theirs makes (a student's classes, a batch and its roster for a certificate). The server writes
 * its database's address to the run's data folder when it starts (DATABASE_URL_FILE in
 * playwright.config.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Sql } from '../support/class-records';
import { insertSampleBank } from '../../scripts/sample-bank.mjs';

/** Runs `work` with a client on the test server's database, then closes it. */
export async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const file = path.join(process.env['E2E_DATA_DIR'] ?? '', 'database-url');
  const client = new pg.Client({ connectionString: readFileSync(file, 'utf8').trim() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Runs `work` with a `sql` function (rows of a statement) on the test server's database. */
export const withDatabase = <T>(work: (sql: Sql) => Promise<T>): Promise<T> =>
  withClient((client) => work(async (text, params = []) => (await client.query(text, params)).rows));

/** The English name of the holiday on `day` (YYYY-MM-DD) in the institute's calendar (set by the Owner in Settings), or null. */
export const holidayOn = (day: string): Promise<string | null> =>
  withDatabase(async (sql) => ((await sql(`select name_en from holidays where day = $1`, [day]))[0]?.['name_en'] as string | undefined) ?? null);

/**
 * Puts the sample question bank (100 questions, three chapters, a sample test of each pattern) into
 * the test server's database, on `courseId` or on a course it finds or makes; returns its ids. The
 * test server starts without it (SAMPLE_BANK=off).
 */
export const loadSampleBank = (courseId?: string) => withClient((client) => insertSampleBank(client, courseId ? { courseId } : {}));
