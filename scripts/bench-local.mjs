// `npm run bench:local`: how fast `npm start` answers. Starts the local server as `npm start`
// does (scripts/start.mjs, on the last build, a throwaway database and port), then times 200
// sequential `GET /api/jobs` (a function and a database query) and 200 `GET /` (a static page),
// each after 20 warm-up calls, and prints p50, p95 and max. The budget (budgets.json, `local`):
// the API's p50 at most `apiP50VersusPage` times the page's, and no `/api/jobs` call slower than
// `apiMaxMs`. Exits non-zero when over budget. `--calls N` changes the count.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatTimes, percentiles } from './bench-harness.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const budget = JSON.parse(readFileSync(path.join(root, 'budgets.json'), 'utf8')).local;
const callsArg = process.argv.indexOf('--calls');
const CALLS = callsArg > 0 ? Number(process.argv[callsArg + 1]) : 200;
const WARM_UP = 20;

if (!existsSync(path.join(root, 'dist', 'index.html'))) {
  const build = spawnSync('npx', ['astro', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** Starts scripts/start.mjs on a free port with data of its own; resolves to `{ url, stop, startedIn }`. */
function startServer(scratch) {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/start.mjs', '--no-build', '--no-watch'], {
      cwd: root,
      env: { ...process.env, PORT: '0', PGLITE_DIR: path.join(scratch, 'pglite'), OUTBOX_DIR: path.join(scratch, 'outbox'), DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const url = /served at (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve({ url, startedIn: Date.now() - started, stop: () => child.kill('SIGTERM') });
    });
    child.on('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
  });
}

/** Times `calls` sequential GETs of `route` (after the warm-up); every answer must be 200. */
async function time(url, route, calls) {
  const once = async () => {
    const t0 = performance.now();
    const res = await fetch(new URL(route, url));
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${route} answered ${res.status}`);
    return performance.now() - t0;
  };
  for (let i = 0; i < WARM_UP; i += 1) await once();
  const latencies = [];
  for (let i = 0; i < calls; i += 1) latencies.push(await once());
  return percentiles(latencies);
}

const scratch = mkdtempSync(path.join(os.tmpdir(), 'institute-bench-local-'));
const server = await startServer(scratch);
let failed = false;
try {
  const page = await time(server.url, '/', CALLS);
  const api = await time(server.url, '/api/jobs', CALLS);
  console.log(
    `\n  npm start answered its first request ${(server.startedIn / 1000).toFixed(1)} s after it was started (database opened, functions bundled and loaded)`,
  );
  console.log(`\n  ${CALLS} sequential calls each    p50    p95    max (ms)`);
  console.log(`  GET /                      ${formatTimes(page)}`);
  console.log(`  GET /api/jobs              ${formatTimes(api)}`);
  const ratio = api.p50 / page.p50;
  console.log(
    `\n  API p50 / page p50: ${ratio.toFixed(2)} (budget ≤ ${budget.apiP50VersusPage}); slowest API call ${api.max.toFixed(1)} ms (budget ≤ ${budget.apiMaxMs})`,
  );
  if (ratio > budget.apiP50VersusPage || api.max > budget.apiMaxMs) {
    failed = true;
    console.error('  Over budget.');
  }
} finally {
  server.stop();
  await new Promise((resolve) => setTimeout(resolve, 500));
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
