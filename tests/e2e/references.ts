/**
 * No broken links: everything a page links to answers, every picture and media file loads, and a
 * link that opens a new tab keeps the opener away and says so (in the page's language). Read from
 * the page as the browser shows it, after its scripts ran; each address is asked once per worker.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';

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

/** Checks every link and file of the page as it is now (see the top of this file). */
export async function expectWorkingReferences(page: Page, request: APIRequestContext) {
  const { links, media } = await references(page);
  const here = new URL(page.url());
  const internal = new Set<string>();
  for (const link of links) {
    const url = new URL(link.href);
    if (url.origin !== here.origin) {
      expect(url.protocol, `${link.raw} ("${link.text}")`).toMatch(/^(https|mailto|tel|upi):$/);
      continue;
    }
    url.hash = '';
    // Same-page links (#main, #law) point at this very page, which answered already.
    if (url.href === `${here.origin}${here.pathname}${here.search}`) continue;
    internal.add(url.href);
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
    expect(response.status(), `file ${url.replace(here.origin, '')}`).toBe(200);
    checked.add(url);
  }
  // A link that opens a new tab keeps the opener away and tells the visitor.
  for (const link of links.filter((l) => l.target === '_blank')) {
    expect(link.rel, `rel of ${link.raw}`).toMatch(/\bnoopener\b|\bnoreferrer\b/);
    expect(link.name, `name of ${link.raw}`).toMatch(/new tab|new window|नए टैब/i);
  }
}
