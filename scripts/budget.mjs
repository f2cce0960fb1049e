// Page-weight budgets: `node scripts/budget.mjs [--dir dist] [--budgets budgets.json]`.
//
// For every page of the build (*.html) it measures what a phone downloads, gzipped as a CDN
// sends it (images as they are: they are already compressed):
//   HTML       the page itself, its inline <style> and inline scripts included;
//   CSS        linked stylesheets;
//   JS         initial JavaScript: module scripts with src, modulepreload links and islands
//              hydrated at load (client:load/idle/media/only), plus their static imports;
//   lazy JS    chunks only imported dynamically by that initial JS, islands hydrated when
//              visible, and the scripts started after the first paint (<template
//              data-after-paint>: src/components/layout/AfterPaint.astro), with their imports,
//              static and dynamic (Swiper, loaded when a carousel nears the viewport);
//   islands    islands hydrated on a click or a touch (client:trigger, client:interact): shown
//              for information, budgeted only when budgets.json gives `islandJs`;
//   eager img  first-screen images: <img> with loading="eager" or no loading attribute, video
//              posters and image preloads, each counted once, taking the srcset candidate a
//              412 px phone at 1.75x (Lighthouse's mobile device) would pick.
//   total      HTML + CSS + JS + lazy JS + eager images.
// Each page is held to budgets.json's default, overridden by its own entry; a Hindi page (/hi,
// /hi/…) to its English twin's entry, and is printed under it.
// Then it fails (exit 1), listing each page over its budget. React's client runtime must never
// be part of any page's initial JavaScript (nor of its lazy JavaScript, which loads without the
// visitor doing anything): that fails too.
//
// The staff admin app is the one exception: a page whose budgets.json entry has `adminJs` is the
// admin shell, a React app by design, seen by staff only. Its initial JavaScript (React and the
// island) is held to `adminJs` instead of `js`, and printed on its own line. No other page may
// reach the admin island or its panels in any of its JavaScript (initial, lazy or islands).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > -1 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
};
const distDir = path.resolve(root, arg('dir', 'dist'));
const budgetFile = path.resolve(root, arg('budgets', 'budgets.json'));
const KB = 1024;
/** Lighthouse's mobile device: Moto G Power, 412 px wide at 1.75 device pixels per CSS pixel. */
const VIEWPORT = { width: 412, dpr: 1.75, rootFontSize: 16 };

