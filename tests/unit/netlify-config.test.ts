/**
 * netlify.toml: what Netlify builds and publishes, the aliases it answers, and the headers its
 * CDN adds to every page and to the hashed assets.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTES, PATHS } from '../../src/admin/routes';

interface Redirect {
  from: string;
  to: string;
  status?: number;
  force?: boolean;
}
interface HeaderRule {
  for: string;
  values: Record<string, string>;
}
interface NetlifyConfig {
  build: { command: string; publish: string; environment?: Record<string, string> };
  functions: { directory: string; node_bundler?: string; external_node_modules?: string[] };
  redirects?: Redirect[];
  headers?: HeaderRule[];
}

const config = parse(readFileSync(new URL('../../netlify.toml', import.meta.url), 'utf8')) as unknown as NetlifyConfig;
const redirects = config.redirects ?? [];
const headers = config.headers ?? [];

/** The values of the header rule for exactly this path pattern. */
function rule(pattern: string): Record<string, string> {
  const found = headers.find((h) => h.for === pattern);
  expect(found, `a [[headers]] rule for "${pattern}"`).toBeDefined();
  return found?.values ?? {};
}

/** Parses a Content-Security-Policy value into directive → sources. */
function directives(policy: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), sources);
  }
  return map;
}

describe('build settings', () => {
  it('builds with the npm build script and publishes dist/', () => {
    expect(config.build.command).toBe('npm run build');
    expect(config.build.publish).toBe('dist');
  });

  it('builds on Node 22 (Astro 7 needs 22.12 or later)', () => {
    expect(Number(config.build.environment?.['NODE_VERSION'])).toBeGreaterThanOrEqual(22);
  });

  it('deploys the functions folder, bundled with esbuild', () => {
    expect(config.functions.directory).toBe('functions');
    expect(config.functions.node_bundler).toBe('esbuild');
  });

  it('ships sharp, a native module, as installed rather than bundled (as scripts/in-process.mjs does)', async () => {
    const { NATIVE_MODULES } = await import('../../scripts/function-host.mjs');
    expect(config.functions.external_node_modules ?? []).toEqual(expect.arrayContaining(NATIVE_MODULES));
  });
});

describe('redirects', () => {
  it('sends /contact to /contactForm permanently', () => {
    expect(redirects).toContainEqual(expect.objectContaining({ from: '/contact', to: '/contactForm', status: 301 }));
  });

  it('never redirects between two spellings of one path (the CDN ignores case: it would loop)', () => {
    for (const r of redirects) {
      expect(r.from.toLowerCase(), `${r.from} → ${r.to}`).not.toBe(r.to.toLowerCase());
    }
  });

  it('has no redirect away from a page the spec lists as a route', () => {
    const pages = [
      '/',
      '/services',
      '/coursePage',
      '/openBoard',
      '/Degree',
      '/courseDetail',
      '/nielit',
      '/web',
      '/about',
      '/jobs',
      '/emitra',
      '/cscService',
      '/iibf',
      '/aadharPage',
      '/download',
      '/privacy',
      '/terms',
      '/contactForm',
      '/apply',
    ];
    for (const r of redirects) {
      if (r.status === 200) continue;
      expect(
        pages.map((p) => p.toLowerCase()),
        `${r.from} → ${r.to}`,
      ).not.toContain(r.from.toLowerCase());
    }
  });
});

describe('the admin app’s addresses (src/admin/routes.ts is the one list)', () => {
  const shellRewrites = redirects.filter((r) => r.to === PATHS.panel && r.status === 200);
  /** Whether a redirect's `from` (with a trailing splat) takes `path`, as Netlify matches it. */
  const takes = (from: string, path: string) => (from.endsWith('/*') ? path.startsWith(from.slice(0, -1)) : path.toLowerCase() === from.toLowerCase());
  /** An address of the route, its `:parts` filled in. */
  const sample = (path: string) => path.replace(/:[^/]+/g, 'x1');

  it('answers every address of the app with the shell page (a 200 rewrite, so the address stays)', () => {
    for (const route of ADMIN_ROUTES) {
      if (route.path === PATHS.panel) continue;
      expect(
        shellRewrites.some((r) => takes(r.from, sample(route.path))),
        `a rewrite of ${route.path} to ${PATHS.panel}`,
      ).toBe(true);
    }
  });

  it('rewrites to the shell page only addresses the app has a panel for', () => {
    for (const rewrite of shellRewrites) {
      expect(
        ADMIN_ROUTES.some((route) => takes(rewrite.from, sample(route.path))),
        `${rewrite.from} is an address of the app`,
      ).toBe(true);
    }
  });
});

describe('headers on every page', () => {
  const all = rule('/*');

  it('enforces HTTPS for two years, subdomains included', () => {
    const hsts = all['Strict-Transport-Security'] ?? '';
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
    expect(hsts).toContain('includeSubDomains');
  });

  it('stops MIME sniffing and limits the referrer', () => {
    expect(all['X-Content-Type-Options']).toBe('nosniff');
    expect(all['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
  });

  it('switches off powerful browser features', () => {
    const policy = all['Permissions-Policy'] ?? '';
    for (const feature of ['camera', 'microphone', 'geolocation']) expect(policy).toContain(`${feature}=()`);
  });

  it('forbids framing the site (clickjacking), both ways', () => {
    expect(all['X-Frame-Options']).toBe('DENY');
    const csp = directives(all['Content-Security-Policy'] ?? '');
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('adds the directives a <meta> policy cannot carry, and nothing that loosens the page policy', () => {
    const csp = directives(all['Content-Security-Policy'] ?? '');
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    const everything = [...csp.values()].flat().join(' ');
    expect(everything).not.toContain("'unsafe-inline'");
    expect(everything).not.toContain("'unsafe-eval'");
    expect(everything).not.toContain('*');
  });
});

describe('hashed assets', () => {
  it('caches /_astro/* for a year as immutable', () => {
    const cache = rule('/_astro/*')['Cache-Control'] ?? '';
    expect(cache).toContain('public');
    expect(cache).toContain('max-age=31536000');
    expect(cache).toContain('immutable');
  });

  it('does not cache pages as immutable', () => {
    for (const h of headers.filter((h) => h.for !== '/_astro/*')) {
      expect(h.values['Cache-Control'] ?? '', h.for).not.toContain('immutable');
    }
  });
});
