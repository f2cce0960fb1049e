/**
 * SQL on the test server's own database, for a spec that needs rows no endpoint of this part
 * makes (a batch and its roster for a certificate): the server writes where its embedded
 * database listens to DATABASE_URL_FILE (playwright.config.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** Runs `work` with a client on the test server's database, then closes it. */
export async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = readFileSync(path.join(process.env['E2E_DATA_DIR'] ?? '', 'database-url'), 'utf8').trim();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
