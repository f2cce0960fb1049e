/**
 * No broken links: every link on every public page leads somewhere that answers, every picture
 * and media file loads, and links that open a new tab say so. Routes that later work will build
 * are the only exception, and they must be linked exactly where the spec puts them.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { allPages, routes } from './routes';

/**
 * Routes the spec's second document owns (accounts, admin, long application forms), not built
 * with the public pages yet. Each maps to the pages that must link to it: 'every page' for the
 * header's buttons, [] where no public page links to it. Remove a route from here once it is
 * built: then its links are checked like any other.
 */
const LATER_ROUTES: Record<string, string[] | 'every page'> = {};

/** Everything a page links to or loads, as the browser sees it after its scripts ran. */
async function references(page: Page) {
  return page.evaluate(() => {
    const abs = (url: string | null) => (url ? new URL(url, location.href).href : null);
    const links = [...document.querySelectorAll('a[href]')].map((a) => ({
      href: abs(a.getAttribute('href'))!,
      raw: a.getAttribute('href')!,
      target: a.getAttribute('target'),
      rel: a.getAttribute('rel') ?? '',
      text: (a.textContent ?? '').replace(/\s+/g, ' ').trim(),
      // What a screen reader announces (enough for links named by text or aria-label).
      name: (a.getAttribute('aria-label') ?? a.textContent ?? '').replace(/\s+/g, ' ').trim(),
    }));
    const media = new Set<string>();
    for (const img of document.querySelectorAll('img')) {
      if (img.getAttribute('src')) media.add(abs(img.getAttribute('src'))!);
      for (const candidate of (img.getAttribute('srcset') ?? '').split(',')) {
        const url = candidate.trim().split(/\s+/)[0];
        if (url) media.add(abs(url)!);
      }
    }
    for (const el of document.querySelectorAll('source[src], video[src], audio[src], track[src]')) media.add(abs(el.getAttribute('src'))!);
    for (const el of document.querySelectorAll('source[srcset]')) {
      for (const candidate of el.getAttribute('srcset')!.split(',')) media.add(abs(candidate.trim().split(/\s+/)[0]!)!);
    }
    for (const video of document.querySelectorAll('video[poster]')) media.add(abs(video.getAttribute('poster'))!);
    // The promo video's poster waits in data-poster until the video comes near the screen.
    for (const video of document.querySelectorAll('video[data-poster]')) media.add(abs(video.getAttribute('data-poster'))!);
    for (const link of document.querySelectorAll('link[rel~="icon"], link[rel="manifest"], link[rel="preload"]')) media.add(abs(link.getAttribute('href'))!);
    for (const meta of document.querySelectorAll('meta[property="og:image"]')) {
      // The preview picture is announced with the production address; check the same path here.
      const url = new URL(meta.getAttribute('content')!);
      media.add(new URL(url.pathname, location.href).href);
    }
    return { links, media: [...media] };
  });
}

/** Addresses already answered in this worker (header and footer links repeat on every page). */
const checked = new Set<string>();

const isLater = (pathname: string) => Object.keys(LATER_ROUTES).some((r) => pathname === r || pathname.startsWith(`${r}/`));

test.describe('links and files', () => {
  for (const { path } of allPages) {
    test(`${path}: every link answers, every file loads, new tabs are announced`, async ({ page, request, baseURL }) => {
      await page.goto(path);
      const { links, media } = await references(page);
      const origin = new URL(baseURL!).origin;

      const internal = new Set<string>();
      for (const link of links) {
        const url = new URL(link.href);
        if (url.origin !== origin) {
          expect(url.protocol, `${link.raw} ("${link.text}")`).toMatch(/^(https|mailto|tel|upi):$/);
          continue;
        }
        url.hash = '';
        // Same-page links (#main, #law) point at this very page, which answered already.
        if (url.href === new URL(page.url()).href.replace(/#.*$/, '')) continue;
        if (!isLater(url.pathname)) internal.add(url.href);
      }
      for (const href of internal) {
        if (checked.has(href)) continue;
        const response = await request.get(href);
        expect(response.status(), `link to ${new URL(href).pathname}`).toBeLessThan(400);
        checked.add(href);
      }
      for (const url of media) {
        if (checked.has(url)) continue;
        const response = await request.get(url);
        expect(response.status(), `file ${url.replace(origin, '')}`).toBe(200);
        checked.add(url);
      }

      // A link that opens a new tab keeps the opener away and tells the visitor.
      for (const link of links.filter((l) => l.target === '_blank')) {
        expect(link.rel, `rel of ${link.raw}`).toMatch(/\bnoopener\b|\bnoreferrer\b/);
        expect(link.name, `name of ${link.raw}`).toMatch(/new tab|new window/i);
      }
    });
  }

  test('routes still to be built are linked exactly where the spec says', async ({ page }) => {
    // With no such route left, this would load every page to check nothing.
    test.skip(Object.keys(LATER_ROUTES).length === 0, 'Every route of the spec is built: no route still to come to look for.');
    test.setTimeout(120_000);
    const linkedFrom = new Map<string, Set<string>>();
    for (const route of routes.filter((r) => !r.canonical)) {
      await page.goto(route.path);
      const { links } = await references(page);
      for (const link of links) {
        const url = new URL(link.href);
        if (!isLater(url.pathname)) continue;
        const key = Object.keys(LATER_ROUTES).find((r) => url.pathname === r || url.pathname.startsWith(`${r}/`))!;
        if (!linkedFrom.has(key)) linkedFrom.set(key, new Set());
        linkedFrom.get(key)!.add(route.path);
      }
    }
    const allPaths = routes.filter((r) => !r.canonical).map((r) => r.path);
    for (const [target, expected] of Object.entries(LATER_ROUTES)) {
      const want = expected === 'every page' ? allPaths : expected;
      expect([...(linkedFrom.get(target) ?? [])].sort(), `pages linking to ${target}`).toEqual([...want].sort());
    }
  });
});
