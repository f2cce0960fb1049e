// Database plumbing shared by `npm start`, `npm run db:migrate` and the tests.
//
// Functions always talk to Postgres through @neondatabase/serverless, whose Pool speaks the
// Postgres protocol over a WebSocket. On Netlify that WebSocket goes to Neon. Locally it goes
// to `startWebSocketProxy`, which forwards it to a TCP Postgres: the embedded PGlite database
// (served on the wire by pglite-socket) or a real PostgreSQL server in the tests.
import { mkdir, readdir, readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocketServer } from 'ws';
import { hostAllowed, loopbackHosts } from './loopback.mjs';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
export const migrationsDir = path.join(projectRoot, 'migrations');
export const dataDir = path.join(projectRoot, '.data');

/**
 * Serves WebSockets on 127.0.0.1 and pipes each to the TCP Postgres on `allowedPort`.
 * Only local programs may connect: an upgrade that carries an `Origin` header (every browser
 * sends one on a WebSocket; the Neon driver in Node does not) or whose `Host` is not this
 * proxy's own loopback address is refused with 403, so no web page can reach the database.
 * With `serialize`, whole query cycles of different connections never interleave: a connection
 * may send only while it holds a lock, which it releases when the server reports it idle
 * (ReadyForQuery 'I'). The embedded PGlite is one session shared by every connection, so two
 * clients' unnamed prepared statements would otherwise overwrite each other.
 */
export async function startWebSocketProxy({ allowedPort, serialize = false }) {
  const debug = process.env['DEBUG_DB_PROXY'] ? (...args) => console.error('[db-proxy]', ...args) : () => {};
  let allowedHosts = new Set();
  const wss = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    // Decided before the upgrade is accepted: a refused client never gets a WebSocket at all.
    verifyClient: ({ req }, done) => {
      debug('upgrade', JSON.stringify({ host: req.headers.host, origin: req.headers.origin, userAgent: req.headers['user-agent'] }));
      if (req.headers.origin !== undefined || req.headers['sec-websocket-origin'] !== undefined) {
        return done(false, 403, 'Browsers may not connect to the database proxy');
      }
      if (!hostAllowed(req.headers, allowedHosts)) return done(false, 403, 'Wrong host for the database proxy');
      done(true);
    },
  });
  const waiting = [];
  let holder = null;
  let nextId = 1;
  const acquire = (conn) => {
    if (!serialize || holder === conn) return true;
    if (holder === null) {
      holder = conn;
      debug('acquire', conn.id);
      return true;
    }
    if (!waiting.includes(conn)) waiting.push(conn);
    return false;
  };
  const release = (conn) => {
    if (holder !== conn) {
      const i = waiting.indexOf(conn);
      if (i >= 0) waiting.splice(i, 1);
      return;
    }
    debug('release', conn.id);
    holder = null;
    while (waiting.length && holder === null) {
      const next = waiting.shift();
      if (next.closed) continue;
      holder = next;
      debug('handover', next.id, 'waiting', waiting.length);
      next.flush();
    }
  };
  wss.on('connection', (socket, request) => {
    const address = new URL(request.url ?? '/', 'http://localhost').searchParams.get('address') ?? '';
    const [, port] = address.split(':');
    // Only the local database may be reached through the proxy.
    if (Number(port) !== allowedPort) return socket.close(1008, 'address not allowed');
    const tcp = net.connect(allowedPort, '127.0.0.1');
    tcp.setNoDelay(true);
    const conn = {
      id: nextId++,
      closed: false,
      pending: [],
      incoming: Buffer.alloc(0),
      flush() {
        for (const chunk of conn.pending.splice(0)) tcp.write(chunk);
      },
    };
    socket.on('message', (data) => {
      debug(
        'from',
        conn.id,
        Buffer.from(/** @type {Buffer} */ (data))
          .subarray(0, 1)
          .toString('latin1'),
        /** @type {Buffer} */ (data).length,
      );
      const bytes = /** @type {Buffer} */ (data);
      // Terminate ('X'): answered by nothing, so it would hold the lock until the socket closes
      // (up to the idle timeout when a dropped function worker never closes it). Close instead.
      if (bytes.length === 5 && bytes[0] === 0x58) return close();
      conn.pending.push(data);
      if (acquire(conn)) conn.flush();
    });
    tcp.on('data', (data) => {
      debug('to', conn.id, data.length, JSON.stringify(data.subarray(0, 1).toString('latin1')), 'last', data.subarray(-6).toString('hex'));
      socket.send(data);
      if (!serialize) return;
      // Find ReadyForQuery messages ('Z', length 5, status byte) in the server's stream.
      conn.incoming = Buffer.concat([conn.incoming, data]);
      let idle = false;
      while (conn.incoming.length >= 5) {
        const length = conn.incoming.readInt32BE(1);
        if (conn.incoming.length < 1 + length) break;
        if (conn.incoming[0] === 0x5a) idle = conn.incoming[5] === 0x49;
        conn.incoming = conn.incoming.subarray(1 + length);
      }
      if (idle && conn.pending.length === 0) release(conn);
    });
    const close = () => {
      if (conn.closed) return;
      debug('close', conn.id);
      conn.closed = true;
      release(conn);
      socket.close();
      tcp.destroy();
    };
    tcp.on('close', close);
    tcp.on('error', close);
    socket.on('close', close);
    socket.on('error', close);
  });
  await new Promise((resolve) => wss.once('listening', resolve));
  const { port } = /** @type {import('node:net').AddressInfo} */ (wss.address());
  allowedHosts = loopbackHosts('127.0.0.1', port);
  return { address: `127.0.0.1:${port}`, close: () => new Promise((resolve) => wss.close(resolve)) };
}

