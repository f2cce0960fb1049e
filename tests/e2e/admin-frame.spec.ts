/**
 * The admin app's frame, signed in as the demo admin on a 360 px phone: every admin address is
 * answered by the one shell with its own panel, the sidebar works from the keyboard (Menu button,
 * the Students submenu, Escape), the avatar takes a picture and refuses anything else, axe finds
 * nothing on any admin screen, and no screen breaks the Content-Security-Policy.
 */
import type { ConsoleMessage, Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { expect, panelHeading, test } from './admin-fixtures';
import { adminAppRoutes } from './routes';
import { photoBytes } from '../support/photo';

/** Waits until the panel at `path` shows its h1 and has finished loading what it lists. */
async function openPanel(page: Page, path: string, h1: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await expect(panelHeading(page)).toHaveText(h1);
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

test.describe('every admin address', () => {
  // Three pages each open a third of the addresses in turn, each a full load of its own: one
  // browser's cache serves the app's scripts after the first, as it does for staff (a page of
  // its own per address downloaded the whole app every time: about 5 s an address).
  const GROUPS = 3;
  for (let group = 0; group < GROUPS; group += 1) {
    const routes = adminAppRoutes.filter((_, i) => i % GROUPS === group);
    test(`${routes.length} addresses from ${routes[0]!.path}: each answers 200 with its panel, its title, and axe finds nothing`, async ({ page }) => {
      test.setTimeout(60_000 + routes.length * 20_000);
      const problems: string[] = [];
      page.on('console', (message: ConsoleMessage) => {
        if (message.type() === 'error' || /Refused to/.test(message.text())) problems.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`));
      });
      for (const { path, h1 } of routes) {
        await test.step(`${path}: '${h1}'`, async () => {
          await openPanel(page, path, h1);
          await expect(page).toHaveTitle(new RegExp(`^${h1} · Admin Panel \\| `));
          await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
          await expectNoViolations(page, `${path} at 360px`);
          expect(problems, path).toEqual([]);
        });
      }
    });
  }

  test('an address inside the admin area that names no panel says so, with a way back', async ({ page }) => {
    await page.goto('/student-list/12/edit/extra');
    await expect(panelHeading(page)).toHaveText('Page not found');
    await page.getByRole('link', { name: 'Go to the dashboard', exact: true }).click();
    await expect(page).toHaveURL(/\/adminDashboard$/);
  });
});

test.describe('sidebar', () => {
  test('from the keyboard on a phone: Menu opens it, the Students submenu expands, Escape closes it', async ({ page }) => {
    await openPanel(page, '/adminPanel', 'Dashboard');
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    const nav = page.getByRole('navigation', { name: 'Admin Panel' });
    await expect(nav).toBeHidden();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');

    // The skip link comes first, then the Menu button.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to the panel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(menu).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeFocused();
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

    // The spec's entries in its order, with the day's lists (Today, Today's classes), the leads
    // inbox and Guardian at the office after the dashboard, the timetable and certificates after the Batch submenu, then Fees;
    // the Owner's Data requests and the office's Settings after the Audit log.
    const names = await nav.locator(':scope > ul > li > :is(a, button)').allTextContents();
    expect(names).toEqual([
      'Dashboard',
      'Today',
      'Today’s classes',
      'Leads',
      'Guardian at the office',
      'Students',
      'Manage students',
      'Batch',
      'Timetable',
      'Certificates',
      'Practice tests',
      'Fees',
      'Courses',
      'Jobs Opening',
      'Update Notification',
      'Website accounts',
      'Staff',
      'Audit log',
      'Data requests',
      'Settings',
      'Security',
      'Logout',
    ]);
    await expect(nav.getByRole('link', { name: 'Fee plans', includeHidden: true })).toHaveAttribute('href', '/fees/plans');

    await page.keyboard.press('Tab'); // Today
    await page.keyboard.press('Tab'); // Today's classes
    await page.keyboard.press('Tab'); // Leads
    await page.keyboard.press('Tab'); // Guardian at the office
    await page.keyboard.press('Tab'); // Students
    await page.keyboard.press('Tab'); // Manage students (the submenu's button)
    const students = nav.getByRole('button', { name: 'Manage students' });
    await expect(students).toBeFocused();
    await expect(students).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Add a student' })).toBeHidden();
    await page.keyboard.press('Enter');
    await expect(students).toHaveAttribute('aria-expanded', 'true');
    const submenu: [string, string][] = [
      ['Add a student', '/student-list/new'],
      ['Student list', '/student-list'],
      ['Edit a student', '/student-list/edit'],
      ['Delete a student', '/student-list/delete'],
    ];
    for (const [name, href] of submenu) await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    await page.keyboard.press('Space');
    await expect(students).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Space');

    // Tab on into the submenu, and follow a link with Enter: the drawer closes, the panel's
    // heading takes the focus.
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Add a student' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/student-list$/);
    await expect(panelHeading(page)).toHaveText('Student list');
    await expect(panelHeading(page)).toBeFocused();
    await expect(nav).toBeHidden();

    // Escape closes the open drawer and gives the focus back to Menu.
    await menu.click();
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Manage students' })).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Student list', exact: true })).toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();
  });

  test('on a wide screen the sidebar is always there and Menu is not', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openPanel(page, '/adminCourse', 'Courses');
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    const nav = page.getByRole('navigation', { name: 'Admin Panel' });
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Courses' })).toHaveAttribute('aria-current', 'page');
    await expectNoViolations(page, '/adminCourse at 1280px');
    await nav.getByRole('link', { name: 'Jobs Opening' }).click();
    await expect(panelHeading(page)).toHaveText('Jobs Opening');
    await expect(page).toHaveURL(/\/addJobs$/);
  });
});

test.describe('avatar', () => {
  test('a picked picture is shrunk to 128 × 128, kept in this browser and shown; anything else is refused', async ({ page }) => {
    await openPanel(page, '/adminPanel', 'Dashboard');
    const button = page.getByRole('button', { name: 'Change profile picture' });
    await expect(button).toBeVisible();
    await expect(button.locator('img')).toHaveCount(0);
    const input = page.locator('input[type="file"]');
    await expect(input).toHaveAttribute('accept', 'image/*');

    // Not a picture: refused with a message, nothing kept.
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await expect(page.locator('.toast--error')).toHaveText('Please choose an image file (JPEG, PNG, WebP or GIF).');
    expect(await page.evaluate(() => localStorage.getItem('adminProfileImage'))).toBeNull();

    // The button opens the file picker.
    const chooser = page.waitForEvent('filechooser');
    await button.click();
    await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: await photoBytes({ width: 300, height: 200, format: 'png' }) });
    await expect(page.locator('.toast--success')).toHaveText('Profile picture changed.');
    const stored = await page.evaluate(() => localStorage.getItem('adminProfileImage'));
    expect(stored).toMatch(/^data:image\/jpeg;base64,/);
    expect(stored!.length).toBeLessThan(20_000);
    const size = await page.evaluate(async (src) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      return [image.naturalWidth, image.naturalHeight];
    }, stored!);
    expect(size).toEqual([128, 128]);
    await expect(button.locator('img')).toHaveAttribute('src', stored!);

    // Kept across pages of the app.
    await openPanel(page, '/adminUsers', 'Website accounts');
    await expect(page.getByRole('button', { name: 'Change profile picture' }).locator('img')).toHaveAttribute('src', stored!);
  });
});
