/**
 * Postgres access for every function: @neondatabase/serverless in production and, locally,
 * the same driver through a WebSocket proxy to the embedded or test database.
 * Queries are parameterised (`query(text, params)`) or built with the `sql` tag.
 */
import { Pool, neonConfig, type PoolClient, type QueryResultRow } from '@neondatabase/serverless';
import { env } from './env';

const globalPool = globalThis as typeof globalThis & { __institutePool?: Pool | undefined };

/** The shared pool (one per function instance). */
export function pool(): Pool {
  if (globalPool.__institutePool) return globalPool.__institutePool;
  const { DATABASE_URL, DB_WS_PROXY } = env();
  if (!DATABASE_URL) {
    throw new Error('DATABASE_URL is not set: start the site with `npm start`, which provides the embedded database.');
  }
  if (DB_WS_PROXY) {
    neonConfig.wsProxy = (host, port) => `${DB_WS_PROXY}/v1?address=${host}:${port}`;
    neonConfig.useSecureWebSocket = false;
    neonConfig.pipelineTLS = false;
    neonConfig.pipelineConnect = false;
  }
  // One connection per function instance: an instance serves one request at a time, and the
  // embedded database behind the local proxy is a single connection too.
  const created = new Pool({ connectionString: DATABASE_URL, max: 1 });
  // An idle connection closed by the server (Neon suspends idle computes) must not crash the
  // instance: the pool drops it, and the next query opens a new one.
  created.on('error', (error: Error) => console.error('database connection lost while idle:', error.message));
  globalPool.__institutePool = created;
  return created;
}

/** Runs one parameterised statement and returns its rows. */
export async function query<T extends QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  return retryOnDroppedConnection(async () => (await pool().query<T>(text, params)).rows);
}

/** True for an error that means the connection died before the statement ran to completion. */
const droppedConnection = (error: unknown) =>
  error instanceof Error && /Connection terminated|ECONNRESET|socket hang up|WebSocket/i.test(error.message);

/**
 * Runs `work` again, once, on a fresh pool when its connection was dropped (a restarted local
 * database, an idle connection closed by the server): the first attempt did not commit.
 */
async function retryOnDroppedConnection<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!droppedConnection(error)) throw error;
    const stale = globalPool.__institutePool;
    globalPool.__institutePool = undefined;
    await stale?.end().catch(() => {});
    return work();
  }
}

/** Runs `work` inside a transaction on one connection; rolls back if it throws. */
export async function transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
  return retryOnDroppedConnection(() => runTransaction(work));
}

async function runTransaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool().connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
