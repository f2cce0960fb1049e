/**
 * Every public page as a visitor's browser shows it, in one visit: axe (WCAG 2.0–2.2 A and AA,
 * plus its best practices) finds nothing on a 360 px phone with the entrance animations run, nor
 * at 1280 px under reduced motion; every link answers and every file loads (tests/e2e/references.ts);
 * and the Content-Security-Policy the server sends holds there — Chromium reports no violation,
 * no console error, no page error and no failed request.
 *
 * One visit serves both widths: the page is opened at 360 px and then widened. Its layout is
 * decided by CSS and by Swiper's breakpoints, which both follow a resize; the one width read once
 * at start (the fees on /account, table or cards) is behind sign-in. The header and footer ask the
 * real API (announcement, visitor count) here, each page as a visitor of its own.
 */
import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { watchPage } from './diagnostics';
import { allowedLatinWords, englishWords } from './hindi-words';
import { expectWorkingReferences } from './references';
import { revealAll } from './reveal';
import { allPages, hindiPages } from './routes';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

const visit = test.extend({
  // A failed test prints what its page showed (tests/e2e/diagnostics.ts).
  page: async ({ page }, use, testInfo) => watchPage(page, use, testInfo),
});

/** Watches a page for CSP violations, console and page errors and failed requests; returns the check. */
async function watchPolicy(page: Page, path: string) {
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
    if (/no-such-page-here$/.test(path) && /no-such-page-here$/.test(message.location().url)) return;
    problems.push(`console ${message.type()}: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? '';
    if (failure !== 'net::ERR_ABORTED') problems.push(`request failed: ${request.url()} ${failure}`);
  });
  return async () => {
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    const violations = await page.evaluate(() => (window as typeof window & { __violations: string[] }).__violations);
    expect(violations, 'CSP violations').toEqual([]);
    expect(problems, 'console errors, page errors and failed requests').toEqual([]);
  };
}

visit.describe('every page in the browser', () => {
  visit.use({ viewport: PHONE });

  for (const { path } of allPages) {
    visit(`${path}: axe finds nothing at 360 and 1280 px, every link answers; no CSP violation, console error or failed request`, async ({ page, request }) => {
      const policyKept = await watchPolicy(page, path);
      await page.goto(path);
      // Scrolled through as a visitor would: lazy carousels started, every section risen into
      // place and its transition ended (axe scrolls elements into view to measure them, which
      // would otherwise start an animation mid-check, and half-faded text has no contrast).
      await revealAll(page);
      await expectNoViolations(page, `${path} at 360px with its animations run`);
      await expectWorkingReferences(page, request);

      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.setViewportSize(DESKTOP);
      await revealAll(page);
      await expectNoViolations(page, `${path} at 1280px under reduced motion`);

      await policyKept();
    });
  }
});

visit.describe('every Hindi page in the browser', () => {
  visit.use({ viewport: PHONE });
  const allowed = allowedLatinWords();

  for (const { path } of hindiPages) {
    visit(`${path}: in Hindi, axe finds nothing at 360 px, every link answers, no control cut off, no CSP violation`, async ({ page, request }) => {
      const policyKept = await watchPolicy(page, path);
      await page.goto(path);
      await revealAll(page);
      await expectNoViolations(page, `${path} at 360px`);
      await expectWorkingReferences(page, request);

      // What a reader sees or hears: visible text, and the names, placeholders and alternative
      // texts of visible elements; text marked as English (the language switch) is left out.
      const text = await page.evaluate(() => {
        const shown = (el: Element) => el.checkVisibility() && !el.closest('[lang^="en"], script, style, template');
        const parts: string[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (node.parentElement && shown(node.parentElement)) parts.push(node.textContent ?? '');
        }
        for (const el of document.querySelectorAll('[aria-label], [placeholder], img[alt], [title]')) {
          if (!shown(el)) continue;
          for (const name of ['aria-label', 'placeholder', 'alt', 'title']) parts.push(el.getAttribute(name) ?? '');
        }
        return parts.join(' ');
      });
      expect(englishWords(text, allowed), `${path}: words still in English`).toEqual([]);

      // Devanagari sits taller and wider than Latin: no button, tab, menu or input cuts its text.
      const cut = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('button, a.btn, summary, [role="tab"], input, select, label')]
          .filter((el) => el.offsetParent !== null && !el.closest('.sr-only'))
          // Only controls with words of their own (a file or date picker draws its own parts).
          .filter(
            (el) =>
              !/^(file|date|checkbox|radio|hidden)$/.test((el as HTMLInputElement).type ?? '') &&
              (el.innerText || (el as HTMLInputElement).placeholder || (el as HTMLInputElement).value || '').trim() !== '',
          )
          .filter((el) => {
            const style = getComputedStyle(el);
            const clips = style.overflowX !== 'visible' || style.overflowY !== 'visible' || style.textOverflow === 'ellipsis';
            return clips && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
          })
          .map((el) => `${el.tagName.toLowerCase()} "${(el.innerText || (el as HTMLInputElement).placeholder || '').trim().slice(0, 40)}"`),
      );
      expect(cut, `${path}: controls whose text is cut off at 360 px`).toEqual([]);
      await policyKept();
    });
  }
});
