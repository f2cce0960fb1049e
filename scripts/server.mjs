// The local stand-in for Netlify: @netlify/dev runs the real request chain (redirects, headers,
// functions, static files from dist/) and this file only adapts it to a Node HTTP server, adding
// what Netlify's CDN does that the emulator does not: case-insensitive page paths, the custom 404
// page and compressed responses (./compress.mjs). It answers only requests addressed to itself
// (127.0.0.1 or localhost on its port): any other Host gets 421, as a guard against DNS rebinding.
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { Readable } from 'node:stream';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NetlifyDev } from '@netlify/dev';
import { shouldBase64Encode } from '@netlify/dev-utils';
import { FunctionsHandler } from '@netlify/functions-dev';
import { chooseEncoding, compress } from './compress.mjs';
import { prepareDatabase } from './database.mjs';
import { hostAllowed, loopbackHosts } from './loopback.mjs';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const publishDir = path.join(projectRoot, 'dist');

// The emulator runs every call in a new worker thread that loads the function's bundle afresh
// (about 0.2 s a call). Node's compile cache keeps the compiled code of those modules on disk, so
// each worker only loads it: about 15% less per call, nothing else changed. The workers inherit
// the variable. A folder of the emulator's own, git-ignored.
process.env.NODE_COMPILE_CACHE ??= path.join(projectRoot, '.netlify', 'compile-cache');

/** Lists every published file as a URL path, so a request can be matched without regard to case. */
async function listPublishedPaths(dir = publishDir, prefix = '') {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const paths = [];
  for (const entry of entries) {
    const urlPath = `${prefix}/${entry.name}`;
    if (entry.isDirectory()) paths.push(...(await listPublishedPaths(path.join(dir, entry.name), urlPath)));
    else {
      paths.push(urlPath);
      if (entry.name.endsWith('.html')) paths.push(urlPath.slice(0, -'.html'.length));
    }
  }
  return paths;
}

/** Turns a Node request into a WHATWG Request (the body is streamed, never buffered here). */
function toRequest(req, origin) {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else if (value !== undefined) headers.set(key, value);
  }
  // Like Netlify's edge, the client's address comes from the connection, not from what the
  // client claims; the tests may pose as several clients when TRUST_FORWARDED_FOR is set.
  const claimed = process.env.TRUST_FORWARDED_FOR ? headers.get('x-forwarded-for') : null;
  headers.set('x-forwarded-for', claimed || (req.socket.remoteAddress ?? '').replace(/^::ffff:/, ''));
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method,
    headers,
    body: hasBody ? Readable.toWeb(req) : undefined,
    duplex: hasBody ? 'half' : undefined,
  });
}

/**
 * The emulator hands a function its body as text (`request.text()`, which mangles the bytes of a
 * file) while telling it the body is base64 whenever the Content-Type is not a text type (a
 * multipart upload): such a body is base64-encoded here first, so the function gets the bytes
 * that were sent, as on Netlify.
 */
async function emulatorBody(request) {
  if (!request.body || !shouldBase64Encode(request.headers.get('content-type') ?? '')) return request;
  const bytes = Buffer.from(await request.arrayBuffer());
  // An empty body (a DELETE) stays empty, and the encoded text goes as bytes: a string body would
  // add a Content-Type the client never sent.
  const body = bytes.length ? new TextEncoder().encode(bytes.toString('base64')) : null;
  return new Request(request.url, { method: request.method, headers: request.headers, body });
}

async function send(req, res, response) {
  const encoding = req.method === 'HEAD' ? null : chooseEncoding(req.headers['accept-encoding'], response);
  const { headers: outgoing, body } = encoding
    ? compress(response, encoding)
    : { headers: response.headers, body: response.body };
  const headers = {};
  outgoing.forEach((value, key) => {
    if (key === 'set-cookie') return;
    headers[key] = value;
  });
  const cookies = outgoing.getSetCookie?.() ?? [];
  if (cookies.length) headers['set-cookie'] = cookies;
  res.writeHead(response.status, headers);
  if (req.method === 'HEAD' || !body) return res.end();
  for await (const chunk of body) res.write(chunk);
  res.end();
}

/**
 * The emulator answers a function that crashed or timed out with a plain-text stack trace; a
 * client must never see one. It goes to the console, the client gets the API's JSON shape.
 */
