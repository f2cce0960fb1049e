// Chooses and prepares the database before the functions start, and sets the environment they
// read (DATABASE_URL, DB_WS_PROXY, OUTBOX_DIR, UPLOAD_DIR, AUTH_SECRET):
// - no DATABASE_URL: the embedded PGlite database in .data/pglite (or PGLITE_DIR), created and
//   migrated here;
// - DATABASE_URL on this machine (a local PostgreSQL, as in the tests): reached through the local
//   WebSocket proxy and migrated here;
// - any other DATABASE_URL (Neon): used as it is; migrations run with `npm run db:migrate`.
// Sets LOCAL_MODE=1, which lets the functions run on these local stand-ins.
// Without AUTH_SECRET a random one is made once and kept in a git-ignored
// file beside the data, so sign-ins and pending registrations survive a restart.
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dataDir, migrate, startEmbeddedPostgres, startWebSocketProxy, useLocalProxy } from './db.mjs';
import { loadSampleBankOnce } from './sample-bank.mjs';
import { ensureDemoAdmin } from './staff.mjs';

/**
 * The local AUTH_SECRET: read from `auth-secret` in the folder that holds this server's data —
 * the parent of PGLITE_DIR or OUTBOX_DIR when one is set (so test servers get their own), else
 * .data/ — and created there with 48 random bytes the first time.
 */
export function localAuthSecret() {
  const custom = process.env.PGLITE_DIR || process.env.OUTBOX_DIR;
  let dir = custom ? path.dirname(path.resolve(custom)) : dataDir;
  // Never beside package.json, where git would see it.
  if (dir === path.dirname(dataDir)) dir = dataDir;
  const file = path.join(dir, 'auth-secret');
  mkdirSync(dir, { recursive: true });
  // Written aside, then linked into place: two servers starting side by side never overwrite
  // each other's secret, and neither reads a half-written file.
  const draft = `${file}.${process.pid}.tmp`;
  writeFileSync(draft, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if (error?.code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters: delete it to make a new one.`);
  return { secret, file };
}

/**
 * `demoAdmin`: on a local database without staff, make the demo staff account and print its
 * password (npm start does; the account tools and the tests do not). `sampleBank`: on a local
 * database, load the sample question bank the first time (scripts/sample-bank.mjs; npm start does).
 */
export async function prepareDatabase({ log = console.log, demoAdmin = false, sampleBank = false } = {}) {
  const closers = [];
  // The functions refuse to run without their production settings unless told they are local
  // (functions/_shared/platform/env.ts): this server is, whatever else is configured.
  process.env.LOCAL_MODE = '1';
  if (!process.env.AUTH_SECRET) {
    const { secret, file } = localAuthSecret();
    process.env.AUTH_SECRET = secret;
    const shown = path.relative(process.cwd(), file);
    log(`  Auth secret: ${shown.startsWith('..') ? file : shown} (made locally; set AUTH_SECRET to use your own)`);
  }
  // The functions name no data folder themselves (a bundler following the reference would copy
  // the folder into every bundle): they are told here. The documents go beside the outbox (a
  // test server's own scratch folder), never beside package.json, where git would see them.
  process.env.OUTBOX_DIR ??= path.join(dataDir, 'outbox');
  const outboxParent = path.dirname(path.resolve(process.env.OUTBOX_DIR));
  process.env.UPLOAD_DIR ??= path.join(outboxParent === path.dirname(dataDir) ? dataDir : outboxParent, 'uploads');

  let url = process.env.DATABASE_URL;
  let embedded = false;
  if (!url) {
    const started = Date.now();
    const directory = process.env.PGLITE_DIR ?? path.join(dataDir, 'pglite');
    const pg = await startEmbeddedPostgres({ directory });
    closers.push(pg.close);
    url = pg.url;
    embedded = true;
    log(`  Embedded database: ${path.relative(process.cwd(), directory)} at ${pg.url} (opened in ${Date.now() - started} ms)`);
  }
  const target = new URL(url);
  const local = ['127.0.0.1', 'localhost', '::1'].includes(target.hostname);
  if (local) {
    const proxy = await startWebSocketProxy({ allowedPort: Number(target.port || 5432), serialize: embedded });
    closers.push(proxy.close);
    process.env.DB_WS_PROXY = proxy.address;
    const { Pool, neonConfig } = await import('@neondatabase/serverless');
    useLocalProxy(neonConfig, proxy.address);
    const pool = new Pool({ connectionString: url });
    try {
      await migrate(pool, { log });
      // The first local start makes a demo staff account and prints its password (this once).
      if (demoAdmin) await ensureDemoAdmin(pool, log);
      // The first local start loads the demo question bank and its sample tests (this once).
      if (sampleBank) {
        const client = await pool.connect();
        try {
          await loadSampleBankOnce(client, { log });
        } finally {
          client.release();
        }
      }
    } finally {
      await pool.end();
    }
  }
  process.env.DATABASE_URL = url;
  // A test server tells its browser tests where its database is, for the records they write with SQL.
  if (process.env.DATABASE_URL_FILE && local) writeFileSync(process.env.DATABASE_URL_FILE, `${url}\n`, { mode: 0o600 });
  if (!process.env.SENDGRID_API_KEY) log(`  Mail outbox: ${path.relative(process.cwd(), process.env.OUTBOX_DIR)}/ (messages are written there, not sent)`);
  if (!process.env.S3_BUCKET) log(`  Documents: ${path.relative(process.cwd(), process.env.UPLOAD_DIR)}/ (uploads are kept there, not in S3)`);
  return {
    embedded,
    async close() {
      for (const close of closers.reverse()) await close();
    },
  };
}
