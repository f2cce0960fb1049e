// What the in-process benchmarks (bench-lists, bench-leads) share: a migrated database per run
// (PGlite or PostgreSQL), the functions' calls routed through a relay that counts round trips,
// a call to a bundled function as Netlify makes it, timing with warm-ups, and the run on both
// databases.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { startWebSocketProxy } from './db.mjs';
import { prepareDatabase } from './database.mjs';
import { startCountingRelay } from './in-process.mjs';
import { postgresBinDir, startTestPostgres } from './test-postgres.mjs';

/** Sorted latencies → p50 / p95 / max in ms. */
export function percentiles(latencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  return { p50: at(50), p95: at(95), max: sorted.at(-1) };
}

/** p50, p95 and max of a result, aligned for the table. */
export const formatTimes = (r) => `${r.p50.toFixed(1).padStart(6)} ${r.p95.toFixed(1).padStart(6)} ${r.max.toFixed(1).padStart(6)}`;

/**
 * Opens the database of one run, migrated: `databaseUrl`, or (null) a new PGlite in `dir`.
 * Resolves to `{ database, url }`.
 */
export async function openDatabase(dir, databaseUrl) {
  if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
  else {
    delete process.env.DATABASE_URL;
    process.env.PGLITE_DIR = path.join(dir, 'pglite');
  }
  delete process.env.DB_WS_PROXY;
  const database = await prepareDatabase({ log: () => {} });
  return { database, url: process.env.DATABASE_URL };
}

/**
 * Points the functions' database at a relay in front of `url` that counts round trips (a query,
 * or an extended-protocol Sync). Resolves to `{ roundTrips, close }`; `close` also ends the pool
 * the bundles opened.
 */
export async function countRoundTrips(url, { serialize }) {
  const relay = await startCountingRelay(Number(new URL(url).port));
  const proxy = await startWebSocketProxy({ allowedPort: relay.port, serialize });
  const relayed = new URL(url);
  relayed.port = String(relay.port);
  process.env.DATABASE_URL = relayed.href;
  process.env.DB_WS_PROXY = proxy.address;
  return {
    roundTrips: () => relay.roundTrips(),
    async close() {
      await globalThis.__institutePool?.end().catch(() => {});
      globalThis.__institutePool = undefined;
      await proxy.close();
      await relay.close();
    },
  };
}

/**
 * Calls a bundled function's handler with GET `target` and `cookie`, as Netlify would (work left
 * for after the answer is awaited). Resolves to the body's text; throws unless the status is 200.
 */
export async function invoke(handler, target, cookie) {
  return (await invokeWithHeaders(handler, target, cookie)).body;
}

/** As `invoke`, also giving the answer's headers (a list's next page is named in `Link`). */
export async function invokeWithHeaders(handler, target, cookie) {
  const pending = [];
  const context = { ip: '100.64.1.10', requestId: randomUUID(), deploy: { context: '' }, params: {}, waitUntil: (p) => pending.push(p) };
  const response = await handler(new Request(new URL(target, 'http://127.0.0.1'), { headers: { cookie } }), context);
  const body = await response.text();
  await Promise.all(pending);
  if (response.status !== 200) throw new Error(`${target} answered ${response.status}: ${body.slice(0, 300)}`);
  return { body, headers: response.headers };
}

/**
 * Times `calls` runs of `run` after 3 warm-ups. Resolves to the percentiles, the fewest round
 * trips a run took, and what the last run returned (`last`).
 */
export async function timeCalls(run, calls, roundTrips) {
  for (let i = 0; i < 3; i += 1) await run();
  const latencies = [];
  let trips = Infinity;
  let last;
  for (let i = 0; i < calls; i += 1) {
    const before = roundTrips();
    const t = performance.now();
    last = await run();
    latencies.push(performance.now() - t);
    trips = Math.min(trips, roundTrips() - before);
  }
  return { ...percentiles(latencies), trips, last };
}

/**
 * Runs `benchOn(label, databaseUrl)` on PGlite and on a throwaway PostgreSQL (`only`: 'pglite'
 * or 'postgresql' for one of them), stopping the server afterwards. Resolves to the results by
 * database.
 */
export async function onEachDatabase(only, benchOn) {
  const runs = {};
  if (only !== 'postgresql') runs.PGlite = await benchOn('pglite', null);
  if (only === 'pglite') return runs;
  if (!postgresBinDir()) {
    console.log('PostgreSQL is not installed here (apt-get install -y postgresql): its column is left out.');
    return runs;
  }
  const postgres = await startTestPostgres();
  try {
    runs.PostgreSQL = await benchOn('postgresql', postgres.url);
  } finally {
    postgres.stop();
  }
  return runs;
}

/**
 * Measures one route: a first call (null when no function answers it, or another status than
 * `ok`: the row says so instead of figures), then `calls` timed calls after 3 warm-ups, each after
 * `between` (untimed: emptying the rate limits, which are not what is measured). Resolves to a row
 * of the table: {name, p50, p95, max, trips, bytes}, or {name, note}.
 */
export async function measureRoute(name, run, { calls, roundTrips, ok = 200, between = async () => {} }) {
  const first = await run(0);
  if (!first) return { name, note: 'not built: no function on this branch answers this route' };
  if (first.status !== ok) return { name, note: `answered ${first.status}: ${first.text.slice(0, 120)}` };
  const latencies = [];
  let trips = Infinity;
  for (let i = 1; i <= calls + 3; i += 1) {
    await between();
    const before = roundTrips();
    const t = performance.now();
    const answer = await run(i);
    const ms = performance.now() - t;
    if (answer.status !== ok) return { name, note: `call ${i} answered ${answer.status}: ${answer.text.slice(0, 120)}` };
    if (i <= 3) continue; // warm-up
    latencies.push(ms);
    trips = Math.min(trips, roundTrips() - before);
  }
  return { name, ...percentiles(latencies), trips, bytes: first.text.length };
}

/**
 * Prints the rows of measureRoute by database (`runs`: {PGlite: rows, PostgreSQL: rows}) under
 * `title`, marking a p95 over `goal` ms and setting the exit code to 1 for it, unless `failOverGoal`
 * is false (a benchmark that checks its own budgets) or the row is one for comparison only
 * (`compare`: measured on a database changed to show where the time goes).
 */
export function printRouteTable(title, runs, goal, { failOverGoal = true } = {}) {
  const labels = Object.keys(runs);
  const names = runs[labels[0]].map((r) => r.name);
  const width = Math.max(...names.map((n) => n.length));
  console.log(`\n${title}; times in ms (goal: p95 ≤ ${goal}).`);
  console.log(`${''.padEnd(width)} | ${labels.map((l) => `${l.padEnd(10)}   p50    p95    max`.padEnd(31)).join(' | ')} | bytes | round trips`);
  console.log(`${'-'.repeat(width)}-|-${labels.map(() => '-'.repeat(31)).join('-|-')}-|-------|------------`);
  for (const [i, name] of names.entries()) {
    const first = runs[labels[0]][i];
    if (first.note) {
      console.log(`${name.padEnd(width)} | ${first.note}`);
      continue;
    }
    const cells = labels.map((l) => (runs[l][i].note ? runs[l][i].note.slice(0, 31) : formatTimes(runs[l][i])).padStart(31));
    const over = labels.some((l) => (runs[l][i].p95 ?? 0) > goal) ? `  over ${goal} ms` : '';
    if (over && failOverGoal && !first.compare) process.exitCode = 1;
    console.log(`${name.padEnd(width)} | ${cells.join(' | ')} | ${String(first.bytes).padStart(5)} | ${first.trips}${over}`);
  }
}
