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
