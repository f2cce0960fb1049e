/**
 * What the tests that run functions in this process share (scripts/in-process.mjs): starting the
 * functions named on a database of their own with a pg client on it, closing both, querying it,
 * and the requests the functions are called with.
 */
import pg from 'pg';
import { startInProcess } from '../../scripts/in-process.mjs';

/** The functions running in this process. */
export type InProcess = Awaited<ReturnType<typeof startInProcess>>;

/** What the helpers need of the functions in this process: a call, and the work it left after its answer. */
export interface Caller {
  call(
    name: string,
    request: Request,
    options?: { ip?: string; params?: Record<string, string> },
  ): Promise<{ response: Response; settled: () => Promise<unknown> }>;
}

/** The site's address in the requests (the functions read their routes from its path). */
export const BASE = 'http://127.0.0.1:8888';

/** What to start (scripts/in-process.mjs): the functions by name, and their environment. */
export interface InProcessOptions {
  /** The functions to bundle and start (names of functions/*.ts). */
  functions: string[];
  /** Count the database round trips of the requests (fx.roundTrips()). */
  countRoundTrips?: boolean;
  /** Variables set in the environment before the functions start. */
  env?: Record<string, string>;
}

/** Starts the functions and connects a client to their database. */
export async function openInProcess(options: InProcessOptions): Promise<{ fx: InProcess; client: pg.Client }> {
  const fx = await startInProcess(options);
  const client = new pg.Client({ connectionString: fx.databaseUrl });
  await client.connect();
  return { fx, client };
}

/** Ends what openInProcess started, as far as it got: the client, then the functions and their database. */
export async function closeInProcess({ fx, client }: { fx?: InProcess | undefined; client?: pg.Client | undefined }): Promise<void> {
  await client?.end();
  await fx?.close();
}

/** Runs SQL on the client `client()` gives (the one of the running file): the rows. */
export const sqlOn =
  (client: () => pg.Client) =>
  async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> =>
    (await client().query<T>(text, params)).rows;

/** A JSON POST to `route`. */
export const jsonPost = (route: string, body: unknown, headers: Record<string, string> = {}) =>
  new Request(new URL(route, BASE), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
