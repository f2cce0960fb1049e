/**
 * Postgres access for every function: @neondatabase/serverless in production and, locally,
 * the same driver through a WebSocket proxy to the embedded or test database.
 * Queries are parameterised (`query(text, params)`) or built with the `sql` tag.
 */
import { Pool, neonConfig, type PoolClient, type QueryResultRow } from '@neondatabase/serverless';
import { env } from './env';

const globalPool = globalThis as typeof globalThis & { __institutePool?: Pool | undefined };

/** Anything that runs a query: a transaction's client or the pool. */
export type Queryable = Pick<PoolClient, 'query'>;

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
  // Not retried once sent: a statement whose connection dropped may still have run (and committed).
  const client = await connect();
  let broken: unknown;
  try {
    return (await client.query<T>(text, params)).rows;
  } catch (error) {
    if (droppedConnection(error)) broken = error;
    throw error;
  } finally {
    release(client, broken);
  }
}

/** True for an error that means the connection died. */
const droppedConnection = (error: unknown) =>
  error instanceof Error && /Connection terminated|ECONNRESET|socket hang up|WebSocket|not queryable/i.test(error.message);

/** Ends the pool (its connections may be dead), so the next call opens a fresh one. */
async function resetPool(): Promise<void> {
  const stale = globalPool.__institutePool;
  globalPool.__institutePool = undefined;
  await stale?.end().catch(() => {});
}

/**
 * A connection from the pool. When the connection cannot be opened (a restarted local database,
 * Neon waking up), once more on a fresh pool: nothing was sent yet, so nothing can run twice.
 */
async function connect(): Promise<PoolClient> {
  let client: PoolClient;
  try {
    client = await pool().connect();
  } catch (error) {
    if (!droppedConnection(error)) throw error;
    await resetPool();
    client = await pool().connect();
  }
  // A connection that dies while in use also emits 'error'; the statement waiting on it fails
  // with the same error, so the event needs no more than a listener (without one it would crash
  // the instance).
  if (!listened.has(client)) {
    listened.add(client);
    client.on('error', () => {});
  }
  return client;
}

/**
 * Connections that already have their 'error' listener. Kept beside the pool on globalThis: the
 * local function host loads every function's bundle into one process, each with its own copy of
 * this module but one shared pool, and a set per bundle would add a listener per function.
 */
const listenedHolder = globalThis as typeof globalThis & { __instituteListened?: WeakSet<PoolClient> };
const listened = (listenedHolder.__instituteListened ??= new WeakSet<PoolClient>());

/** Gives a connection back, or drops it when it broke (a dead connection must not be handed out again). */
function release(client: PoolClient, broken: unknown): void {
  client.release(broken instanceof Error ? broken : undefined);
}

/** The outcome of a COMMIT that lost its connection is unknown: it is never sent again. */
export class CommitUnknownError extends Error {}

/**
 * Runs `work` inside a transaction on one connection; rolls back if it throws. When the
 * connection drops before COMMIT is sent, the server has rolled the transaction back, so it is
 * run once more on a fresh connection (`work` must only touch the database through `client`).
 * Once COMMIT is sent, a dropped connection may have committed or not: it is not run again, and
 * the caller gets a CommitUnknownError (answered as a failure, never done twice).
 */
export async function transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
  try {
    return await attemptTransaction(work);
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
    await resetPool();
    return attemptTransaction(work).catch((again: unknown) => {
      throw again instanceof RolledBack ? again.cause : again;
    });
  }
}

/** The connection dropped before COMMIT was sent: the server rolled the transaction back. */
class RolledBack extends Error {}

/** One run of `work` in a transaction (see `transaction`). */
async function attemptTransaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await connect();
  let commitSent = false;
  let broken: unknown;
  try {
    await client.query('begin');
    const result = await work(client);
    commitSent = true;
    await client.query('commit');
    return result;
  } catch (error) {
    if (droppedConnection(error)) {
      broken = error;
      if (commitSent) throw new CommitUnknownError(`The connection dropped after COMMIT was sent: ${(error as Error).message}`, { cause: error });
      throw new RolledBack('The connection dropped before COMMIT', { cause: error });
    }
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    release(client, broken);
  }
}