async function hideEmulatorFailure(response) {
  const requestId = crypto.randomUUID();
  console.error(`[${requestId}] function failed (${response.status}):`, (await response.text()).slice(0, 2000));
  const message = 'Something went wrong. Please try again.';
  return Response.json(
    { message, error: message, requestId },
    { status: response.status, headers: { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' } },
  );
}

/**
 * The emulator bundles a function again (esbuild, into a fresh folder) on every call, so that an
 * edited source shows at once. That costs 1.5-2 s per call, more when calls overlap, and leaves
 * megabytes behind each time. Netlify runs the bundle it deployed: so do we. Each function is
 * still bundled once when the server starts (and again when its source changes); calls reuse it.
 */
function invokeDeployedBundles() {
  const proto = FunctionsHandler?.prototype;
  if (!proto || typeof proto.invoke !== 'function' || proto.invoke.reusesBundles) return;
  const invoke = proto.invoke;
  proto.invoke = function (request, route, func, buildDirectory) {
    if (func && typeof func.invoke === 'function' && !func.invoke.reusesBundle) {
      const invokeFunction = func.invoke;
      func.invoke = function (options) {
        // Until the first bundle exists (or after it failed), let the emulator build as usual.
        const built = this.buildData && !this.buildError;
        return invokeFunction.call(this, built ? { ...options, buildDirectory: undefined } : options);
      };
      func.invoke.reusesBundle = true;
    }
    return invoke.call(this, request, route, func, buildDirectory);
  };
  proto.invoke.reusesBundles = true;
  // Remember the emulator's handler, so start-up can wait for its first bundles.
  const match = proto.match;
  proto.match = function (...args) {
    handlers.add(this);
    return match.apply(this, args);
  };
  // The patch reaches the emulator only when both resolve the same copy of the package.
  if (existsSync(path.join(projectRoot, 'node_modules/@netlify/dev/node_modules/@netlify/functions-dev'))) {
    console.warn('@netlify/dev has its own copy of @netlify/functions-dev: align the version in package.json, or every API call is bundled again (slow).');
  }
}

const handlers = new Set();

/** 421 for a request addressed to a name this server does not answer; nothing else is read. */
function misdirected(res, boundHost) {
  const message = `This server answers only http://${boundHost}/ (and localhost on the same port).`;
  res.writeHead(421, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', connection: 'close' });
  res.end(`${message}\n`);
}

/**
 * Resolves once every function has its first bundle. The emulator bundles them in the background
 * after it starts; until then the machine is busy and the first calls wait for their bundle.
 */
async function functionsBundled(dev, origin) {
  await dev.handle(new Request(new URL('/robots.txt', origin)));
  for (const handler of handlers) {
    await handler.scan;
    const functions = [...(handler.registry?.functions?.values() ?? [])];
    await Promise.all(functions.map((func) => func.getBuildData?.().catch(() => {})));
  }
}

/**
 * Starts the site and its functions on `port` (0 picks a free one).
 * Resolves to `{ url, close }` once the server listens.
 */
export async function startServer({ port = 8888, host = '127.0.0.1', quiet = false } = {}) {
  const database = await prepareDatabase({ log: quiet ? () => {} : console.log, demoAdmin: true });
  invokeDeployedBundles();
  const dev = new NetlifyDev({
    projectRoot,
    logger: quiet ? { log() {}, warn() {}, error: console.error } : undefined,
    functions: { enabled: true },
    redirects: { enabled: true },
    headers: { enabled: true },
    staticFiles: { enabled: true },
    environmentVariables: { enabled: true },
    blobs: { enabled: false },
    database: { enabled: false },
    edgeFunctions: { enabled: false },
    images: { enabled: false },
    geolocation: { enabled: false },
    aiGateway: { enabled: false },
  });
  await dev.start();
  await functionsBundled(dev, `http://${host}`);

  const byLowerCase = new Map();
  for (const p of await listPublishedPaths()) {
    const key = p.toLowerCase();
    // Netlify keeps the lower-case spelling when two paths differ only in case.
    if (!byLowerCase.has(key) || p === key) byLowerCase.set(key, p);
  }

  // Filled in once the server listens: with port 0 the port is known only then.
  let boundHost = '';
  let allowedHosts = new Set();
  const server = createServer(async (req, res) => {
    // Refused before the emulator sees it: a DNS-rebinding page must not reach the API or the
    // database behind it (./loopback.mjs).
    if (!hostAllowed(req.headers, allowedHosts)) return misdirected(res, boundHost);
    const origin = `http://${req.headers.host}`;
    try {
      let response = await dev.handle(await emulatorBody(toRequest(req, origin)));
      if (!response && (req.method === 'GET' || req.method === 'HEAD')) {
        const url = new URL(req.url ?? '/', origin);
        const pathname = url.pathname.replace(/\/+$/, '') || '/';
        const match = byLowerCase.get(decodeURIComponent(pathname).toLowerCase());
        if (match) {
          url.pathname = match;
          response = await dev.handle(new Request(url, { headers: toRequest(req, origin).headers }));
        }
      }
      if (!response) {
        const notFound = await dev.handle(new Request(new URL('/404', origin)));
        response = notFound
          ? new Response(notFound.body, { status: 404, headers: notFound.headers })
          : Response.json({ message: 'Not found' }, { status: 404 });
      }
      if (response.status >= 500 && !response.headers.get('content-type')?.includes('application/json')) {
        response = await hideEmulatorFailure(response);
      }
      await send(req, res, response);
    } catch (error) {
      console.error(error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('Internal error');
    }
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  boundHost = `${host.includes(':') ? `[${host}]` : host}:${boundPort}`;
  allowedHosts = loopbackHosts(host, boundPort);
  const url = `http://${boundHost}`;
  return {
    url,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await dev.stop();
      await database.close();
    },
  };
}
