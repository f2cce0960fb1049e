/**
 * The test object of the page specs. The header and footer call /api/marquee and /api/visitor on
 * every page; these specs are about the pages, so those two calls are answered in the browser
 * (no announcement, one visitor) and the server stays free for the pages. A test can install
 * its own answer: the route registered last wins. headers.spec.ts uses the real API.
 */
import { test as base, expect, type APIRequestContext, type Locator, type Page, type PlaywrightWorkerArgs, type WorkerInfo } from '@playwright/test';
import { watchPage } from './diagnostics';

export const test = base.extend<{ quietApi: void }>({
  // A failed test prints what its page showed (tests/e2e/diagnostics.ts).
  page: async ({ page }, use, testInfo) => watchPage(page, use, testInfo),
  quietApi: [
    async ({ page }, use) => {
      await page.route('**/api/marquee', (route) => route.fulfill({ json: [] }));
      await page.route('**/api/visitor', (route) => route.fulfill({ json: { count: 1 } }));
      await use();
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Holds a mocked request until the test has seen the waiting state ('Please Wait...',
 * 'Submitting...'): `await held.wait` in the route handler, `held.release()` after the check.
 * A fixed delay instead would let a busy machine miss the state altogether.
 */
export function gate(): { wait: Promise<void>; release: () => void } {
  const { promise, resolve } = Promise.withResolvers<void>();
  return { wait: promise, release: () => resolve() };
}

/**
 * The addresses of every script the page downloads from now on. Read them once the page has
 * loaded and the network has gone quiet (waitForLoadState('networkidle')): by then everything
 * the page asks for on its own has been asked for.
 */
export function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  return scripts;
}

/** Waits until the island of `component` has woken up (Astro drops `ssr` once it hydrated). */
export const awake = (page: Page, component: string) =>
  expect(page.locator(`astro-island[component-url*="/${component}."]`).first()).not.toHaveAttribute('ssr');

/**
 * A worker fixture holding what `seed` made through the API (as a visitor of the test server):
 * made once per worker, when the first test that asks for it starts, for the tests that only
 * read it.
 */
export function seededPerWorker<T>(
  seed: (request: APIRequestContext) => Promise<T>,
): [(args: PlaywrightWorkerArgs, use: (value: T) => Promise<void>, workerInfo: WorkerInfo) => Promise<void>, { scope: 'worker' }] {
  return [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL ?? '' });
      await use(await seed(request));
      await request.dispose();
    },
    { scope: 'worker' },
  ];
}

/**
 * Answers the first question of every form where a person gives their own data, "Are you under
 * 18?", with "No, I am 18 or older" (the English or the Hindi page's words), inside `scope`.
 */
export const answerAdult = (scope: Page | Locator) => scope.getByRole('radio', { name: /^(No, I am 18 or older|नहीं, मेरी उम्र 18 साल या उससे ज़्यादा है)$/ }).check();
