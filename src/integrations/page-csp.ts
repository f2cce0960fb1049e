/**
 * Trims each built page's Content-Security-Policy <meta> to the hashes that page needs.
 *
 * Astro's CSP puts the hash of every inline style and script of the whole site into every page
 * (some 60 hashes, about 2 KB gzipped that cannot be compressed: a sixth of a small page). After
 * the build, this keeps in `script-src` and `style-src` only the hashes of the inline scripts and
 * styles that are actually in the page, so each page stays within the first round trip of a
 * slow connection. Everything else in the policy is left as Astro wrote it. A page with an
 * inline script or style whose hash Astro did not list fails the build: that would be blocked
 * in the browser.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

const META = /<meta http-equiv="content-security-policy" content="([^"]*)"\s*\/?>/i;
/** Inline scripts the browser runs: no src, and a JavaScript type (JSON-LD is data, never run). */
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)(?![^>]*\btype="(?!module"|text\/javascript")[^"]*")[^>]*>([\s\S]*?)<\/script>/gi;
const INLINE_STYLE = /<style[^>]*>([\s\S]*?)<\/style>/gi;

/** The page's HTML with its policy trimmed; throws when a needed hash is missing. */
export function trimPolicy(html: string, file = 'page'): string {
  const match = META.exec(html);
  if (!match) return html;
  const policy = match[1]!.replaceAll('&#39;', "'");
  const hashOf = (algorithm: string, text: string) => `'${algorithm}-${createHash(algorithm).update(text).digest('base64')}'`;

  const rewrite = (directive: 'script-src' | 'style-src', pattern: RegExp, source: string): string => {
    const found = new RegExp(`${directive}\\s+([^;]*)`).exec(source);
    if (!found) return source;
    const values = found[1]!.trim().split(/\s+/);
    const listed = values.filter((value) => /^'sha(256|384|512)-/.test(value));
    const others = values.filter((value) => !listed.includes(value));
    const algorithm = /^'(sha\d+)-/.exec(listed[0] ?? '')?.[1] ?? 'sha256';
    const needed = [...new Set([...html.matchAll(pattern)].map((m) => hashOf(algorithm, m[1]!)))];
    const missing = needed.filter((hash) => !listed.includes(hash));
    if (missing.length) {
      throw new Error(`${file}: inline ${directive === 'script-src' ? 'script' : 'style'} not covered by the CSP (${missing.join(' ')})`);
    }
    return source.replace(found[0], () => `${directive} ${[...others, ...needed].join(' ')}`);
  };

  let trimmed = rewrite('script-src', INLINE_SCRIPT, policy);
  trimmed = rewrite('style-src', INLINE_STYLE, trimmed);
  // Written back with the quoting the attribute had.
  const attribute = match[1]!.includes('&#39;') ? trimmed.replaceAll("'", '&#39;') : trimmed;
  return html.replace(match[0], () => match[0].replace(match[1]!, () => attribute));
}

async function* htmlFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(full);
    else if (entry.name.endsWith('.html')) yield full;
  }
}

export default function pageCsp(): AstroIntegration {
  return {
    name: 'page-csp',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        let pages = 0;
        let saved = 0;
        for await (const file of htmlFiles(root)) {
          const html = await readFile(file, 'utf8');
          const trimmed = trimPolicy(html, path.relative(root, file));
          if (trimmed === html) continue;
          await writeFile(file, trimmed);
          pages += 1;
          saved += html.length - trimmed.length;
        }
        logger.info(`CSP trimmed to each page's own hashes on ${pages} pages (${(saved / pages / 1024).toFixed(1)} KB less per page before compression)`);
      },
    },
  };
}
