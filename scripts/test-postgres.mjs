// A throwaway PostgreSQL server for the tests (Debian's `postgresql` package): initdb in a
// temporary folder, start on a free port on 127.0.0.1, stop and delete it afterwards.
// The server refuses to run as root, so as root it runs as the `postgres` user.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Finds the PostgreSQL server binaries, or returns null when the server is not installed. */
export function postgresBinDir() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], 'bin') : null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts a fresh server; resolves to `{ url, stop }`. */
export async function startTestPostgres() {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL server not found: install it with `apt-get install -y postgresql` (.ci/run does).');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'institute-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (command, args) => {
    const result = asRoot
      ? spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', [command, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ')], { encoding: 'utf8' })
      : spawnSync(command, args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${path.basename(command)} failed: ${result.stderr || result.stdout}`);
  };
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  const port = await freePort();
  run(path.join(bin, 'initdb'), ['-A', 'trust', '-U', 'postgres', '-D', data]);
  run(path.join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-l',
    path.join(dir, 'log'),
    '-w',
    'start',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
