// `node scripts/hindi-twins.mjs`: gives every page of src/pages its Hindi twin under src/pages/hi/
// (the same page at /hi/…, its language taken from the address), for a page that has none yet.
// Staff pages stay English only. tests/unit/hindi-twins.test.ts fails while a page lacks its twin.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const pages = fileURLToPath(new URL('../src/pages/', import.meta.url));

/** Pages with no Hindi twin: the staff's own (the admin speaks English), and the robots file. */
export const ENGLISH_ONLY = ['adminPanel.astro', 'adminLogin.astro', 'adminInvite.astro', 'robots.txt.ts', 'certificates/print.astro'];

/** Every .astro page below src/pages except the Hindi twins themselves, as paths relative to it. */
export function englishPages(dir = pages, prefix = '') {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(prefix, entry.name);
    if (entry.isDirectory()) return relative === 'hi' ? [] : englishPages(path.join(dir, entry.name), relative);
    return relative.endsWith('.astro') ? [relative] : [];
  });
}

/** The twin of a page: the page itself, rendered again; a page with getStaticPaths lends its own. */
export function twinSource(relative) {
  const source = readFileSync(path.join(pages, relative), 'utf8');
  const depth = relative.split('/').length;
  const target = `${'../'.repeat(depth)}${relative}`;
  const english = `/${relative.replace(/\.astro$/, '').replace(/(^|\/)index$/, '')}`;
  const dynamic = /export (const|function|async function) getStaticPaths/.test(source);
  // Props from getStaticPaths are handed on; a page that takes none renders without.
  const props = dynamic && /\bprops:/.test(source);
  return [
    '---',
    `/** The Hindi twin of ${english}: the same page, its language taken from the address (/hi/…). */`,
    dynamic ? `import Page, { getStaticPaths as englishPaths } from '${target}';` : `import Page from '${target}';`,
    ...(dynamic ? ['', 'export const getStaticPaths = englishPaths;'] : []),
    '---',
    props ? '<Page {...Astro.props} />' : '<Page />',
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let made = 0;
  for (const relative of englishPages()) {
    if (ENGLISH_ONLY.includes(relative)) continue;
    const twin = path.join(pages, 'hi', relative);
    if (existsSync(twin)) continue;
    mkdirSync(path.dirname(twin), { recursive: true });
    writeFileSync(twin, twinSource(relative));
    console.log(`made src/pages/hi/${relative}`);
    made += 1;
  }
  console.log(made ? `${made} Hindi twin(s) made.` : 'Every page has its Hindi twin.');
}
