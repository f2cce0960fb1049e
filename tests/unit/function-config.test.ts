/**
 * The local function host reads each function's routes from its source, as Netlify does when it
 * deploys (scripts/function-host.mjs `configOf`), and imports a function's bundle only on its
 * first call.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configOf, functionNames } from '../../scripts/function-host.mjs';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'function-config-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const source = (name: string, text: string) => {
  const file = path.join(scratch, `${name}.ts`);
  writeFileSync(file, text);
  return file;
};

describe('a function’s config read from its source', () => {
  it('gives every function of functions/ a path or a schedule', () => {
    for (const name of functionNames()) {
      const config = configOf(path.join('functions', `${name}.ts`)) as { path?: unknown; schedule?: unknown };
      expect(config.path ?? config.schedule, name).toBeTruthy();
    }
  });

  it('reads the literal whole: lists, strings with braces and quotes, a type after the name', () => {
    const file = source(
      'literal',
      "import type { Config } from '@netlify/functions';\nexport default () => new Response('}');\nexport const config: Config = { path: ['/a/:id', \"/b/{x}\"], excludedPath: '/a/it\\'s', method: ['GET'] };\n",
    );
    expect(configOf(file)).toEqual({ path: ['/a/:id', '/b/{x}'], excludedPath: "/a/it's", method: ['GET'] });
    expect(configOf(source('none', 'export default () => new Response();\n'))).toEqual({});
  });

  it('refuses a config computed at run time, naming the file, as Netlify could not read it either', () => {
    const file = source('computed', "const base = '/api';\nexport const config = { path: `${base}/x` };\n");
    expect(() => configOf(file)).toThrow(/computed\.ts: its `config` must be a literal object/);
  });
});
