// `npm run ids:reseal`: after a new key was put first in ID_NUMBER_KEYS, re-seals every
// application's ID numbers that an older key sealed with the new one (functions/_shared/applications/id-vault.ts,
// resealAll), so the old key can then be dropped. Safe to run twice, and while the site runs.
// With DATABASE_URL (Neon) it works there and needs ID_NUMBER_KEYS in the shell (old and new
// keys, new first); without it, on the embedded database of `npm start` (stop the server first).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { prepareDatabase } from './database.mjs';
import { bundleModule } from './in-process.mjs';

if (process.env.DATABASE_URL && !process.env.ID_NUMBER_KEYS) {
  console.error(
    '\n  ID_NUMBER_KEYS is not set: give the keys (the new one first, then the old ones) as in Netlify, e.g.\n' +
      '  ID_NUMBER_KEYS="k2026:…,k2025:…" DATABASE_URL=… npm run ids:reseal\n',
  );
  process.exit(1);
}

const database = await prepareDatabase({ log: () => {} });
const dir = mkdtempSync(path.join(os.tmpdir(), 'reseal-'));
try {
  const outfile = await bundleModule('functions/_shared/applications/id-vault.ts', path.join(dir, 'id-vault.mjs'));
  const { idKeyring, resealAll } = await import(pathToFileURL(outfile).href);
  const [first] = idKeyring();
  const done = await resealAll();
  console.log(
    `\n  ID numbers re-sealed with key "${first.id}": ${done.resealed} application(s); ${done.current} already were.` +
      (done.unknownKey ? `\n  ${done.unknownKey} application(s) were sealed with a key that is not in ID_NUMBER_KEYS and were left as they are.` : '') +
      '\n',
  );
  if (done.unknownKey) process.exitCode = 2;
} catch (error) {
  console.error(`\n  Could not re-seal: ${error instanceof Error ? error.message : error}\n`);
  process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
  // The bundle's pool (functions/_shared/platform/db.ts keeps it on globalThis) first, then the proxy.
  await globalThis.__institutePool?.end().catch(() => {});
  await database.close();
}
