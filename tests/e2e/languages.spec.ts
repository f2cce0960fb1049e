/**
 * English and Hindi: every page a visitor reads has its Hindi twin at /hi/… and the twin its
 * English page, each in its own language (<html lang>), pointing at the other with hreflang;
 * a Hindi page's links stay in Hindi; the हिन्दी / English switch keeps the address's query and
 * hash and is remembered; a browser that prefers Hindi is offered the Hindi page in one line,
 * never redirected, and nothing on the page moves.
 */
import { expect, test } from './fixtures';
import { allPages, englishOnly, hindiPages, routes, site } from './routes';

/** The hreflang alternates of a page's HTML, by language. */
const alternatesOf = (html: string) =>
  Object.fromEntries([...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1]!, new URL(m[2]!).pathname]));

test.describe('every page in both languages', () => {
  test('each English page has its Hindi twin and each twin its English page, each pointing at the other', async ({ request }) => {
    const unlisted = new Set(routes.filter((r) => r.unlisted).map((r) => r.path));
    for (const { path, english, status } of hindiPages) {
      const [en, hi] = await Promise.all([request.get(english), request.get(path)]);
      expect(hi.status(), path).toBe(status);
      expect(en.status(), english).toBe(status);
      const [enHtml, hiHtml] = await Promise.all([en.text(), hi.text()]);
      expect(hiHtml, `${path} is in Hindi`).toMatch(/<html lang="hi-IN"/);
      expect(enHtml, `${english} is in English`).toMatch(/<html lang="en-IN"/);
      if (status !== 200 || unlisted.has(english)) continue;
      const [enLinks, hiLinks] = [alternatesOf(enHtml), alternatesOf(hiHtml)];
      // Alternates name the canonical address (an alias such as /degree names /Degree's).
      expect(enLinks['hi-IN'], `${english} points at its Hindi twin`).toBe(hiLinks['hi-IN']);
      expect(hiLinks['en-IN'], `${path} points at its English page`).toBe(enLinks['en-IN']);
      expect(hiLinks['x-default'], `${path}: English for anyone else`).toBe(enLinks['en-IN']);
      expect(new URL(hiLinks['hi-IN']!, site.website).pathname.startsWith('/hi')).toBe(true);
    }
    // Staff pages have no twin.
    for (const path of englishOnly) expect((await request.get(`/hi${path}`)).status(), `/hi${path}`).toBe(404);
    expect(hindiPages.length).toBe(allPages.length - englishOnly.length);
  });

  test('an unknown address under /hi/ gets the Hindi “page not found”', async ({ request }) => {
    const response = await request.get('/hi/no-such-page-here');
    expect(response.status()).toBe(404);
    expect(await response.text()).toMatch(/<html lang="hi-IN"/);
  });

  test('a Hindi page’s links lead to Hindi pages, but for files, the staff pages and the switch', async ({ request }) => {
    for (const { path, status } of hindiPages.filter((p) => p.status === 200)) {
      const html = await (await request.get(path)).text();
      const english = [...html.matchAll(/<a\b([^>]*)>/g)]
        .map((m) => m[1]!)
        .filter((attributes) => !/\shreflang=/.test(attributes))
        .map((attributes) => /\shref="(\/[^"]*)"/.exec(attributes)?.[1])
        .filter((href): href is string => Boolean(href) && !href!.startsWith('//'))
        .filter(
          (href) => !/^\/(hi(\/|$|[?#])|api\/|forms\/|media\/|_astro\/|adminLogin|adminPanel|adminInvite)/.test(href) && !/\.[a-z0-9]+($|[?#])/i.test(href),
        );
      expect(english, `${path} (status ${status}) links to English pages`).toEqual([]);
    }
  });
});

test.describe('choosing the language', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the switch opens the same page in Hindi with its query and hash, and the choice is remembered', async ({ page }) => {
    await page.goto('/coursePage?from=test#courses');
    const toHindi = page.getByRole('banner').getByRole('link', { name: 'हिन्दी' }).first();
    await expect(toHindi).toHaveAttribute('hreflang', 'hi-IN');
    await page.waitForLoadState('load');
    await toHindi.click();
    await expect(page).toHaveURL(/\/hi\/coursePage\?from=test#courses$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('hi');

    // An English page opened later (a shared link) stays English, with a one-line offer in Hindi.
    await page.goto('/about');
    await expect(page).toHaveURL(/\/about$/);
    const offer = page.getByRole('complementary', { name: 'हिन्दी में पढ़ें' });
    await expect(offer).toBeVisible();
    await expect(offer).toContainText('यह पेज हिन्दी में भी है।');
    await offer.getByRole('link', { name: 'हिन्दी में पढ़ें' }).click();
    await page.waitForURL((url) => url.pathname === '/hi/about');
    // The page's scripts have run (the switch remembers the choice as it is clicked).
    await page.waitForLoadState('load');

    // Back to English through the switch: remembered, and no offer on English pages any more.
    await page.getByRole('banner').getByRole('link', { name: 'English' }).first().click();
    await page.waitForURL((url) => url.pathname === '/about');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    await expect(page.locator('[data-language-offer]')).toBeHidden();
  });

  test('the mobile menu has the switch too', async ({ page }) => {
    await page.goto('/hi/openBoard');
    await page.getByRole('banner').locator('summary').filter({ hasText: 'मेन्यू' }).click();
    const menu = page.getByRole('navigation', { name: 'मुख्य (मोबाइल)' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'होम' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/openBoard');
  });
});

test.describe('a first visit from a browser that prefers Hindi', () => {
  test.use({ locale: 'hi-IN', viewport: { width: 360, height: 740 } });

  test('is offered the Hindi page in one line, never redirected, and nothing moves', async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as typeof window & { __shift: number };
      w.__shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) w.__shift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const response = await page.goto('/openBoard');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/openBoard$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
    const offer = page.getByRole('complementary', { name: 'हिन्दी में पढ़ें' });
    await expect(offer).toBeVisible();
    expect(await page.evaluate(() => (window as typeof window & { __shift: number }).__shift)).toBe(0);

    // "No, thanks" is remembered: English it is, no offer on the next page.
    await offer.getByRole('button', { name: 'नहीं, धन्यवाद' }).click();
    await expect(offer).toBeHidden();
    await page.goto('/about');
    await expect(page.locator('[data-language-offer]')).toBeHidden();
  });
});

test.describe('a first visit from a browser that prefers English', () => {
  test.use({ locale: 'en-IN' });

  test('gets no offer', async ({ page }) => {
    await page.goto('/about');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
    // The page has run its scripts (the visitor count is filled) and still offers nothing.
    await expect(page.locator('[data-visitor-count]')).toHaveText('1');
    await expect(page.locator('[data-language-offer]')).toBeHidden();
  });
});
