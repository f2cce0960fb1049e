/**
 * Every function bundled as Netlify bundles it — zip-it-and-ship-it with the `[functions]`
 * settings of netlify.toml and those of each function (`[functions."jobs-page"]`), as a deploy
 * from a developer's machine would — while the local data folders hold files: no
 * bundle may carry anything from `.data`, `uploads` or `outbox` (the database, the secret, the
 * mail and the applicants' documents of that machine).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zipFunctions } from '@netlify/zip-it-and-ship-it';
import { parse } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
/** Folder names no bundled file may sit under. */
const DATA_FOLDERS = new Set(['.data', 'uploads', 'outbox']);

interface FunctionsSettings {
  directory: string;
  node_bundler?: string;
  external_node_modules?: string[];
  included_files?: string[];
  ignored_node_modules?: string[];
}

/** netlify.toml's [functions] as zip-it-and-ship-it's config, mapped as @netlify/functions-dev maps it; a function's own table adds its files. */
function bundlerConfig() {
  const { functions } = parse(readFileSync(path.join(root, 'netlify.toml'), 'utf8')) as unknown as {
    functions: FunctionsSettings & Record<string, unknown>;
  };
  const own = Object.entries(functions)
    .filter((entry): entry is [string, FunctionsSettings] => typeof entry[1] === 'object' && entry[1] !== null && !Array.isArray(entry[1]))
    .map(([name, settings]) => [name, { includedFiles: settings.included_files, includedFilesBasePath: root }] as const);
  expect(
    own.map(([name]) => name),
    'the functions with settings of their own',
  ).toContain('jobs-page');
  return {
    directory: path.join(root, functions.directory),
    config: {
      ...Object.fromEntries(own),
      '*': {
        externalNodeModules: functions.external_node_modules,
        includedFiles: functions.included_files,
        includedFilesBasePath: root,
        ignoredNodeModules: functions.ignored_node_modules,
        nodeBundler:
          functions.node_bundler === 'esbuild' ? ('esbuild_zisi' as const) : (functions.node_bundler as 'esbuild_zisi' | 'nft' | 'zisi' | 'none' | undefined),
        processDynamicNodeImports: true,
        // As a deploy bundles (netlify.toml sets no `node_sourcemap`): a source map is a file beside
        // the bundle, never one of the data folders', and makes the bundling a fifth slower.
        nodeSourcemap: false,
      },
    },
  };
}

/** Removes `dir` and the folders under it, bottom up, where they hold no file. */
function removeEmptyFolders(dir: string): void {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) if (entry.isDirectory()) removeEmptyFolders(path.join(dir, entry.name));
  if (readdirSync(dir).length === 0) rmSync(dir, { recursive: true });
}

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(prefix, entry.name);
    return entry.isDirectory() ? filesUnder(dir, relative) : [relative];
  });
}

const tag = `bundle-sentinel-${randomUUID()}`;
/** Sentinel files in the data folders, and the folders this test made for them (removed after). */
const sentinels = ['.data/uploads', '.data/outbox', '.data'].map((folder) => path.join(root, folder, `${tag}.txt`));
const madeFolders: string[] = [];
let out: string;

beforeAll(() => {
  for (const file of sentinels) {
    const made = mkdirSync(path.dirname(file), { recursive: true });
    if (made) madeFolders.push(made);
    writeFileSync(file, 'a file of the local data folders: never in a function bundle\n');
  }
  out = mkdtempSync(path.join(os.tmpdir(), 'institute-bundles-'));
});

afterAll(() => {
  for (const file of sentinels) rmSync(file, { force: true });
  // Only folders this test made, and only where nothing else was put meanwhile.
  for (const folder of madeFolders.reverse()) removeEmptyFolders(folder);
  if (out) rmSync(out, { recursive: true, force: true });
});

describe('function bundles', () => {
  it('carry no file of the local data folders (.data, uploads, outbox)', { timeout: 240_000 }, async () => {
    const { directory, config } = bundlerConfig();
    const started = Date.now();
    const bundles = await zipFunctions(directory, out, {
      archiveFormat: 'none',
      basePath: root,
      config,
      // As @netlify/functions-dev bundles a Functions v2 function.
      featureFlags: { zisi_pure_esm: true, zisi_pure_esm_mjs: true },
    });
    console.log(`bundled ${bundles.length} functions in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    // Every function was bundled (none skipped, so none escapes the check), with its code.
    const names = readdirSync(directory)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => f.slice(0, -3));
    expect(bundles.map((b) => b.name).sort()).toEqual(names.sort());
    for (const sentinel of sentinels) expect(existsSync(sentinel)).toBe(true);

    const carried = bundles.flatMap((bundle) =>
      filesUnder(bundle.path)
        .filter((file) => file.split(path.sep).some((segment) => DATA_FOLDERS.has(segment)))
        .map((file) => `${bundle.name}: ${file}`),
    );
    expect(carried).toEqual([]);
    // A function's own settings reached the bundler: /jobs travels with its built page.
    const jobsPage = bundles.find((bundle) => bundle.name === 'jobs-page')!;
    expect(filesUnder(jobsPage.path).map((file) => file.split(path.sep).join('/'))).toContain('dist/jobs.html');
  });
});
