// Chooses and prepares the database before the functions start, and sets the environment they
// read (DATABASE_URL, DB_WS_PROXY, OUTBOX_DIR):
// - no DATABASE_URL: the embedded PGlite database in .data/pglite (or PGLITE_DIR), created and
//   migrated here;
// - DATABASE_URL on this machine (a local PostgreSQL, as in the tests): reached through the local
//   WebSocket proxy and migrated here;
// - any other DATABASE_URL (Neon): used as it is; migrations run with `npm run db:migrate`.
import path from 'node:path';
import { dataDir, migrate, startEmbeddedPostgres, startWebSocketProxy, useLocalProxy } from './db.mjs';

export async function prepareDatabase({ log = console.log } = {}) {
  const closers = [];
  if (process.env.CONTEXT === 'production' && !process.env.DATABASE_URL) {
    throw new Error('DATABASE_URL is not set: refusing to start in production with the embedded database.');
  }
  process.env.OUTBOX_DIR ??= path.join(dataDir, 'outbox');

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
    } finally {
      await pool.end();
    }
  }
  process.env.DATABASE_URL = url;
  if (!process.env.SENDGRID_API_KEY) log(`  Mail outbox: ${path.relative(process.cwd(), process.env.OUTBOX_DIR)}/ (messages are written there, not sent)`);
  return {
    embedded,
    async close() {
      for (const close of closers.reverse()) await close();
    },
  };
}
