// Benchmark of POST /api/apply: sustained requests per second and latency percentiles,
// (1) in-process — the function's bundle called directly with Request objects, as Netlify runs
//     it once warm — and (2) through the local server (`npm start`'s code), where @netlify/dev
//     starts a fresh worker for every call (the bundle is built once, see scripts/server.mjs).
// Usage: npm run bench:apply [-- --seconds 10 --server-seconds 40 --concurrency 8]
// Uses a throwaway embedded database; prints figures, asserts nothing.
import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const seconds = arg('seconds', 10);
// Through the emulator each call costs a worker start: measure it over a longer run.
const serverSeconds = arg('server-seconds', 40);
const concurrency = arg('concurrency', 8);
// Each stored lead writes a message to the outbox and says so on the console: keep the figures
// readable. Function workers write straight to this process's stdout, so filter there.
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) =>
  String(chunk).startsWith('[outbox]') ? true : write(chunk, ...rest);
const scratch = mkdtempSync(path.join(os.tmpdir(), 'institute-bench-'));
process.env.PGLITE_DIR = path.join(scratch, 'pglite');
process.env.OUTBOX_DIR = path.join(scratch, 'outbox');
process.env.TRUST_FORWARDED_FOR = '1';
delete process.env.DATABASE_URL;

const randomIp = () => `100.${64 + Math.floor(Math.random() * 64)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
let n = 0;
const payload = () => ({
  name: `Bench Student ${(n += 1)}`,
  email: `student${n}@example.in`,
  phone: `98290${String(10000 + (n % 89999)).padStart(5, '0')}`,
  department: 'dl',
  course: 'RS-CIT (Basic)',
  consent: true,
});

/** Runs `send` from `concurrency` loops for `seconds`; returns rps and percentiles in ms. */
async function load(send, duration = seconds) {
  const latencies = [];
  let failures = 0;
  const statuses = {};
  const end = Date.now() + duration * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        const started = performance.now();
        const status = await send();
        latencies.push(performance.now() - started);
        if (status !== 201) {
          failures += 1;
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1);
  return { requests: latencies.length, failures, rps: (latencies.length / duration).toFixed(1), p50: pct(50), p95: pct(95), p99: pct(99), statuses: JSON.stringify(statuses) };
}

const { prepareDatabase } = await import('./database.mjs');
const { startServer } = await import('./server.mjs');
try {
  // 1. In-process.
  const database = await prepareDatabase({ log: () => {} });
  const bundle = path.join(scratch, 'apply.mjs');
  await build({ entryPoints: ['functions/apply.ts'], bundle: true, platform: 'node', format: 'esm', target: 'node22', outfile: bundle, logLevel: 'error', banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" } });
  const { default: handler } = await import(pathToFileURL(bundle).href);
  const inProcess = await load(async () => {
    const request = new Request('http://localhost/api/apply', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload()) });
    const response = await handler(request, { ip: randomIp(), requestId: crypto.randomUUID() });
    await response.text();
    return response.status;
  });
  await database.close();
  console.log(`POST /api/apply in-process   (${concurrency} concurrent, ${seconds} s): ${inProcess.rps} req/s, p50 ${inProcess.p50} ms, p95 ${inProcess.p95} ms, p99 ${inProcess.p99} ms, ${inProcess.requests} requests, ${inProcess.failures} failed ${inProcess.statuses}`);

  // 2. Through the local server.
  process.env.PGLITE_DIR = path.join(scratch, 'pglite-server');
  delete process.env.DATABASE_URL;
  delete process.env.DB_WS_PROXY;
  const server = await startServer({ port: 0, quiet: true });
  const send = async () => {
    const response = await fetch(`${server.url}/api/apply`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp() }, body: JSON.stringify(payload()) });
    await response.text();
    return response.status;
  };
  await send(); // warm-up: the first call bundles the function
  const viaServer = await load(send, serverSeconds);
  await server.close();
  console.log(`POST /api/apply via npm start (${concurrency} concurrent, ${serverSeconds} s): ${viaServer.rps} req/s, p50 ${viaServer.p50} ms, p95 ${viaServer.p95} ms, p99 ${viaServer.p99} ms, ${viaServer.requests} requests, ${viaServer.failures} failed ${viaServer.statuses}`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
