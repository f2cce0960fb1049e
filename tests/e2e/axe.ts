/**
 * The one axe check of the browser tests: WCAG 2.0–2.2 A and AA plus axe's best practices, failing
 * with a readable list of what was found and where.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** The rule sets every page and dialog is checked against. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Runs axe on the page as it is now; `where` names it in the failure. Only violations are
 * reported in full (axe lists one node of each passing rule instead of all of them): the same
 * findings, in about a sixth less time. Axe runs in the page itself (`axe.run`, its frames of the
 * same origin included: the site has no other) rather than in each frame with the findings put
 * together in a blank page opened for it, which injected axe's 550 KB three times and opened a
 * page on every check: a check took 0.6 s instead of 1.5 s, with the same findings.
 */
export async function expectNoViolations(page: Page, where: string) {
  // A toast whose time runs out while axe runs would start fading out under it, and axe would
  // judge its half-faded words: a toast that leaves goes at once (it is hidden, and skipped) while
  // this page is checked. A style sheet made in script, which the Content-Security-Policy allows.
  await page.evaluate(() => {
    const w = window as typeof window & { __toastsLeaveAtOnce?: boolean };
    if (w.__toastsLeaveAtOnce) return;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('.toast--leaving { transition: none !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    w.__toastsLeaveAtOnce = true;
  });
  // The page as it rests: a toast or dialog still fading in or out has no contrast yet to judge
  // (animations that never end, such as a spinner, are not waited for).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  const report = results.violations
    .map((v) =>
      [
        `• ${v.id} (${v.impact ?? 'n/a'}): ${v.help}`,
        `  ${v.helpUrl}`,
        ...v.nodes.slice(0, 6).map((n) => `  - ${n.target.join(' ')}\n    ${n.failureSummary?.replace(/\n/g, '\n    ') ?? ''}`),
        v.nodes.length > 6 ? `  … and ${v.nodes.length - 6} more` : '',
      ]
        .filter(Boolean)
        .join('\n'),
    )
    .join('\n');
  expect(results.violations.length, `axe found on ${where}:\n${report}`).toBe(0);
}
