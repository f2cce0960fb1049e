/**
 * Set-up of the API tests (vitest's `api` and `api-pglite` projects): every function is bundled
 * once for the run (one folder for both projects), as Netlify bundles it, with its routes written
 * beside the bundles, and a migrated database is made to copy; each test file then starts the
 * functions in its own worker on a database of its own (tests/support/api-target.ts). For `api`,
 * a throwaway PostgreSQL server is started, on which each file makes its own database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { bundleFunctions, writeManifest } from '../../scripts/function-host.mjs';
import { makePostgresTemplate, pgliteTemplate } from '../../scripts/database-template.mjs';
import { startTestPostgres } from '../../scripts/test-postgres.mjs';
import type { TargetOptions } from '../support/api-target';

export type { Target } from '../support/api-target';

declare module 'vitest' {
  export interface ProvidedContext {
    api: TargetOptions;
  }
}

/**
 * The bundles, made once for both projects of a run. Vitest loads this file afresh for each
 * project (two module instances in its main process), so what they share is kept on globalThis:
 * the second project finds the first one's folder (or its bundling under way), and the last
 * project to finish deletes it.
 */
const shared = globalThis as typeof globalThis & { __instituteApiBundles?: { dir: Promise<string>; users: number } };

function sharedBundles(): Promise<string> {
  shared.__instituteApiBundles ??= {
    users: 0,
    dir: (async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'institute-api-functions-'));
      await writeManifest(dir, await bundleFunctions({ outdir: dir }));
      return dir;
    })(),
  };
  shared.__instituteApiBundles.users += 1;
  return shared.__instituteApiBundles.dir;
}

/**
 * The database of a project's files: `api-pglite` runs on the embedded PGlite; `api` runs on
 * PostgreSQL, or on PGlite too when API_DATABASE=pglite (`npm run test:api -- --pglite`, for a
 * machine without PostgreSQL's server).
 */
function databaseOf(projectName: string): 'pglite' | 'postgresql' {
  return projectName === 'api-pglite' || process.env.API_DATABASE === 'pglite' ? 'pglite' : 'postgresql';
}

export default async function setup(project: TestProject) {
  const postgres = databaseOf(project.name) === 'postgresql' ? await startTestPostgres() : null;
  let postgresTemplate: string | undefined;
  let functionsDir: string;
  const bundles = sharedBundles();
  try {
    // The migrated database every test file's own is copied from, made once here while the
    // functions are bundled (scripts/database-template.mjs).
    const [dir, template] = await Promise.all([bundles, postgres ? makePostgresTemplate(postgres.url, 'api_template') : pgliteTemplate()]);
    functionsDir = dir;
    if (postgres) postgresTemplate = template;
  } catch (error) {
    postgres?.stop();
    throw error;
  }
  project.provide('api', {
    functionsDir,
    database: postgres ? 'postgresql' : 'pglite',
    ...(postgres ? { postgresUrl: postgres.url } : {}),
    ...(postgresTemplate ? { postgresTemplate } : {}),
  });
  return () => {
    postgres?.stop();
    const bundles = shared.__instituteApiBundles;
    if (bundles && --bundles.users === 0) {
      delete shared.__instituteApiBundles;
      rmSync(functionsDir, { recursive: true, force: true });
    }
  };
}
