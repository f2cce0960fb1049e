/**
 * What the API tests talk to: the functions, in this process (one test file, one worker), on a
 * database of this file's own — a fresh embedded PGlite, or a fresh database on the test
 * PostgreSQL server — with an outbox and a document folder of its own. Requests go to the
 * function whose route takes them, as `npm start` and Netlify route them, with the client's
 * address taken from `X-Forwarded-For`; what a function leaves running after its answer
 * (`waitUntil`) is finished before the answer is handed back, so a test never waits on a timer.
 * The bundles are made once per run (tests/api/global-setup.ts) and imported on first use.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { prepareDatabase } from '../../scripts/database.mjs';
import { seedPglite } from '../../scripts/database-template.mjs';
import { startFunctionHost } from '../../scripts/function-host.mjs';

/** The address requests are made to (never listened on: nothing leaves the process). */
export const ORIGIN = 'http://127.0.0.1:8888';

export interface Target {
  /** Which database the functions use. */
  name: 'pglite' | 'postgresql';
  /** The address the requests are made to. */
  url: string;
  /** Connection string of the database, for checking what was stored. */
  databaseUrl: string;
  /** The mail outbox folder. */
  outbox: string;
  /** The functions' AUTH_SECRET (the tests forge tokens with it). */
  authSecret: string;
  /** A request to the API, answered by the function whose route takes it. */
  fetch(input: string | URL, init?: RequestInit): Promise<Response>;
}

declare global {
  // The functions' pool (functions/_shared/platform/db.ts keeps it here).
  var __institutePool: { end(): Promise<void> } | undefined;
}

/** Options of one file's target. */
export interface TargetOptions {
  database: 'pglite' | 'postgresql';
  /** The folder of the prebuilt bundles and their routes.json. */
  functionsDir: string;
  /** The test PostgreSQL server (for `postgresql`): a database of this file's own is made on it. */
  postgresUrl?: string;
  /** A migrated database on that server to copy this file's from (the set-up makes it); without it, the file's is made empty and migrated. */
  postgresTemplate?: string;
}

/** Starts this file's target; `close()` ends it and deletes its data. */
export async function startTarget({ database, functionsDir, postgresUrl, postgresTemplate }: TargetOptions): Promise<Target & { close(): Promise<void> }> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'institute-api-'));
  const closers: (() => unknown)[] = [() => rmSync(scratch, { recursive: true, force: true })];
  const authSecret = randomBytes(48).toString('base64url');
  Object.assign(process.env, {
    AUTH_SECRET: authSecret,
    OUTBOX_DIR: path.join(scratch, 'outbox'),
    UPLOAD_DIR: path.join(scratch, 'uploads'),
    PGLITE_DIR: path.join(scratch, 'pglite'),
  });
  delete process.env['DB_WS_PROXY'];
  if (database === 'postgresql') {
    if (!postgresUrl) throw new Error('no test PostgreSQL server');
    const name = `api_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    // A copy of the migrated template the set-up made: the server copies its files, with no
    // migration to run again (scripts/database-template.mjs).
    await admin.query(`create database ${name}${postgresTemplate ? ` template ${postgresTemplate}` : ''}`);
    await admin.end();
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    process.env['DATABASE_URL'] = url.href;
    closers.unshift(async () => {
      const dropper = new pg.Client({ connectionString: postgresUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    });
  } else {
    delete process.env['DATABASE_URL'];
    // A copy of a migrated PGlite, not one made from nothing (scripts/database-template.mjs).
    await seedPglite(process.env['PGLITE_DIR']!);
  }
  const prepared = await prepareDatabase({ log: () => {} });
  closers.unshift(() => prepared.close());
  // The database's own address: prepareDatabase has set DATABASE_URL to it.
  const databaseUrl = process.env['DATABASE_URL']!;
  const host = await startFunctionHost({ outdir: functionsDir, prebuilt: true });
  closers.unshift(async () => {
    await globalThis.__institutePool?.end().catch(() => {});
    globalThis.__institutePool = undefined;
  });

  return {
    name: database,
    url: ORIGIN,
    databaseUrl,
    outbox: process.env['OUTBOX_DIR']!,
    authSecret,
    async fetch(input, init) {
      const url = new URL(input, ORIGIN);
      if (url.origin !== ORIGIN) return fetch(url, init);
      const request = new Request(url, init);
      const fn = host.match(request);
      if (!fn) return Response.json({ message: 'Not found', error: 'Not found' }, { status: 404 });
      const ip = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || '127.0.0.1';
      const { response, settled } = await host.invoke(fn.name, request, { ip, params: fn.params });
      await settled();
      return response;
    },
    async close() {
      for (const close of closers) await close();
    },
  };
}
