// Throwaway test databases made from one migrated template instead of from nothing.
//
// A fresh embedded PGlite costs an initdb and every migration (3–4 s of CPU on this machine); a
// copy of a folder that already went through both opens in a fraction of a second. The template
// is made here by the same code a real start uses (prepareDatabase: open, migrate), then closed;
// each test file copies it and prepareDatabase runs the migrations again on the copy, finding
// them applied — or applying any that are newer. The template's folder is named after a hash of
// the migrations and of the code that makes it, so a changed migration, a new PGlite or a changed
// scripts/db.mjs or scripts/database.mjs gets a template of its own and an old one is never
// reused for it.
//
// On PostgreSQL the server does the same itself: `create database … template …` copies a
// migrated database's files.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrate, migrationsDir } from './db.mjs';
import { prepareDatabase } from './database.mjs';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

/** What a template depends on: the migrations, PGlite's version and the code that opens and migrates. */
function templateKey() {
  const hash = createHash('sha256');
  hash.update(readFileSync(path.join(projectRoot, 'node_modules', '@electric-sql', 'pglite', 'package.json')));
  for (const file of ['scripts/db.mjs', 'scripts/database.mjs']) hash.update(readFileSync(path.join(projectRoot, file)));
  for (const file of readdirSync(migrationsDir).sort()) hash.update(file).update(readFileSync(path.join(migrationsDir, file)));
  return hash.digest('hex').slice(0, 16);
}

let made;

/**
 * The folder of a migrated, closed PGlite database to copy (made once for a set of migrations and
 * kept in the system's temporary folder). Safe to call from several processes at once: each makes
 * its own and moves it into place, and a later one keeps the first.
 */
export function pgliteTemplate() {
  made ??= makePgliteTemplate().catch((error) => {
    made = undefined;
    throw error;
  });
  return made;
}

async function makePgliteTemplate() {
  const dir = path.join(os.tmpdir(), `institute-pglite-template-${templateKey()}`);
  if (existsSync(path.join(dir, 'PG_VERSION'))) return dir;
  const scratch = mkdtempSync(`${dir}-making-`);
  // prepareDatabase reads and sets the environment; this process's own is put back afterwards.
  const saved = { ...process.env };
  try {
    Object.assign(process.env, {
      PGLITE_DIR: path.join(scratch, 'pglite'),
      OUTBOX_DIR: path.join(scratch, 'outbox'),
      UPLOAD_DIR: path.join(scratch, 'uploads'),
      AUTH_SECRET: 'template-only-never-used-to-sign-anything-0123456789',
    });
    delete process.env.DATABASE_URL;
    delete process.env.DB_WS_PROXY;
    const database = await prepareDatabase({ log: () => {} });
    await database.close();
  } finally {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  }
  try {
    renameSync(path.join(scratch, 'pglite'), dir);
  } catch (error) {
    // Another process moved its template into place first: theirs is as good.
    if (!existsSync(path.join(dir, 'PG_VERSION'))) throw error;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return dir;
}

/** Copies the migrated template into `directory` (a PGlite data folder not made yet); no-op when it exists. */
export async function seedPglite(directory) {
  if (existsSync(directory)) return;
  cpSync(await pgliteTemplate(), directory, { recursive: true });
}

/**
 * Makes and migrates database `name` on the PostgreSQL server at `serverUrl`, to be copied by
 * `create database … template <name>`. Nothing may stay connected to it: the pool is ended here.
 */
export async function makePostgresTemplate(serverUrl, name) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.href, max: 1 });
  try {
    await migrate(pool, { log: () => {} });
  } finally {
    await pool.end();
  }
  return name;
}
