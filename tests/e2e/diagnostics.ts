/**
 * What a failed browser test prints into the log, so that a failure on a machine whose
 * test-results/ nobody keeps (CI) can still be read: the page's address, what the page showed
 * (its accessibility tree, as Playwright's own error context holds it), the errors of its console
 * and its scripts, and the API calls that answered 4xx or 5xx. The trace and screenshot are kept
 * on failure as well (playwright.config.ts), for whoever has the folder.
 */
import type { Page, TestInfo } from '@playwright/test';

/** The most notes kept per page (the newest). */
const KEEP = 40;
/** The most characters of the page's tree printed. */
const TREE_CHARS = 6_000;

/** Watches `page` while the test runs, and prints what it saw when the test failed. */
export async function watchPage(page: Page, use: (page: Page) => Promise<void>, testInfo: TestInfo) {
  const notes: string[] = [];
  const note = (line: string) => {
    notes.push(line);
    if (notes.length > KEEP) notes.shift();
  };
  page.on('console', (message) => {
    if (message.type() === 'error') note(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => note(`script error: ${error.message}`));
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.status() >= 400 && url.pathname.startsWith('/api/')) note(`${response.request().method()} ${url.pathname} → ${response.status()}`);
  });
  await use(page);
  if (testInfo.status === testInfo.expectedStatus) return;
  const tree = page.isClosed()
    ? '(the page was closed)'
    : await page
        .locator('body')
        .ariaSnapshot({ timeout: 5_000 })
        .catch((error: Error) => `(not readable: ${error.message.split('\n')[0]})`);
  console.log(
    [
      `── What the page showed when "${testInfo.title}" failed ──`,
      `address: ${page.isClosed() ? '(closed)' : page.url()}`,
      ...(notes.length ? notes : ['no console errors, script errors or API errors']),
      tree.length > TREE_CHARS ? `${tree.slice(0, TREE_CHARS)}\n…` : tree,
    ].join('\n'),
  );
}
