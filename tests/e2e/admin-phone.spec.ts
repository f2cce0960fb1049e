/**
 * The staff admin on a 360 px phone: every list fits the screen (no sideways scrolling) with each
 * row's actions in view, a delete confirmation names what it deletes, the top bar names the
 * screen, a session that ends mid-note returns to sign-in saying so and gives the note back,
 * recovery codes can be printed and are counted, announcements may end on a day, and a course's
 * picture is uploaded and the course offered in the Apply dialog under its category.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { photoBytes } from '../support/photo';
import { clientAddress, expect, inviteColleague, panelHeading, signInFirstTime, SIGNED_OUT, test, totp } from './admin-fixtures';
import { jobFields } from '../support/record-fields';

/** A word no other test uses. */
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
/** A word of letters only (names take no digits) no other test uses. */
const uniqueLetters = () =>
  unique()
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)
    .replace(/^./, (c) => c.toUpperCase());
/** A mobile number no other test uses. */
const uniquePhone = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

/** Opens an admin panel and waits until its heading shows and nothing is loading. */
async function openPanel(page: Page, path: string, h1: string) {
  await page.goto(path);
  await expect(panelHeading(page)).toHaveText(h1);
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

/** A student record, an invited colleague, a course, a job and an announcement, so every list has rows with actions. */
async function seedLists(api: APIRequestContext, request: APIRequestContext) {
  const tag = unique();
  const headers = { 'x-forwarded-for': clientAddress() };
  const student = `Sunita ${uniqueLetters()}`;
  const made = await api.post('/api/students', {
    data: {
      name: student,
      email: `sunita-${tag}@example.in`,
      phone: uniquePhone(),
      course: 'Tally Prime with GST and a long course name',
      registrationDate: '2026-11-20',
    },
    headers,
  });
  expect(made.status(), await made.text()).toBe(201);
  const course = `Tally Prime with GST ${tag}`;
  const courseMade = await api.post('/api/courses', {
    data: {
      title: course,
      category: 'Accounting',
      price: 4200,
      duration: '3 months',
      image: '/logo.svg',
      description: 'Accounts with GST, taught on Tally Prime.',
    },
    headers,
  });
  expect(courseMade.status(), await courseMade.text()).toBe(201);
  const job = await api.post('/api/jobs', {
    data: jobFields({ role: `Computer Operator ${tag}`, type: 'Full-Time', candidate: 'Someone careful with numbers', applyLink: 'https://example.in/apply' }),
    headers,
  });
  expect(job.status(), await job.text()).toBe(201);
  const message = `Admissions open for the winter batch ${tag}`;
  expect((await api.post('/api/marquee', { data: { message }, headers })).status()).toBe(201);
  await inviteColleague(request, 'Phone');
  return { student, course, message };
}

/** The lists of the admin, with their headings. */
const LISTS: [string, string][] = [
  ['/allStudents', 'Students'],
  ['/student-list', 'Student list'],
  ['/student-list/edit', 'Edit a student'],
  ['/student-list/delete', 'Delete a student'],
  ['/adminUsers', 'Website accounts'],
  ['/adminStaff', 'Staff'],
  ['/adminAudit', 'Audit log'],
  ['/adminCourse', 'Courses'],
  ['/addJobs', 'Jobs Opening'],
  ['/notification', 'Update Notification'],
  ['/adminLeads', 'Leads'],
];

test.describe('lists on a phone', () => {
  test('every admin list fits 360 px: nothing scrolls sideways, and each row’s actions are on screen when scrolled to', async ({ page, adminApi, request }) => {
    test.setTimeout(120_000);
    await seedLists(adminApi, request);
    for (const [path, h1] of LISTS) {
      await openPanel(page, path, h1);
      const overflowing = await page.evaluate(() => {
        const wide = (el: Element) => el.scrollWidth > el.clientWidth + 1;
        const found: string[] = [];
        if (wide(document.documentElement)) found.push(`the page (${document.documentElement.scrollWidth} px)`);
        for (const el of document.querySelectorAll('main, main *')) {
          const style = getComputedStyle(el);
          if (/(auto|scroll)/.test(style.overflowX) && wide(el))
            found.push(`${el.tagName.toLowerCase()}.${el.className} (${el.scrollWidth} px in ${el.clientWidth} px)`);
        }
        return found;
      });
      expect(overflowing, `${path} scrolls sideways`).toEqual([]);

      // Each row's actions (the buttons and links in a table row or a card) show in full.
      const actions = page.locator('main :is(tbody tr, .admin-record, .admin-list__item, .leads-cards li) :is(button, a.btn)');
      const count = await actions.count();
      if (!['/allStudents', '/adminUsers', '/adminAudit', '/adminLeads'].includes(path)) expect(count, `${path} has row actions`).toBeGreaterThan(0);
      for (let i = 0; i < Math.min(count, 12); i += 1) {
        const action = actions.nth(i);
        await action.scrollIntoViewIfNeeded();
        // Rows fall on fractions of a pixel, so a button scrolled to the bottom edge may end a
        // tenth of a pixel below it; a button cut off by the screen's edge shows much less.
        await expect(action, `${path}: ${await action.textContent()}`).toBeInViewport({ ratio: 0.98 });
        const box = (await action.boundingBox())!;
        expect(box.x, path).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, path).toBeLessThanOrEqual(360);
      }
    }
  });

  test('a delete confirmation names what it deletes: a student, a course, an announcement', async ({ page, adminApi, request }) => {
    const { student, course, message } = await seedLists(adminApi, request);
    const dialog = page.getByRole('dialog', { name: 'Please confirm' });

    await openPanel(page, '/student-list', 'Student list');
    await page.getByLabel('Search by name or e-mail').fill(student);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('button', { name: `Delete ${student}` }).click();
    await expect(dialog).toContainText(`Are you sure you want to delete the student ${student}?`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await openPanel(page, '/adminCourse', 'Courses');
    await page.getByRole('button', { name: `Delete ${course}` }).click();
    await expect(dialog).toContainText(`Are you sure you want to delete the course ${course}?`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // An announcement was deleted at a tap; now it asks first.
    await openPanel(page, '/notification', 'Update Notification');
    const deleteIt = page
      .locator('.admin-list__item')
      .filter({ hasText: message })
      .getByRole('button', { name: /^Delete/ });
    await deleteIt.click();
    await expect(dialog).toContainText(`Are you sure you want to delete the message “${message}”?`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText(message, { exact: true })).toBeVisible();
    await deleteIt.click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.locator('.toast--success').filter({ hasText: 'Message deleted.' })).toBeVisible();
    await expect(page.getByText(message, { exact: true })).toHaveCount(0);
  });

  test('the top bar names the screen, and the menu names what each entry holds', async ({ page }) => {
    const title = page.locator('.admin-header__title');
    for (const [path, name] of [
      ['/adminDashboard', 'Dashboard'],
      ['/adminUsers', 'Website accounts'],
      ['/adminCourse', 'Courses'],
      ['/student-list/new', 'Add a student'],
    ] as const) {
      await page.goto(path);
      await expect(panelHeading(page)).toBeVisible();
      await expect(title).toHaveText(name);
    }
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const nav = page.getByRole('navigation', { name: 'Admin Panel' });
    await expect(nav.getByRole('link', { name: 'Website accounts' })).toHaveAttribute('href', '/adminUsers');
    await expect(nav.getByRole('link', { name: 'Students', exact: true })).toHaveAttribute('href', '/allStudents');
    await expect(nav.getByRole('button', { name: 'Manage students' })).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Add a student' })).toHaveAttribute('aria-current', 'page');
  });
});

/** A colleague's own browser on a phone, signed in for the first time; returns the page, the colleague and their secret and codes. */
async function colleagueSignedIn(browser: Browser, baseURL: string, request: APIRequestContext, label: string) {
  const colleague = await inviteColleague(request, label);
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 360, height: 740 },
    storageState: SIGNED_OUT,
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
  });
  const page = await context.newPage();
  const secrets = await signInFirstTime(page, colleague);
  return { context, page, colleague, ...secrets };
}

