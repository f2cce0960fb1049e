/**
 * Set-up of the API tests (vitest's `api` and `api-postgresql` projects): every function is bundled
 * once for the run (one folder for both projects), as Netlify bundles it, with its routes written
 * beside the bundles, and a migrated database is made to copy; each test file then starts the functions in its own worker on a database of its own
 * (tests/support/api-target.ts). For `api-postgresql`, a throwaway PostgreSQL server is started,
 * on which each file makes its own database.
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
 * The bundles, made once for both projects of a run: vitest loads this file once and calls it per
 * project, so the second project finds the first one's folder (or its bundling under way). The
 * last project to finish deletes it. (Were the file loaded once per project, each would simply
 * make its own, as before.)
 */
let bundles: Promise<string> | undefined;
let users = 0;

function sharedBundles(): Promise<string> {
  bundles ??= (async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'institute-api-functions-'));
    await writeManifest(dir, await bundleFunctions({ outdir: dir }));
    return dir;
  })();
  return bundles;
}

export default async function setup(project: TestProject) {
  users += 1;
  const postgres = project.name === 'api-postgresql' ? await startTestPostgres() : null;
  let postgresTemplate: string | undefined;
  let functionsDir: string;
  try {
    // The migrated database every test file's own is copied from, made once here while the
    // functions are bundled (scripts/database-template.mjs).
    const [dir, template] = await Promise.all([sharedBundles(), postgres ? makePostgresTemplate(postgres.url, 'api_template') : pgliteTemplate()]);
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
    users -= 1;
    if (users === 0) rmSync(functionsDir, { recursive: true, force: true });
  };
}