/**
 * Opens (creating on first use) the embedded PGlite database in `.data/pglite` and serves it on
 * a free localhost port. Resolves to the connection string and a `close` function.
 */
export async function startEmbeddedPostgres({ directory = path.join(dataDir, 'pglite') } = {}) {
  const [{ PGlite }, { PGLiteSocketServer }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite-socket'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  await mkdir(path.dirname(directory), { recursive: true });
  // pg_trgm: the leads inbox searches names, phones and e-mails by any part (migration 006).
  const db = await PGlite.create(directory, { extensions: { pg_trgm } });
  const port = await freePort();
  // @netlify/dev runs every function call in a worker thread that is dropped afterwards, sometimes
  // without closing its connection: allow many, and reap the ones left idle.
  const server = new PGLiteSocketServer({ db, port, host: '127.0.0.1', maxConnections: 1000, idleTimeout: 30_000 });
  await server.start();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    port,
    async close() {
      await server.stop();
      await db.close();
    },
  };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

/** Points @neondatabase/serverless at a local WebSocket proxy instead of Neon. */
export function useLocalProxy(neonConfig, proxyAddress) {
  neonConfig.wsProxy = (host, port) => `${proxyAddress}/v1?address=${host}:${port}`;
  neonConfig.useSecureWebSocket = false;
  neonConfig.pipelineTLS = false;
  neonConfig.pipelineConnect = false;
}

/**
 * Applies the numbered SQL files of migrations/ that have not run yet, each in its own
 * transaction, in file-name order. Returns the names applied.
 */
export async function migrate(pool, { log = console.log } = {}) {
  await pool.query(`create table if not exists schema_migrations (
    version text primary key, applied_at timestamptz not null default now())`);
  const done = new Set((await pool.query('select version from schema_migrations')).rows.map((r) => r.version));
  const files = (await readdir(migrationsDir)).filter((f) => /^\d+_.+\.sql$/.test(f)).sort();
  const applied = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = await readFile(path.join(migrationsDir, file), 'utf8');
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query(sql);
      await client.query('insert into schema_migrations (version) values ($1)', [file]);
      await client.query('commit');
      applied.push(file);
      log(`  migration ${file} applied`);
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw new Error(`migration ${file} failed: ${error.message}`);
    } finally {
      client.release();
    }
  }
  return applied;
}
