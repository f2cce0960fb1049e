/**
 * What the server sends (the same code as `npm start`, i.e. Netlify's rules from netlify.toml):
 * security headers on every page, long caching for hashed assets only, a Content-Security-Policy
 * that names each page's own inline code, and only the site's own address answered. That the
 * pages keep their policy in the browser is checked in every-page.spec.ts.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import { expect, test } from '@playwright/test';
import { allPages } from './routes';

test.describe('response headers', () => {
  test('every page carries the security headers', async ({ request }) => {
    for (const { path, status } of allPages) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(status);
      const h = response.headers();
      expect(h['content-type'], path).toMatch(/^text\/html/);
      expect(h['strict-transport-security'], path).toMatch(/max-age=\d{8,}/);
      expect(h['x-content-type-options'], path).toBe('nosniff');
      expect(h['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect(h['permissions-policy'], path).toContain('camera=()');
      expect(h['x-frame-options'], path).toBe('DENY');
      expect(h['content-security-policy'], path).toContain("frame-ancestors 'none'");
      // Nothing on the site uses <base>: no page may change where its relative links point.
      expect(h['content-security-policy'], path).toContain("base-uri 'none'");
      expect(h['cache-control'] ?? '', `${path} must not be cached as immutable`).not.toContain('immutable');
    }
  });

  test('hashed assets under /_astro/ are cached for a year as immutable', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const assets = [...new Set([...html.matchAll(/\/_astro\/[\w.-]+\.(?:js|css|webp|avif|jpg|png|svg)/g)].map((m) => m[0]))];
    expect(assets.length, 'the home page references hashed assets').toBeGreaterThan(0);
    for (const asset of assets.slice(0, 5)) {
      const response = await request.get(asset);
      expect(response.status(), asset).toBe(200);
      const cache = response.headers()['cache-control'] ?? '';
      expect(cache, asset).toContain('max-age=31536000');
      expect(cache, asset).toContain('immutable');
      expect(response.headers()['x-content-type-options'], asset).toBe('nosniff');
    }
  });

  test('every page declares the hashes of its own inline scripts and styles, and no others, in a CSP <meta>', async ({ request }) => {
    for (const { path } of allPages) {
      const html = await (await request.get(path)).text();
      const meta = /<meta http-equiv="content-security-policy" content="([^"]+)"/i.exec(html)?.[1] ?? '';
      expect(meta, `${path}: CSP meta`).not.toBe('');
      expect(meta, path).toContain("default-src 'self'");
      expect(meta, path).toMatch(/script-src [^;]*'sha256-/);
      expect(meta, path).not.toContain("'unsafe-inline'");
      expect(meta, path).not.toContain("'unsafe-eval'");
      expect(meta, `${path}: the meta policy agrees with the header on base-uri`).toContain("base-uri 'none'");
      expect(html, `${path}: no <base> element`).not.toMatch(/<base[\s>/]/i);
      expect(html, `${path}: no style="" attributes (the policy blocks them)`).not.toMatch(/<[a-z][^>]*\sstyle=/i);

      // Exactly the hashes of this page's own inline code: none missing, none from other pages.
      const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
      const listed = (directive: string) =>
        (new RegExp(`${directive} ([^;]*)`).exec(meta)?.[1] ?? '')
          .split(/\s+/)
          .filter((value) => value.startsWith("'sha"))
          .sort();
      const inline = (pattern: RegExp) => [...new Set([...html.matchAll(pattern)].map((m) => hash(m[1]!)))].sort();
      expect(listed('script-src'), `${path}: script hashes`).toEqual(inline(/<script(?![^>]*\bsrc=)(?![^>]*ld\+json)[^>]*>([\s\S]*?)<\/script>/g));
      expect(listed('style-src'), `${path}: style hashes`).toEqual(inline(/<style[^>]*>([\s\S]*?)<\/style>/g));
    }
  });
});

/** A raw request to the test server with exactly this Host header (fetch would not allow it). */
function requestWithHost(baseURL: string, path: string, host: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const request = http.get({ host: hostname, port, path, headers: { host, 'accept-encoding': 'identity' } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('error', reject);
  });
}

test.describe('the server answers only its own address (DNS rebinding)', () => {
  // A page on evil.example that points its name at 127.0.0.1 reaches the server with its own
  // name in Host; so does a wildcard-DNS name such as 127.0.0.1.nip.io.
  for (const name of ['evil.example', 'evil.example:<port>', '127.0.0.1.nip.io:<port>']) {
    test(`Host: ${name} gets 421 and nothing of the site or the API`, async ({ baseURL }) => {
      const host = name.replace('<port>', new URL(baseURL!).port);
      for (const path of ['/', '/about', '/api/marquee', '/api/visitor']) {
        const response = await requestWithHost(baseURL!, path, host);
        expect(response.status, `${host} ${path}`).toBe(421);
        expect(response.headers['cache-control'], `${host} ${path}`).toBe('no-store');
        expect(response.headers['content-type'], `${host} ${path}`).toMatch(/^text\/plain/);
        expect(response.headers['set-cookie'], `${host} ${path}: no visitor cookie`).toBeUndefined();
        expect(response.body, `${host} ${path}`).not.toMatch(/<html|"_id"|"count"/i);
      }
    });
  }

  for (const name of ['127.0.0.1', 'localhost']) {
    test(`Host: ${name}:<port> is served`, async ({ baseURL }) => {
      const host = `${name}:${new URL(baseURL!).port}`;
      const page = await requestWithHost(baseURL!, '/', host);
      expect(page.status, host).toBe(200);
      expect(page.body, host).toMatch(/<html/i);
      const api = await requestWithHost(baseURL!, '/api/marquee', host);
      expect(api.status, host).toBe(200);
      expect(api.headers['content-type'], host).toMatch(/^application\/json/);
    });
  }
});
