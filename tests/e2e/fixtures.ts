/**
 * The test object of the page specs. The header and footer call /api/marquee and /api/visitor on
 * every page; these specs are about the pages, so those two calls are answered in the browser
 * (no announcement, one visitor) and the server stays free for the pages. A test can install
 * its own answer: the route registered last wins. headers.spec.ts uses the real API.
 */
import { test as base } from '@playwright/test';

export const test = base.extend<{ quietApi: void }>({
  quietApi: [
    async ({ page }, use) => {
      await page.route('**/api/marquee', (route) => route.fulfill({ json: [] }));
      await page.route('**/api/visitor', (route) => route.fulfill({ json: { count: 1 } }));
      await use();
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';

/**
 * Holds a mocked request until the test has seen the waiting state ('Please Wait...',
 * 'Submitting...'): `await held.wait` in the route handler, `held.release()` after the check.
 * A fixed delay instead would let a busy machine miss the state altogether.
 */
export function gate(): { wait: Promise<void>; release: () => void } {
  const { promise, resolve } = Promise.withResolvers<void>();
  return { wait: promise, release: () => resolve() };
}
