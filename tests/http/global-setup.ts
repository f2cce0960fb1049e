/**
 * Starts what the API tests talk to: a throwaway PostgreSQL server, and two copies of the
 * `npm start` server (scripts/start.mjs) — one on the embedded PGlite database, one on the real
 * PostgreSQL — each with its own outbox folder. Every API test runs against both.
 * The PGlite server gets an AUTH_SECRET from here; the other makes its own as `npm start` does
 * (scripts/database.mjs), read back from its file. The tests use it to forge tokens.
 * With API_TESTS_PGLITE_ONLY=1 (`npm run test:api -- --pglite`, scripts/test-api.mjs) only the
 * PGlite server starts, no PostgreSQL, and every API test runs once, on it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startTestPostgres } from '../../scripts/test-postgres.mjs';

export interface Target {
  /** Which database the server uses. */
  name: 'pglite' | 'postgresql';
  /** Base address of the server. */
  url: string;
  /** Connection string of its database, for checking what was stored. */
  databaseUrl: string;
  /** Its mail outbox folder. */
  outbox: string;
  /** The server's AUTH_SECRET. */
  authSecret: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    targets: Target[];
  }
}

const root = path.resolve(import.meta.dirname, '../..');
const pgliteOnly = process.env['API_TESTS_PGLITE_ONLY'] === '1';
let stopping = false;

function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string; databaseUrl?: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/start.mjs', '--no-build', '--no-watch'], {
      cwd: root,
      env: { ...process.env, PORT: '0', TRUST_FORWARDED_FOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let databaseUrl: string | undefined;
    // It answers once its functions are bundled: a minute on a quiet machine, several on a busy
    // one. One that never answers is stopped, so it cannot outlive the tests.
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`server did not start:\n${output}`));
    }, 360_000);
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
      databaseUrl ??= /Embedded database: .* at (postgres:\/\/\S+)/.exec(output)?.[1];
      const url = /served at (http:\/\/\S+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ child, url, ...(databaseUrl ? { databaseUrl } : {}) });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    });
    child.on('exit', (code, signal) => {
      reject(new Error(`server exited with ${code}:\n${output}`));
      // A server that stops during the tests says so: otherwise they only see "connection refused".
      if (!stopping) console.error(`[global-setup] a test server (${env['DATABASE_URL'] ? 'postgresql' : 'pglite'}) exited (${signal ?? code}); its last output:\n${output.slice(-3000)}`);
    });
  });
}

export default async function setup(project: TestProject) {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'institute-api-'));
  const postgres = pgliteOnly ? null : await startTestPostgres();
  const children: ChildProcess[] = [];
  const embeddedSecret = randomBytes(32).toString('base64url');
  try {
    // One after the other: both bundle the functions into the same .netlify/functions-serve
    // folder, and a server must not read a bundle while the other is writing it.
    const embedded = await startServer({ PGLITE_DIR: path.join(scratch, 'pglite'), OUTBOX_DIR: path.join(scratch, 'outbox-pglite'), DATABASE_URL: '', AUTH_SECRET: embeddedSecret });
    children.push(embedded.child);
    const targets: Target[] = [
      { name: 'pglite', url: embedded.url, databaseUrl: embedded.databaseUrl!, outbox: path.join(scratch, 'outbox-pglite'), authSecret: embeddedSecret },
    ];
    if (postgres) {
      const real = await startServer({ DATABASE_URL: postgres.url, OUTBOX_DIR: path.join(scratch, 'outbox-postgresql'), AUTH_SECRET: '' });
      children.push(real.child);
      targets.push({
        name: 'postgresql',
        url: real.url,
        databaseUrl: postgres.url,
        outbox: path.join(scratch, 'outbox-postgresql'),
        authSecret: readFileSync(path.join(scratch, 'auth-secret'), 'utf8').trim(),
      });
    }
    project.provide('targets', targets);
  } catch (error) {
    children.forEach((child) => child.kill());
    postgres?.stop();
    throw error;
  }
  return async () => {
    stopping = true;
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null) return resolve(null);
            child.once('exit', resolve);
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 8000).unref();
          }),
      ),
    );
    postgres?.stop();
    rmSync(scratch, { recursive: true, force: true });
  };
}
