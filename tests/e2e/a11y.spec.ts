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

test.describe('axe on the privacy notices, opened', () => {
  test('the contact page’s notice before its form, and the Apply dialog’s, on a phone in Hindi', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/hi/contactForm');
    const notice = page.getByRole('main').getByRole('region', { name: 'गोपनीयता सूचना', exact: true });
    // Before the form, shut until opened from the keyboard.
    const summary = notice.locator('summary');
    await expect(notice.getByRole('heading', { name: 'आपके अधिकार' })).toBeHidden();
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(notice.getByRole('heading', { name: 'आपके अधिकार' })).toBeVisible();
    await expect(notice.getByRole('link', { name: 'अनुरोध फ़ॉर्म' }).first()).toHaveAttribute('href', '/hi/data-request');
    await expect(notice.getByRole('link', { name: 'गोपनीयता नीति' })).toHaveAttribute('href', '/hi/privacy#privacy-notice-contact');
    const formTop = await page
      .getByRole('main')
      .locator('form')
      .first()
      .evaluate((f) => f.getBoundingClientRect().top);
    expect((await notice.boundingBox())!.y).toBeLessThan(formTop);
    await expectNoViolations(page, 'the contact notice, open');

    await page.goto('/hi');
    await page.locator("a[href='/hi/apply']:visible, [data-open-apply]:visible").first().click();
    const dialog = page.getByRole('dialog', { name: 'शुरू करें' });
    const dialogNotice = dialog.getByRole('region', { name: 'गोपनीयता सूचना: कोर्स के लिए आवेदन' });
    await dialogNotice.locator('summary').click();
    await expect(dialogNotice.getByRole('link', { name: 'अपने खाते' }).first()).toHaveAttribute('href', '/hi/account');
    await expectNoViolations(page, 'the Apply dialog’s notice, open');
  });

  test('/privacy: every form’s notice items, the Grievance Officer and the Board', async ({ page }) => {
    await page.goto('/privacy');
    const main = page.getByRole('main');
    for (const title of ['Apply for a course', 'E-Mitra application', 'Create an account', 'A request about your data'])
      await expect(main.getByRole('heading', { level: 3, name: title })).toBeVisible();
    await expect(main.getByRole('link', { name: 'privacy@pragatiinstitute.in' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Data Protection Board of India' })).toHaveAttribute('href', /^https:\/\//);
    await expect(main).not.toContainText(/\{(forms|grievance|days|answerDays|version)\}/);
    await expectNoViolations(page, '/privacy');
  });
});
