/**
 * Every public page as a visitor's browser shows it, in one visit: axe (WCAG 2.0–2.2 A and AA,
 * plus its best practices) finds nothing on a 360 px phone with the entrance animations run, nor
 * at 1280 px under reduced motion; and the Content-Security-Policy the server sends holds there —
 * Chromium reports no violation, no console error, no page error and no failed request.
 *
 * One visit serves both widths: the page is opened at 360 px and then widened. Its layout is
 * decided by CSS and by Swiper's breakpoints, which both follow a resize; the one width read once
 * at start (the fees on /account, table or cards) is behind sign-in. The header and footer ask the
 * real API (announcement, visitor count) here, each page as a visitor of its own.
 */
import { expect, test, type ConsoleMessage } from '@playwright/test';
import { expectNoViolations } from './axe';
import { watchPage } from './diagnostics';
import { revealAll } from './reveal';
import { allPages, notFound } from './routes';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

const visit = test.extend({
  // A failed test prints what its page showed (tests/e2e/diagnostics.ts).
  page: async ({ page }, use, testInfo) => watchPage(page, use, testInfo),
});

visit.describe('every page in the browser', () => {
  visit.use({ viewport: PHONE });

  for (const { path } of allPages) {
    visit(`${path}: axe finds nothing at 360 and 1280 px; no CSP violation, console error or failed request`, async ({ page }) => {
      // A visitor of its own, so the API's per-address limits treat each page load as a new visitor.
      const byte = () => 1 + Math.floor(Math.random() * 254);
      await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.18.${byte()}.${byte()}` });
      await page.addInitScript(() => {
        const w = window as typeof window & { __violations: string[] };
        w.__violations = [];
        document.addEventListener('securitypolicyviolation', (e) => {
          w.__violations.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber}) ${e.sample}`);
        });
      });
      const problems: string[] = [];
      page.on('console', (message: ConsoleMessage) => {
        if (message.type() !== 'error' && !/Refused to/.test(message.text())) return;
        // The 404 page is itself answered with 404, which Chromium reports as a failed load.
        if (path === notFound.path && message.location().url.endsWith(notFound.path)) return;
        problems.push(`console ${message.type()}: ${message.text()} (${message.location().url})`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('requestfailed', (request) => {
        const failure = request.failure()?.errorText ?? '';
        if (failure !== 'net::ERR_ABORTED') problems.push(`request failed: ${request.url()} ${failure}`);
      });

      await page.goto(path);
      // Scrolled through as a visitor would: lazy carousels started, every section risen into
      // place and its transition ended (axe scrolls elements into view to measure them, which
      // would otherwise start an animation mid-check, and half-faded text has no contrast).
      await revealAll(page);
      await expectNoViolations(page, `${path} at 360px with its animations run`);

      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.setViewportSize(DESKTOP);
      await revealAll(page);
      await expectNoViolations(page, `${path} at 1280px under reduced motion`);

      await page.waitForLoadState('networkidle', { timeout: 60_000 });
      const violations = await page.evaluate(() => (window as typeof window & { __violations: string[] }).__violations);
      expect(violations, 'CSP violations').toEqual([]);
      expect(problems, 'console errors, page errors and failed requests').toEqual([]);
    });
  }
});