if (!existsSync(distDir)) {
  console.error(`budget: ${path.relative(root, distDir) || distDir} does not exist; build first.`);
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------
// Files and sizes

const gzCache = new Map();
/** Gzipped size of a published file (raw size for images and fonts, sent as they are). */
function sizeOf(file) {
  const gzip = !/\.(webp|avif|jpe?g|png|gif|woff2?|mp4|webm|pdf)$/i.test(file);
  const key = file;
  if (!gzCache.has(key)) {
    const data = readFileSync(file);
    gzCache.set(key, gzip ? gzipSync(data).length : data.length);
  }
  return gzCache.get(key);
}

/** The published file behind a URL of the site, or undefined (external or missing). */
function fileOf(url, fromFile) {
  if (!url || /^(data:|https?:|\/\/|mailto:|tel:)/i.test(url)) return undefined;
  const clean = decodeURIComponent(url.split(/[?#]/)[0]);
  const file = clean.startsWith('/') ? path.join(distDir, clean) : path.resolve(path.dirname(fromFile), clean);
  return existsSync(file) && statSync(file).isFile() ? file : undefined;
}

/** Every *.html file under a folder. */
function htmlFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '_astro' ? [] : htmlFiles(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

/** The URL path a page is served at (dist/Degree.html → /Degree, dist/index.html → /). */
function routeOf(file) {
  const rel = path.relative(distDir, file).split(path.sep).join('/');
  return `/${rel.replace(/\.html$/, '').replace(/(^|\/)index$/, '')}`;
}

// ---------------------------------------------------------------------------------------------
// HTML, read with a few regular expressions: the build's output is regular enough for that.

/** Attributes of one start tag as a map (names lower-cased; bare attributes map to ''). */
function attributes(tag) {
  const attrs = new Map();
  const body = tag.replace(/^<[\w-]+/, '').replace(/\/?>$/, '');
  for (const m of body.matchAll(/([^\s"'=<>`/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    attrs.set(m[1].toLowerCase(), (m[2] ?? m[3] ?? m[4] ?? '').replace(/&amp;/g, '&'));
  }
  return attrs;
}

/** Start tags of one element name, with their attributes; <template> content is left out. */
function tags(html, name) {
  const withoutTemplates = html.replace(/<template\b[\s\S]*?<\/template>/gi, '');
  return [...withoutTemplates.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'gi'))].map((m) => ({ tag: m[0], index: m.index, attrs: attributes(m[0]) }));
}

/** Width in CSS px of a `sizes` length: px, rem, em, vw and simple calc() of those. */
function cssLength(text) {
  const value = text.trim();
  const calc = /^calc\((.*)\)$/i.exec(value);
  if (calc) {
    const expr = calc[1].replace(/(-?[\d.]+)(px|rem|em|vw)/gi, (_, n, unit) => String(cssLength(`${n}${unit}`)));
    if (/^[\d.\s+\-*/()]+$/.test(expr)) return Function(`return (${expr})`)();
    return VIEWPORT.width;
  }
  const m = /^(-?[\d.]+)(px|rem|em|vw)?$/i.exec(value);
  if (!m) return VIEWPORT.width;
  const n = Number(m[1]);
  switch ((m[2] ?? 'px').toLowerCase()) {
    case 'rem':
    case 'em':
      return n * VIEWPORT.rootFontSize;
    case 'vw':
      return (n * VIEWPORT.width) / 100;
    default:
      return n;
  }
}

/** Whether a simple media condition such as `(min-width: 48rem)` matches the phone. */
function mediaMatches(condition) {
  if (!condition) return true;
  return condition.split(/\band\b/i).every((part) => {
    const m = /\(\s*(min|max)-width\s*:\s*([^)]+)\)/i.exec(part);
    if (!m) return true; // other features (orientation, hover…) are taken as matching
    const limit = cssLength(m[2]);
    return m[1].toLowerCase() === 'min' ? VIEWPORT.width >= limit : VIEWPORT.width <= limit;
  });
}

/** The slot width the `sizes` attribute gives on the phone. */
function slotWidth(sizes) {
  if (!sizes) return VIEWPORT.width;
  for (const entry of sizes.split(/,(?![^(]*\))/)) {
    const m = /^\s*(\(.*\))\s+(.+)$/.exec(entry);
    if (!m) return cssLength(entry);
    if (mediaMatches(m[1])) return cssLength(m[2]);
  }
  return VIEWPORT.width;
}

/** The URL the phone downloads for an image with `src`, `srcset` and `sizes`. */
function chosenSource(src, srcset, sizes) {
  if (!srcset) return src;
  const candidates = srcset
    .split(/,\s+/)
    .map((c) => c.trim().split(/\s+/))
    .filter(([url]) => url)
    .map(([url, descriptor = '1x']) => {
      const n = parseFloat(descriptor);
      return { url, density: descriptor.endsWith('w') ? n / slotWidth(sizes) : n };
    })
    .sort((a, b) => a.density - b.density);
  return (candidates.find((c) => c.density >= VIEWPORT.dpr) ?? candidates.at(-1))?.url ?? src;
}

/** First-screen images of a page: their published files, each once. */
function eagerImages(html, pageFile) {
  const urls = new Set();
  const pictures = [...html.matchAll(/<picture\b[\s\S]*?<\/picture>/gi)];
  for (const { index, attrs } of tags(html, 'img')) {
    const loading = (attrs.get('loading') ?? '').toLowerCase();
    if (loading === 'lazy') continue;
    let url = chosenSource(attrs.get('src'), attrs.get('srcset'), attrs.get('sizes'));
    const picture = pictures.find((p) => index > p.index && index < p.index + p[0].length);
    if (picture) {
      const source = tags(picture[0], 'source').find(({ attrs: a }) => a.get('srcset') && mediaMatches(a.get('media')));
      if (source) url = chosenSource(undefined, source.attrs.get('srcset'), source.attrs.get('sizes') ?? attrs.get('sizes'));
    }
    urls.add(url);
  }
  for (const { attrs } of tags(html, 'video')) if (attrs.get('poster')) urls.add(attrs.get('poster'));
  for (const { attrs } of tags(html, 'link')) {
    if (attrs.get('rel') === 'preload' && attrs.get('as') === 'image') {
      urls.add(chosenSource(attrs.get('href'), attrs.get('imagesrcset'), attrs.get('imagesizes')));
    }
  }
  return [...urls].map((url) => fileOf(url, pageFile)).filter(Boolean);
}

// ---------------------------------------------------------------------------------------------
// JavaScript module graph

/** Static imports (`import … from "x"`, `import "x"`, `export … from "x"`) and dynamic `import("x")` of a module. */
function importsOf(file) {
  const code = readFileSync(file, 'utf8');
  const staticSpecs = [...code.matchAll(/(?:^|[^\w$.])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?(["'`])([^"'`\n]+?\.m?js)\1/g)].map((m) => m[2]);
  const dynamicSpecs = [...code.matchAll(/(?:^|[^\w$.])import\(\s*(["'`])([^"'`$\n]+?)\1\s*\)/g)].map((m) => m[2]);
  // Vite lists the chunks a dynamic import preloads as plain strings ("_astro/x.js").
  const preloadSpecs = [...code.matchAll(/(["'`])((?:\/?_astro\/|\.\/)[^"'`\n]+?\.js)\1/g)].map((m) => m[2]);
  const resolve = (spec) => fileOf(spec.startsWith('_astro/') ? `/${spec}` : spec, file);
  const statics = new Set(staticSpecs.map(resolve).filter(Boolean));
  const dynamics = new Set([...dynamicSpecs, ...preloadSpecs].map(resolve).filter((f) => f && !statics.has(f)));
  return { statics: [...statics], dynamics: [...dynamics] };
}

/** The modules a file loads with `import("…")` itself (not the preload lists beside such calls). */
function dynamicImportsOf(file) {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(/(?:^|[^\w$.])import\(\s*(["'`])([^"'`$\n]+?)\1\s*\)/g)].map((m) => fileOf(m[2], file)).filter(Boolean);
}

/** A set of entry modules and everything they import statically. */
function closure(entries) {
  const seen = new Set();
  const stack = [...entries];
  while (stack.length) {
    const file = stack.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...importsOf(file).statics);
  }
  return seen;
}

/** Initial, lazy and on-interaction JavaScript files of a page. */
function scriptsOf(html, pageFile) {
  const initialEntries = [];
  const lazyEntries = [];
  const islandEntries = [];
  for (const { attrs } of tags(html, 'script')) {
    if (attrs.get('src') && attrs.get('type') !== 'application/ld+json') initialEntries.push(fileOf(attrs.get('src'), pageFile));
  }
  for (const { attrs } of tags(html, 'link')) {
    if (attrs.get('rel') === 'modulepreload') initialEntries.push(fileOf(attrs.get('href'), pageFile));
  }
  const afterPaintEntries = [];
  for (const [, content] of html.matchAll(/<template data-after-paint>([\s\S]*?)<\/template>/gi)) {
    for (const { attrs } of tags(content, 'script')) if (attrs.get('src')) afterPaintEntries.push(fileOf(attrs.get('src'), pageFile));
  }
  for (const { attrs } of tags(html, 'astro-island')) {
    const files = [attrs.get('component-url'), attrs.get('renderer-url')].map((u) => fileOf(u, pageFile));
    const when = attrs.get('client');
    if (['load', 'idle', 'media', 'only'].includes(when)) initialEntries.push(...files);
    else if (when === 'visible') lazyEntries.push(...files);
    else islandEntries.push(...files);
  }
  const initial = closure(initialEntries.filter(Boolean));
  const afterPaint = closure(afterPaintEntries.filter(Boolean));
  const dynamic = [...initial, ...afterPaint].flatMap((file) => importsOf(file).dynamics);
  const lazy = [...closure([...afterPaint, ...dynamic, ...lazyEntries.filter(Boolean)])].filter((f) => !initial.has(f));
  const islands = [...closure(islandEntries.filter(Boolean))].filter((f) => !initial.has(f) && !lazy.includes(f));
  return { initial: [...initial], lazy, islands };
}

// ---------------------------------------------------------------------------------------------
// Measure, print, judge

const budgets = JSON.parse(readFileSync(budgetFile, 'utf8'));
const columns = [
  ['html', 'HTML'],
  ['css', 'CSS'],
  ['js', 'JS'],
  ['lazyJs', 'lazy JS'],
  ['islandJs', 'islands'],
  ['eagerImages', 'eager img'],
  ['total', 'total'],
];

/** The English page a Hindi page (/hi, /hi/…) is the twin of: /hi → /, /hi/about → /about. */
const englishTwin = (route) => (route === '/hi' ? '/' : route.startsWith('/hi/') ? route.slice(3) : undefined);
/**
 * A page's own entry in budgets.json. A Hindi twin is held to its English page's budget: the same
 * page in other words, which must cost no more (budgets.json may still name a twin to override).
 */
const pageBudget = (route) => budgets.pages?.[route] ?? (englishTwin(route) ? budgets.pages?.[englishTwin(route)] : undefined);

const failures = [];
const rows = [];
/** The admin shell pages: their initial JS, and the admin island's entry and panel chunks. */
const adminPages = [];
/** Every page's JavaScript files of any kind, to check that no public page reaches admin code. */
const pageScripts = new Map();
for (const file of htmlFiles(distDir).sort()) {
  const route = routeOf(file);
  const html = readFileSync(file, 'utf8');
  const css = tags(html, 'link')
    .filter(({ attrs }) => (attrs.get('rel') ?? '').split(/\s+/).includes('stylesheet'))
    .map(({ attrs }) => fileOf(attrs.get('href'), file))
    .filter(Boolean);
  const js = scriptsOf(html, file);
  const images = eagerImages(html, file);
  const sum = (files) => [...new Set(files)].reduce((total, f) => total + sizeOf(f), 0);
  const row = {
    route,
    html: sizeOf(file),
    css: sum(css),
    js: sum(js.initial),
    lazyJs: sum(js.lazy),
    islandJs: sum(js.islands),
    eagerImages: sum(images),
  };
  row.total = row.html + row.css + row.js + row.lazyJs + row.eagerImages;
  rows.push(row);
  pageScripts.set(route, new Set([...js.initial, ...js.lazy, ...js.islands]));

  const limits = { ...budgets.default, ...(pageBudget(route) ?? {}) };
  const isAdmin = typeof pageBudget(route)?.adminJs === 'number';
  if (isAdmin) {
    // The island's own code: its component module and the panels that module loads on demand.
    const entries = tags(html, 'astro-island')
      .map(({ attrs }) => fileOf(attrs.get('component-url'), file))
      .filter(Boolean);
    const own = new Set([...entries, ...entries.flatMap(dynamicImportsOf)]);
    adminPages.push({ route, js: row.js, budget: limits.adminJs, own });
    if (row.js > limits.adminJs * KB)
      failures.push(`${route}: admin island's initial JS ${(row.js / KB).toFixed(1)} KB is over its budget of ${limits.adminJs} KB`);
    if (!entries.length) failures.push(`${route}: has an adminJs budget but no island`);
  }

  // React's runtime (about 66 KB gzipped) must never load with a page, nor merely because the
  // visitor scrolled (client:visible): only when they use an island (client:trigger/interact).
  for (const [kind, files] of isAdmin
    ? []
    : [
        ['initial', js.initial],
        ['lazy (no interaction needed)', js.lazy],
      ]) {
    for (const f of files) {
      const name = path.basename(f);
      if (/^client\.[\w-]+\.js$/.test(name) || readFileSync(f, 'utf8').includes('react-dom')) {
        failures.push(
          `${route}: ${kind} JavaScript includes React's client runtime (${path.relative(distDir, f)}); hydrate islands on interaction (client:trigger / client:interact) instead`,
        );
      }
    }
  }

  for (const [key, label] of columns) {
    if (typeof limits[key] !== 'number') continue;
    // The admin shell's initial JS is judged by adminJs above.
    if (isAdmin && (key === 'js' || key === 'total')) continue;
    if (row[key] > limits[key] * KB) {
      failures.push(`${route}: ${label} ${(row[key] / KB).toFixed(1)} KB is over its budget of ${limits[key]} KB`);
    }
  }
}

// No page but the admin shell may load the admin island or any of its panels, in any way.
for (const admin of adminPages) {
  for (const [route, files] of pageScripts) {
    if (adminPages.some((a) => a.route === route)) continue;
    for (const f of admin.own) {
      if (files.has(f)) failures.push(`${route}: loads the admin app's code (${path.relative(distDir, f)})`);
    }
  }
}

for (const route of Object.keys(budgets.pages ?? {})) {
  if (!rows.some((r) => r.route === route)) failures.push(`budgets.json names ${route}, which the build has no page for`);
}

const kb = (bytes) => (bytes / KB).toFixed(1);
const header = ['page', ...columns.map(([, label]) => label)];
// Each Hindi page printed under its English twin, so the two can be compared line by line.
const english = rows.filter((r) => !englishTwin(r.route));
const ordered = [
  ...english.flatMap((r) => [r, ...rows.filter((h) => englishTwin(h.route) === r.route)]),
  ...rows.filter((r) => englishTwin(r.route) && !english.some((e) => e.route === englishTwin(r.route))),
];
const table = [header, ...ordered.map((r) => [r.route, ...columns.map(([key]) => kb(r[key]))])];
const widths = header.map((_, i) => Math.max(...table.map((line) => line[i].length)));
const line = (cells) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
console.log(`\nPage weight in KB (1 KB = 1024 bytes), gzipped; images as sent; from ${path.relative(root, distDir) || distDir}/`);
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const r of table.slice(1)) console.log(line(r));
for (const admin of adminPages) {
  console.log(
    `\nAdmin app (${admin.route}): initial JavaScript ${kb(admin.js)} KB gzipped, React included (budget ${admin.budget} KB); ${admin.own.size} chunks of its own, loaded by no other page.`,
  );
}
console.log(
  `\nBudgets (KB): default ${JSON.stringify(budgets.default)}; per page: ${Object.keys(budgets.pages ?? {}).join(', ') || 'none'}; each Hindi page (/hi/…) the budget of its English twin.`,
);

if (failures.length) {
  console.error(`\n${failures.length} budget failure(s):`);
  for (const f of failures) console.error(`  ✗ ${f}`);
  process.exit(1);
}
console.log(`\nAll ${rows.length} pages are within budget; no page but the admin app loads React's runtime up front.`);
