/**
 * Accessibility of what opens on a page: axe (WCAG 2.0–2.2 A and AA, plus its best practices)
 * finds nothing in the open mobile menu or the recognition preview dialog. Every page as it
 * loads is checked at both widths in every-page.spec.ts.
 */
import { expectNoViolations } from './axe';
import { expect, test } from './fixtures';
import { revealAll } from './reveal';

test.describe('axe on open menus and dialogs', () => {
  test('the mobile menu, open with its Services list expanded', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    // axe scrolls elements into view to measure them, which would start their entrance
    // animations mid-check (text half faded in has no contrast): let them all run first.
    await revealAll(page);
    await page.getByRole('banner').locator('summary', { hasText: 'Menu' }).click();
    const menu = page.getByRole('navigation', { name: /mobile/i });
    await expect(menu).toBeVisible();
    await menu.getByText('Services', { exact: true }).click();
    await expect(menu.getByRole('link', { name: 'Website Design' })).toBeVisible();
    await expectNoViolations(page, 'the open mobile menu');
  });

  test('the recognition preview dialog on /about', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/about');
    await revealAll(page);
    const open = page.getByRole('button', { name: /full size/i }).first();
    await open.scrollIntoViewIfNeeded();
    await open.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('img')).toBeVisible();
    await expectNoViolations(page, 'the open recognition preview');
  });
});
