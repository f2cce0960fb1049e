/**
 * Accessibility: axe (WCAG 2.0–2.2 A and AA, plus its best practices) finds nothing on any page,
 * on a 360 px phone and on a 1280 px screen (in their final state, under reduced motion; the
 * home page with its animations run too), nor in the open mobile menu or the certificate
 * preview dialog.
 */
import { expectNoViolations } from './axe';
import { expect, test } from './fixtures';
import { revealAll } from './reveal';
import { allPages } from './routes';

const VIEWPORTS = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
];

for (const viewport of VIEWPORTS) {
  test.describe(`axe on a ${viewport.width}px ${viewport.name}`, () => {
    // Every page in its final state at once: the same state the entrance animations end in
    // (the home page is also checked with its animations run, below).
    test.use({ viewport: { width: viewport.width, height: viewport.height }, reducedMotion: 'reduce' });

    for (const { path } of allPages) {
      test(`${path}`, async ({ page }) => {
        await page.goto(path);
        await revealAll(page);
        await expectNoViolations(page, `${path} at ${viewport.width}px`);
      });
    }
  });
}

test.describe('axe with the entrance animations run', () => {
  for (const viewport of VIEWPORTS) {
    test(`/ on a ${viewport.width}px ${viewport.name}, every section risen into place`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto('/');
      await revealAll(page);
      await expectNoViolations(page, `/ at ${viewport.width}px with its animations run`);
    });
  }
});

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
