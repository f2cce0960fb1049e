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
 * findings, in about a sixth less time.
 */
export async function expectNoViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .options({ resultTypes: ['violations'] })
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
