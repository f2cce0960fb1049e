/**
 * A connection that drops never makes work run twice (functions/_shared/platform/db.ts): a transaction is
 * run again only when its connection dropped before COMMIT was sent (the server rolled it back);
 * once COMMIT has left, or once a single statement has been sent, nothing is sent again and the
 * caller gets an error. A connection that cannot be opened is opened again. Each case cuts the
 * connection at one point with a relay between the functions' database proxy and the database,
 * on the embedded database and on PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebSocketProxy } from '../../scripts/db.mjs';
import { prepareDatabase } from '../../scripts/database.mjs';
import { bundleModule } from '../../scripts/in-process.mjs';
import { postgresBinDir, startTestPostgres } from '../../scripts/test-postgres.mjs';
import { startCuttingRelay, type ClientMessage, type CuttingRelay } from '../support/cutting-relay';

type Db = typeof import('../../functions/_shared/platform/db');

declare global {
  // The functions' pool (functions/_shared/platform/db.ts keeps it here).
  var __institutePool: { end(): Promise<void> } | undefined;
}

const databases = [
  { name: 'the embedded database', postgres: false },
  { name: 'PostgreSQL', postgres: true },
];

describe.each(databases)('a dropped connection on $name', ({ postgres }) => {
  let scratch: string;
  let db: Db;
  let relay: CuttingRelay;
  let direct: pg.Client;
  const closers: (() => unknown)[] = [];

  beforeAll(async () => {
    scratch = mkdtempSync(path.join(os.tmpdir(), 'institute-db-'));
    closers.push(() => rmSync(scratch, { recursive: true, force: true }));
    if (postgres) {
      if (!postgresBinDir()) throw new Error('PostgreSQL is not installed: apt-get install -y postgresql (.ci/run does).');
      const server = await startTestPostgres();
      closers.unshift(() => server.stop());
      process.env['DATABASE_URL'] = server.url;
    } else {
      delete process.env['DATABASE_URL'];
      process.env['PGLITE_DIR'] = path.join(scratch, 'pglite');
    }
    process.env['OUTBOX_DIR'] = path.join(scratch, 'outbox');
    delete process.env['DB_WS_PROXY'];
    const database = await prepareDatabase({ log: () => {} });
    closers.unshift(() => database.close());
    const url = new URL(process.env['DATABASE_URL']!);
    direct = new pg.Client({ connectionString: url.href });
    await direct.connect();
    closers.unshift(() => direct.end());
    await direct.query('create table if not exists drop_probe (id serial primary key, tag text not null)');

    relay = await startCuttingRelay(Number(url.port));
    const proxy = await startWebSocketProxy({ allowedPort: relay.port, serialize: !postgres });
    closers.unshift(relay.close, proxy.close);
    url.port = String(relay.port);
    process.env['DATABASE_URL'] = url.href;
    process.env['DB_WS_PROXY'] = proxy.address;
    // A module of its own per database: its configuration is read once.
    db = await import(pathToFileURL(await bundleModule('functions/_shared/platform/db.ts', path.join(scratch, 'db.mjs'))).href);
    closers.unshift(async () => {
      await globalThis.__institutePool?.end().catch(() => {});
      globalThis.__institutePool = undefined;
    });
  }, 120_000);

  afterAll(async () => {
    for (const close of closers) await close();
  });

  const rowsTagged = async (tag: string) => Number((await direct.query('select count(*) from drop_probe where tag = $1', [tag])).rows[0].count);

  /** Cuts the connection the first time `matches` a message, as `how`; passes everything else. */
  function cutOnce(matches: (message: ClientMessage) => boolean, how: 'cut-before' | 'cut-after') {
    let done = false;
    relay.setRule((message) => {
      if (done || !matches(message)) return 'pass';
      done = true;
      return how;
    });
  }
  const isCommit = (m: ClientMessage) => /^commit$/i.test(m.sql.trim());
  const isBegin = (m: ClientMessage) => /^begin$/i.test(m.sql.trim());
  const isInsert = (m: ClientMessage) => m.sql.includes('insert into drop_probe');

  /** A transaction that inserts one row tagged `tag`; counts how often its work ran. */
  async function insertInTransaction(tag: string) {
    let runs = 0;
    const outcome = await db
      .transaction(async (client) => {
        runs += 1;
        await client.query('insert into drop_probe (tag) values ($1)', [tag]);
      })
      .then(
        () => 'done',
        (error: Error) => error,
      );
    return { runs, outcome };
  }

  it('runs a transaction again when the connection dropped at BEGIN, and stores it once', async () => {
    cutOnce(isBegin, 'cut-before');
    const { runs, outcome } = await insertInTransaction('at-begin');
    expect(outcome).toBe('done');
    expect(runs).toBe(1);
    expect(await rowsTagged('at-begin')).toBe(1);
  });

  it('runs a transaction again when the connection dropped during its work, and stores it once', async () => {
    cutOnce(isInsert, 'cut-after');
    const { runs, outcome } = await insertInTransaction('in-work');
    expect(outcome).toBe('done');
    expect(runs).toBe(2);
    expect(await rowsTagged('in-work')).toBe(1);
  });

  it('does not send a COMMIT again that the server never got: an error, nothing stored', async () => {
    cutOnce(isCommit, 'cut-before');
    const { runs, outcome } = await insertInTransaction('commit-lost');
    expect(outcome).toBeInstanceOf(db.CommitUnknownError);
    expect(runs).toBe(1);
    expect(await rowsTagged('commit-lost')).toBe(0);
  });

  it('does not run a transaction again when the connection dropped after COMMIT was sent: stored once', async () => {
    cutOnce(isCommit, 'cut-after');
    const { runs, outcome } = await insertInTransaction('after-commit');
    expect(outcome).toBeInstanceOf(db.CommitUnknownError);
    expect(runs).toBe(1);
    // The server committed; the work was not done again.
    await expect.poll(() => rowsTagged('after-commit')).toBe(1);
  });

  it('does not send a single statement again once it was sent', async () => {
    cutOnce(isInsert, 'cut-after');
    const outcome = await db.query('insert into drop_probe (tag) values ($1)', ['single']).then(
      () => 'done',
      (error: Error) => error,
    );
    expect(outcome).toBeInstanceOf(Error);
    await expect.poll(() => rowsTagged('single')).toBe(1);
  });

  // On PostgreSQL only: the embedded database serves one session to every connection, and a
  // connection refused there races with the handover of that session (the test's own client can
  // be cut with it), which says nothing about the functions' code.
  it.runIf(postgres)('opens a connection again when it could not be opened, and runs the statement once', async () => {
    relay.setRule(() => 'pass');
    // Every connection the pool holds is dropped, so the next statement needs a new one.
    await globalThis.__institutePool?.end();
    globalThis.__institutePool = undefined;
    relay.refuseNext();
    await db.query('insert into drop_probe (tag) values ($1)', ['reconnect']);
    expect(await rowsTagged('reconnect')).toBe(1);
  });
});
