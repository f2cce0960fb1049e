// Functions run in this process, as Netlify runs a warm instance: each function's bundle (built
// with esbuild, as Netlify builds it) is imported once and its default export called with a
// Request and a Functions v2 context (`ip`, `requestId`, `deploy`, `waitUntil`). Used by the
// benchmark and by the tests that need what the emulator cannot give: a database of their own,
// the mail made to fail, database round trips counted, work after the answer awaited.
//
// The database is a throwaway embedded PGlite (scripts/database.mjs). With `countRoundTrips`, a
// relay between the WebSocket proxy and the database counts the client's round trips: each
// simple query ('Q') and each Sync ('S') that ends an extended-protocol exchange.
import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startWebSocketProxy } from './db.mjs';
import { prepareDatabase } from './database.mjs';
import { seedPglite } from './database-template.mjs';
import { bundleOptions, startFunctionHost } from './function-host.mjs';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

/** Bundles `functions/<name>.ts` into `dir` the way Netlify's esbuild bundler does; returns the file. */
export const bundleFunction = (name, dir) => bundleModule(path.join('functions', `${name}.ts`), path.join(dir, `${name}.mjs`));

/** Bundles a TypeScript module of the project (`entry`, from its root) into `outfile` as Netlify bundles functions; returns the file. */
export async function bundleModule(entry, outfile) {
  await build({ ...bundleOptions, entryPoints: [path.join(projectRoot, entry)], outfile });
  return outfile;
}

/**
 * A TCP relay to `port` on 127.0.0.1 that counts the Postgres round trips clients start.
 * Resolves to `{ port, roundTrips(), close() }`.
 */
export async function startCountingRelay(port) {
  let roundTrips = 0;
  const sockets = new Set();
  const server = net.createServer((client) => {
    const upstream = net.connect(port, '127.0.0.1');
    upstream.setNoDelay(true);
    client.setNoDelay(true);
    sockets.add(client).add(upstream);
    let buffered = Buffer.alloc(0);
    let started = false;
    client.on('data', (chunk) => {
      upstream.write(chunk);
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        // The startup message has no type byte; every later message does.
        const header = started ? 5 : 4;
        if (buffered.length < header) break;
        const length = buffered.readInt32BE(started ? 1 : 0);
        const total = started ? 1 + length : length;
        if (buffered.length < total) break;
        if (started && (buffered[0] === 0x51 || buffered[0] === 0x53)) roundTrips += 1;
        // An SSLRequest (code 80877103) is answered with one byte, then the real startup follows.
        if (!started && !(length === 8 && buffered.readInt32BE(4) === 80877103)) started = true;
        buffered = buffered.subarray(total);
      }
    });
    upstream.on('data', (chunk) => client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: /** @type {net.AddressInfo} */ (server.address()).port,
    roundTrips: () => roundTrips,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(resolve);
      }),
  };
}

/** The functions of the forms that ask "Are you under 18?" first (decision 053). */
const AGE_FORMS = new Set(['apply', 'contact', 'emitra', 'csc', 'iibf', 'nielit-submit', 'user-register']);

/**
 * A form's request as an adult sends it: tests that are not about age answer "adult" (a JSON
 * object or multipart form without `age` gets it; anything else is sent as it is).
 * @param {string} name
 * @param {Request} request
 * @returns {Promise<Request>}
 */
async function asAdult(name, request) {
  if (!AGE_FORMS.has(name) || request.method !== 'POST') return request;
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    const form = await request
      .clone()
      .formData()
      .catch(() => null);
    if (!form || form.has('age')) return request;
    form.append('age', 'adult');
    const headers = new Headers(request.headers);
    headers.delete('content-type');
    return new Request(request.url, { method: 'POST', headers, body: form });
  }
  if (!type.includes('json')) return request;
  let body;
  try {
    body = JSON.parse(await request.clone().text());
  } catch {
    return request;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body) || 'age' in body) return request;
  return new Request(request.url, { method: 'POST', headers: request.headers, body: JSON.stringify({ age: 'adult', ...body }) });
}

/** A random address in 100.64.0.0/10 (shared address space): each call its own client unless told. */
const randomClientIp = () => `100.${64 + Math.floor(Math.random() * 64)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

/**
 * Prepares a throwaway database and bundles `functions` (names of files in functions/), each
 * imported on its first call. `env` is added to process.env first. Resolves to `{ call, roundTrips, databaseUrl,
 * outbox, close }`; `call(name, request, { ip })` resolves to `{ response, settled }`, where
 * `settled()` waits for the work the function left running after its answer.
 */
export async function startInProcess({ functions, countRoundTrips = false, env = {} }) {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'institute-functions-'));
  Object.assign(process.env, {
    PGLITE_DIR: path.join(scratch, 'pglite'),
    OUTBOX_DIR: path.join(scratch, 'outbox'),
    UPLOAD_DIR: path.join(scratch, 'uploads'),
    ...env,
  });
  delete process.env.DATABASE_URL;
  delete process.env.DB_WS_PROXY;
  // A copy of a migrated template, not a database made from nothing (scripts/database-template.mjs).
  await seedPglite(process.env.PGLITE_DIR);
  const database = await prepareDatabase({ log: () => {} });
  const databaseUrl = process.env.DATABASE_URL;
  const closers = [() => database.close()];
  let relay;
  if (countRoundTrips) {
    relay = await startCountingRelay(Number(new URL(databaseUrl).port));
    const proxy = await startWebSocketProxy({ allowedPort: relay.port, serialize: true });
    closers.unshift(relay.close, proxy.close);
    const url = new URL(databaseUrl);
    url.port = String(relay.port);
    process.env.DATABASE_URL = url.href;
    process.env.DB_WS_PROXY = proxy.address;
  }
  const host = await startFunctionHost({ only: functions, outdir: path.join(scratch, 'functions') });
  closers.unshift(() => host.close());
  return {
    databaseUrl: /** @type {string} */ (databaseUrl),
    outbox: /** @type {string} */ (process.env.OUTBOX_DIR),
    scratch,
    roundTrips: () => relay?.roundTrips() ?? 0,
    /** Calls function `name` with `request` from client `ip` (a random one by default); the route's parameters come from the request's path unless given. */
    async call(name, request, { ip = randomClientIp(), deployContext = '', params = host.match(request)?.params ?? {} } = {}) {
      return host.invoke(name, await asAdult(name, request), { ip, params, deployContext });
    },
    async close() {
      // The bundles share one pool (functions/_shared/platform/db.ts keeps it on globalThis): end it first.
      await globalThis.__institutePool?.end().catch(() => {});
      for (const close of closers) await close();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
