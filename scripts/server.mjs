// The local stand-in for Netlify. The request chain is Netlify's: a function whose `config.path`
// takes the request answers it (functions come before redirects and static files, as on
// Netlify); otherwise @netlify/dev applies netlify.toml's redirects and headers and serves dist/.
// The functions run warm in this process (./function-host.mjs): each bundled and imported once,
// as a Netlify instance keeps its module between calls. This file adds what Netlify's CDN does
// that the emulator does not: case-insensitive page paths (found before any rule), the custom 404
// pages (the rules with status 404 answer 404) and compressed
// responses (./compress.mjs). It answers only requests addressed to itself (127.0.0.1 or
// localhost on its port): any other Host gets 421, as a guard against DNS rebinding.
import { createServer } from 'node:http';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { NetlifyDev } from '@netlify/dev';
import { parse as parseToml } from 'smol-toml';
import { chooseEncoding, compress } from './compress.mjs';
import { prepareDatabase } from './database.mjs';
import { startFunctionHost } from './function-host.mjs';
import { hostAllowed, loopbackHosts } from './loopback.mjs';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const publishDir = path.join(projectRoot, 'dist');

/** Lists every published file as a URL path, so a request can be matched without regard to case. */
/**
 * The first of netlify.toml's redirect rules whose `from` matches a path (`*` a rest of the path,
 * `:name` one segment), as Netlify tries them in order; undefined when none does.
 */
function firstRedirectRule(tomlFile) {
  const rules = (parseToml(readFileSync(tomlFile, 'utf8')).redirects ?? []).map((rule) => ({
    ...rule,
    pattern: new RegExp(
      `^${String(rule.from)
        .split('/')
        .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
        .join('/')}$`,
      'i',
    ),
  }));
  return (pathname) => rules.find((rule) => rule.pattern.test(pathname));
}

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

/**
 * The client's address: like Netlify's edge, from the connection, not from what the client claims;
 * the tests may pose as several clients when TRUST_FORWARDED_FOR is set.
 */
function clientAddress(req) {
  const claimed = process.env.TRUST_FORWARDED_FOR ? req.headers['x-forwarded-for'] : undefined;
  return (typeof claimed === 'string' && claimed.split(',')[0].trim()) || (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
}

/** The largest request body Netlify hands a (buffered) function: 6 MB. */
export const FUNCTION_BODY_LIMIT = 6 * 1024 * 1024;

/**
 * Turns a Node request into a WHATWG Request. `body`: the bytes already read (a function's), or
 * none for a request that goes to the static files and redirects.
 */
function toRequest(req, origin, body) {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else if (value !== undefined) headers.set(key, value);
  }
  headers.set('x-forwarded-for', clientAddress(req));
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', origin), { method: req.method, headers, body: hasBody ? body : undefined });
}

/**
 * Reads a function's request body whole, as Netlify buffers it before the function runs (so a
 * function that stops reading early never cuts the connection): the bytes, or null beyond
 * FUNCTION_BODY_LIMIT, where the rest is read and dropped.
 */
async function readFunctionBody(req) {
  if (req.method === 'GET' || req.method === 'HEAD') return undefined;
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > FUNCTION_BODY_LIMIT) {
      req.resume();
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

async function send(req, res, response) {
  const encoding = req.method === 'HEAD' ? null : chooseEncoding(req.headers['accept-encoding'], response);
  const { headers: outgoing, body } = encoding ? compress(response, encoding) : { headers: response.headers, body: response.body };
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
 * A function that threw instead of answering: the stack goes to the console, the client gets the
 * API's JSON shape and a request id, never the trace (Netlify answers such a call with an error too).
 */
function functionFailed(name, error) {
  const requestId = crypto.randomUUID();
  console.error(`[${requestId}] function ${name} failed:`, error);
  const message = 'Something went wrong. Please try again.';
  return Response.json({ message, error: message, requestId }, { status: 500, headers: { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' } });
}

/** 421 for a request addressed to a name this server does not answer; nothing else is read. */
function misdirected(res, boundHost) {
  const message = `This server answers only http://${boundHost}/ (and localhost on the same port).`;
  res.writeHead(421, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', connection: 'close' });
  res.end(`${message}\n`);
}

/**
 * Starts the site and its functions on `port` (0 picks a free one).
 * Resolves to `{ url, close }` once the server listens.
 */
export async function startServer({ port = 8888, host = '127.0.0.1', quiet = false, watch = false } = {}) {
  const log = quiet ? () => {} : console.log;
  const started = Date.now();
  // Side by side: the functions' modules read the environment the database sets only when called.
  const [database, functions] = await Promise.all([
    prepareDatabase({ log, demoAdmin: true, sampleBank: true }),
    startFunctionHost({ watch, log: (line) => console.log(`  ${line}`) }).then((host) => {
      log(
        `  Functions: ${host.names.length} bundled and loaded in ${((Date.now() - started) / 1000).toFixed(1)} s${watch ? ' (a changed source reloads its functions)' : ''}`,
      );
      return host;
    }),
  ]);
  const dev = new NetlifyDev({
    projectRoot,
    logger: quiet ? { log() {}, warn() {}, error: console.error } : undefined,
    functions: { enabled: false },
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

  const firstRule = firstRedirectRule(path.join(projectRoot, 'netlify.toml'));
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
      const request = toRequest(req, origin);
      const fn = functions.match(request);
      if (fn) {
        const body = await readFunctionBody(req);
        if (body === null) {
          const message = 'The request is too large.';
          return await send(req, res, Response.json({ message, error: message }, { status: 413, headers: { 'cache-control': 'no-store' } }));
        }
        let response;
        try {
          ({ response } = await functions.invoke(fn.name, toRequest(req, origin, body), { ip: clientAddress(req), params: fn.params }));
        } catch (error) {
          response = functionFailed(fn.name, error);
        }
        return await send(req, res, response);
      }
      const url = new URL(req.url ?? '/', origin);
      const pathname = url.pathname.replace(/\/+$/, '') || '/';
      const published = byLowerCase.get(decodeURIComponent(pathname).toLowerCase());
      let response;
      if (published && published !== pathname && (req.method === 'GET' || req.method === 'HEAD')) {
        // Netlify's CDN finds a published page whatever the case of its address, before any rule.
        url.pathname = published;
        response = await dev.handle(new Request(url, { headers: request.headers }));
      } else {
        response = await dev.handle(request);
        // A rule with status 404 (the Hindi "page not found" under /hi/) answers 404 on Netlify;
        // the emulator answers it with 200.
        if (response && !published && firstRule(pathname)?.status === 404) {
          response = new Response(response.body, { status: 404, headers: response.headers });
        }
      }
      if (!response) {
        const hindi = /^\/hi(\/|$)/.test(pathname);
        const notFound = await dev.handle(new Request(new URL(hindi ? '/hi/404' : '/404', origin)));
        response = notFound
          ? new Response(notFound.body, { status: 404, headers: notFound.headers })
          : Response.json({ message: 'Not found' }, { status: 404 });
      }
      await send(req, res, response);
    } catch (error) {
      console.error(error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('Internal error');
    }
  });
  // An idle kept-alive connection stays open two minutes, not Node's five seconds. A client that
  // reuses one just as the server drops it gets a reset (ECONNRESET) instead of an answer: a
  // browser retries, Node's agents (the tests' API calls among them) do not. Netlify's CDN, too,
  // keeps idle connections far longer than five seconds.
  server.keepAliveTimeout = 120_000;
  server.headersTimeout = 121_000;
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
      await functions.close();
      await dev.stop();
      await database.close();
    },
  };
}
