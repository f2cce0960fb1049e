/**
 * Set-up of the API tests (vitest's `api` and `api-postgresql` projects): every function is bundled
 * once for the run, as Netlify bundles it, with its routes written beside the bundles; each test
 * file then starts the functions in its own worker on a database of its own
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

export default async function setup(project: TestProject) {
  const functionsDir = mkdtempSync(path.join(os.tmpdir(), 'institute-api-functions-'));
  const postgres = project.name === 'api-postgresql' ? await startTestPostgres() : null;
  let postgresTemplate: string | undefined;
  try {
    // The migrated database every test file's own is copied from, made once here while the
    // functions are bundled (scripts/database-template.mjs).
    const [names, template] = await Promise.all([
      bundleFunctions({ outdir: functionsDir }),
      postgres ? makePostgresTemplate(postgres.url, 'api_template') : pgliteTemplate(),
    ]);
    await writeManifest(functionsDir, names);
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
    rmSync(functionsDir, { recursive: true, force: true });
  };
}
