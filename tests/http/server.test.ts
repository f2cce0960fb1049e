/**
 * What only the local server shows, through `npm start`'s own code (scripts/server.mjs): function
 * routes matched as Netlify matches them, Netlify's body limit, compression, cookies as the
 * browser gets them, and the chain after the functions (redirects, case-insensitive pages, the 404
 * page). The endpoints' behaviour is tested in-process (tests/api); headers on pages, 421 for a
 * foreign Host and the pages themselves in the browser tests (tests/e2e).
 */
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { createStaff } from '../../scripts/staff.mjs';

const { url, databaseUrl } = inject('server');
const at = (route: string) => new URL(route, url);

describe('function routes, as Netlify matches them', () => {
  it('match a path without regard to case, and with a trailing slash', async () => {
    // The specification's address is /api/CSC; the function's path is /api/csc.
    for (const route of ['/api/CSC', '/api/csc/', '/API/Jobs']) {
      const res = await fetch(at(route), { method: route.includes('CSC') || route.includes('csc') ? 'PUT' : 'GET' });
      expect(res.headers.get('content-type'), route).toMatch(/^application\/json/);
      expect(res.status, route).not.toBe(404);
    }
  });

  it('give the path’s parts to the function with their case kept', async () => {
    // A local document link names its key in the path; a wrong signature is refused by the
    // function itself (403 in S3's words), which shows the key arrived.
    const res = await fetch(at('/api/uploads/local/applications/csc/AbC/photo-1.jpg?expires=1&type=image/jpeg&name=x&signature=0'));
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('AccessDenied');
  });

  it('answer an address no function or page has with the site’s 404 page', async () => {
    const res = await fetch(at('/api/no-such-endpoint'));
    expect(res.status).toBe(404);
    expect(await res.text()).toMatch(/<title>Page not found/);
  });
});

describe('request bodies', () => {
  it('are refused over Netlify’s 6 MB before any function runs', async () => {
    const res = await fetch(at('/api/contact'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(6 * 1024 * 1024 + 1) });
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe('The request is too large.');
  });

  it('keep the connection usable after a function stopped reading one early', async () => {
    // The contact endpoint reads 16 KB at most; the next request on the same connection must work.
    const big = await fetch(at('/api/contact'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'x'.repeat(200_000) }),
    });
    expect(big.status).toBe(413);
    const next = await fetch(at('/api/jobs'));
    expect(next.status).toBe(200);
  });
});

describe('compression, as the CDN sends', () => {
  it('sends pages and large JSON Brotli- or gzip-compressed, as the browser accepts', async () => {
    const page = await fetch(at('/'), { headers: { 'accept-encoding': 'br' } });
    expect(page.headers.get('content-encoding')).toBe('br');
    const json = await fetch(at('/api/courses'), { headers: { 'accept-encoding': 'gzip' } });
    expect(json.status).toBe(200);
    if (Number((await json.clone().arrayBuffer()).byteLength) >= 1024) expect(json.headers.get('content-encoding')).toBe('gzip');
    const plain = await fetch(at('/'), { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
  });
});

describe('cookies', () => {
  it('reach the browser as the staff session needs them: HttpOnly, Secure, SameSite=Strict, host-only', async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const staff = await createStaff(
      { query: (text: string, params: unknown[]) => client.query(text, params) },
      { name: 'Http Staff', email: `http.${Date.now()}@example.in` },
    );
    await client.end();
    const res = await fetch(at('/api/admin/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: staff.email, password: staff.password }),
    });
    expect(res.status).toBe(200);
    const [cookie] = res.headers.getSetCookie();
    expect(cookie).toMatch(/^__Host-staff=[A-Za-z0-9_-]{43}; /);
    for (const part of ['Path=/', 'HttpOnly', 'Secure', 'SameSite=Strict']) expect(cookie).toContain(part);
    expect(cookie).not.toMatch(/Domain=/i);
  });
});

describe('after the functions: Netlify’s redirects and pages', () => {
  it('applies netlify.toml’s redirects and serves a page under any spelling of its path', async () => {
    const moved = await fetch(at('/contact'), { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toMatch(/\/contactForm$/);
    const page = await fetch(at('/degree'));
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<h1[^>]*>/);
    const shell = await fetch(at('/adminLeads/123'));
    expect(shell.status).toBe(200);
  });

  it('serves a Hindi page under any spelling before the /hi/ rule, and the Hindi 404 with status 404', async () => {
    const page = await fetch(at('/hi/degree'));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<html lang="hi-IN"/);
    expect(html).not.toMatch(/<meta name="robots" content="noindex"/);
    const shell = await fetch(at('/hi/course/web-101'));
    expect(shell.status).toBe(200);
    const missing = await fetch(at('/hi/no-such-page-here'));
    expect(missing.status).toBe(404);
    expect(await missing.text()).toMatch(/<html lang="hi-IN"/);
  });
});
