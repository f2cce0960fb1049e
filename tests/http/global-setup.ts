/**
 * Starts what the HTTP tests talk to: one `npm start` server (scripts/start.mjs on the last build)
 * on an embedded database and an outbox of its own, on a free port. The API's contract is tested
 * in-process (tests/api); these tests are for what only the server shows.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

export interface Server {
  /** Base address of the server. */
  url: string;
  /** Connection string of its database, for checking what was stored. */
  databaseUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    server: Server;
  }
}

const root = path.resolve(import.meta.dirname, '../..');
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
    // It answers once its database is open and its functions are bundled and loaded (10–20 s;
    // more on a busy machine). One that never answers is stopped, so it cannot outlive the tests.
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
      if (!stopping) console.error(`[global-setup] the test server exited (${signal ?? code}); its last output:\n${output.slice(-3000)}`);
    });
  });
}

export default async function setup(project: TestProject) {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'institute-http-'));
  const server = await startServer({ PGLITE_DIR: path.join(scratch, 'pglite'), OUTBOX_DIR: path.join(scratch, 'outbox'), DATABASE_URL: '', AUTH_SECRET: '' });
  project.provide('server', { url: server.url, databaseUrl: server.databaseUrl! });
  return async () => {
    stopping = true;
    await new Promise((resolve) => {
      if (server.child.exitCode !== null) return resolve(null);
      server.child.once('exit', resolve);
      server.child.kill('SIGTERM');
      setTimeout(() => server.child.kill('SIGKILL'), 8000).unref();
    });
    rmSync(scratch, { recursive: true, force: true });
  };
}