test.describe('a session that ends', () => {
  test.use({ storageState: SIGNED_OUT });

  test('mid-note: back to sign-in with "Your session ended; sign in again", and after signing in the note is back on the lead', async ({
    browser,
    baseURL,
    request,
    adminApi,
  }) => {
    const { context, page, colleague, secret } = await colleagueSignedIn(browser, baseURL!, adminApi, 'Notes');
    // A lead to write about.
    const name = `Ramesh ${uniqueLetters()}`;
    const made = await request.post('/api/apply', {
      data: {
        name,
        email: `ramesh-${unique()}@example.in`,
        phone: uniquePhone(),
        department: 'dl',
        course: 'RS-CIT (Basic)',
        consent: true,
        website: '',
        age: 'adult',
      },
      headers: { 'x-forwarded-for': clientAddress() },
    });
    expect(made.status(), await made.text()).toBe(201);
    const { reference } = (await made.json()) as { reference: string };
    const { items } = (await (await adminApi.get(`/api/admin/leads?q=${reference}`)).json()) as { items: { _id: string }[] };
    const leadPath = `/adminLeads/${items[0]!._id}`;

    await page.goto(leadPath);
    await expect(panelHeading(page)).toContainText(name);
    const note = 'Called at 11: wants the evening batch, will visit with his father on Saturday.';
    await page.getByLabel('Note', { exact: true }).fill(note);
    // Signed out elsewhere (another device's "Sign out everywhere") while the note was written.
    const ended = await page.request.post('/api/admin/logout-all', { data: {} });
    expect(ended.status(), await ended.text()).toBe(200);
    await page.getByRole('button', { name: 'Add note' }).click();

    await page.waitForURL('**/adminLogin');
    await expect(page.getByRole('status').filter({ hasText: 'Your session ended; sign in again.' })).toBeVisible();
    await page.getByLabel('Email').fill(colleague.email);
    await page.getByLabel('Password').fill(colleague.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByLabel('Code', { exact: true }).fill(await totp(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();

    await page.waitForURL(`**${leadPath}`);
    await expect(page.getByLabel('Note', { exact: true })).toHaveValue(note);
    await expect(page.locator('.toast--success').filter({ hasText: 'Your unsaved note was kept' })).toBeVisible();
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByLabel('Note', { exact: true })).toHaveValue('');
    await expect(page.getByText(note)).toBeVisible();
    await context.close();
  });

  test('recovery codes: a Print button, "9 recovery codes left" after one is used, a warning at 3', async ({ browser, baseURL, adminApi, playwright }) => {
    const { context, page, colleague, secret, recoveryCodes } = await colleagueSignedIn(browser, baseURL!, adminApi, 'Codes');
    // Spend codes from another browser (each a sign-in of its own).
    const other = await playwright.request.newContext({ baseURL: baseURL!, extraHTTPHeaders: { 'x-forwarded-for': clientAddress() } });
    const spend = async (code: string) => {
      expect((await other.post('/api/admin/login', { data: { email: colleague.email, password: colleague.password } })).status()).toBe(200);
      const verified = await other.post('/api/admin/verify', { data: { code } });
      expect(verified.status(), await verified.text()).toBe(200);
    };
    await spend(recoveryCodes[0]!);

    await openPanel(page, '/adminSecurity', 'Security');
    await expect(page.getByText('9 recovery codes left')).toBeVisible();
    for (const code of recoveryCodes.slice(1, 7)) await spend(code);
    await page.reload();
    await expect(panelHeading(page)).toHaveText('Security');
    await expect(page.getByRole('status').filter({ hasText: '3 recovery codes left.' })).toContainText('Make new ones now');

    // New codes: shown once, with Print (the browser's print dialog, counted here instead).
    await page.evaluate(() => {
      const counted = window as unknown as { printed: number };
      counted.printed = 0;
      window.print = () => void (counted.printed += 1);
    });
    await page.getByLabel('Code from your authenticator app').fill(await totp(secret, 1));
    await page.getByRole('button', { name: 'Make new recovery codes' }).click();
    await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await page.getByRole('button', { name: 'Print the codes' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.getByLabel('I have saved my recovery codes').check();
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText('10 recovery codes left')).toBeVisible();
    await other.dispose();
    await context.close();
  });
});

test.describe('smaller things', () => {
  test('an announcement with a last day says until when it runs', async ({ page }) => {
    const message = `Fees counter closed on Sunday ${unique()}`;
    const lastDay = new Date(Date.now() + 330 * 60_000 + 3 * 86_400_000).toISOString().slice(0, 10);
    await openPanel(page, '/notification', 'Update Notification');
    await page.getByLabel('New message').fill(message);
    await page.getByLabel('Last day shown (optional)').fill(lastDay);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.locator('.toast--success').filter({ hasText: 'Message added.' })).toBeVisible();
    const item = page.locator('.admin-list__item').filter({ hasText: message });
    const shown = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${lastDay}T00:00:00Z`),
    );
    await expect(item).toContainText(`Until ${shown}`);
    await expect(item).toContainText('Shown now');
  });

  test('a course picture is uploaded, not typed; the course is offered in the Apply dialog under its category', async ({ page, browser, baseURL }) => {
    const title = `Spoken English ${unique()}`;
    const category = `Languages ${unique()}`;
    await openPanel(page, '/adminCourse', 'Courses');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Category').fill(category);
    await page.getByLabel('Price (₹)').fill('1500');
    await page.getByLabel('Duration').fill('2 months');
    await page.getByLabel('Description').fill('Speaking practice for interviews and the office.');
    await page
      .getByLabel('Picture of the course')
      .setInputFiles({ name: 'class.jpg', mimeType: 'image/jpeg', buffer: await photoBytes({ width: 2000, height: 1500 }) });
    await expect(page.getByLabel('Picture (optional)', { exact: true })).toHaveValue(/^\/api\/course-pictures\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Add Course' }).click();
    await expect(page.locator('.toast--success')).toBeVisible();
    const card = page.locator('.admin-record').filter({ hasText: title });
    const picture = card.locator('img.admin-record__image');
    await expect(picture).toHaveAttribute('src', /^\/api\/course-pictures\//);
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);

    // A visitor's Apply dialog offers it under its category.
    const visitor = await browser.newContext({ baseURL: baseURL!, viewport: { width: 360, height: 740 }, storageState: SIGNED_OUT });
    const home = await visitor.newPage();
    await home.goto('/');
    await home.getByRole('link', { name: 'Apply Now' }).first().click();
    const dialog = home.getByRole('dialog', { name: 'Get Started' });
    await dialog.getByLabel('Department', { exact: true }).selectOption({ label: category });
    await expect(dialog.getByLabel('Course', { exact: true }).locator('option', { hasText: title })).toHaveCount(1);
    await visitor.close();
  });
});
