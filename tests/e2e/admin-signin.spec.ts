/**
 * Staff sign-in in the browser, as a stranger (no session): /adminLogin's messages, the way
 * home without a session, what the sign-in page and the public pages download (never the admin
 * app), and, with colleagues' own accounts, the whole journey: invitation, password, setting up
 * the authenticator, a later sign-in with a code or a recovery code, a reload between the steps,
 * logout and "sign out everywhere" ending the session on the server.
 */
import type { Page } from '@playwright/test';
import { DEMO_ADMIN } from './admin-accounts';
import { expectNoViolations } from './axe';
import { expect, inviteColleague, panelHeading, passwordStep, signInFirstTime, signInWithCode, SIGNED_OUT, test, totp } from './admin-fixtures';
import { invitationLink } from './outbox';

/** Scripts of React, or of the admin app (its island and panels), by file name. */
const REACT = /\/_astro\/(client\.|react-dom)/;
const ADMIN_APP =
  /\/_astro\/(App|Frame|Sidebar|Avatar|Dashboard|Notifications|Courses|Jobs|Students|StudentForm|Users|Staff|Audit|Security|RecordManager|DataTable|PanelHeading|ConfirmDialog|LoadMore|use-paged)\.[\w-]+\.js/;

/** Every script a page loads while `action` runs. */
async function scriptsLoaded(page: Page, action: () => Promise<unknown>): Promise<string[]> {
  const urls: string[] = [];
  const listen = (request: { url(): string; resourceType(): string }) => {
    if (request.resourceType() === 'script') urls.push(request.url());
  };
  page.on('request', listen);
  await action();
  page.off('request', listen);
  return urls;
}

/** Logout from the sidebar (behind the Menu button on a phone); ends on /adminLogin. */
async function logout(page: Page) {
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/adminLogin');
}

test.describe('as a stranger', () => {
  test.use({ storageState: SIGNED_OUT });

  test("a wrong password shows the server's error, in the form and as a toast; nothing is stored", async ({ page }) => {
    await passwordStep(page, { email: DEMO_ADMIN.email, password: 'not the password' });
    await expect(page.getByRole('alert').filter({ hasText: 'Incorrect email or password.' })).toBeVisible();
    await expect(page.locator('.toast--error')).toHaveText('Incorrect email or password.');
    await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
    expect((await page.context().cookies()).some((c) => c.name === '__Host-staff')).toBe(false);
  });

  test("without an answer from the server the form says 'Something went wrong'", async ({ page }) => {
    await page.route('**/api/admin/login', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }));
    await passwordStep(page, { email: 'someone@example.in', password: 'whatever it is' });
    await expect(page.getByRole('alert').filter({ hasText: /^Something went wrong$/ })).toBeVisible();
  });

  test('empty fields are refused in the browser, beside the fields, and nothing is sent', async ({ page }) => {
    let sent = 0;
    await page.route('**/api/admin/login', (route) => ((sent += 1), route.continue()));
    await page.goto('/adminLogin');
    await page.getByLabel('Email').click();
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Please enter a valid e-mail address, like name@example.com.')).toBeVisible();
    await expect(page.getByText('Please enter your password.')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toBe(0);
  });

  test('the close button goes home', async ({ page }) => {
    await page.goto('/adminLogin');
    await page.getByRole('link', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('/adminLogin downloads no React until it is used, and never the admin app', async ({ page }) => {
    const atLoad = await scriptsLoaded(page, async () => {
      await page.goto('/adminLogin');
      await page.waitForLoadState('networkidle');
    });
    expect(atLoad.filter((u) => REACT.test(u) || ADMIN_APP.test(u))).toEqual([]);
    const onUse = await scriptsLoaded(page, async () => {
      await page.getByLabel('Email').focus();
      await expect(page.locator('astro-island[component-url*="/AdminLoginForm."]')).not.toHaveAttribute('ssr');
      await page.waitForLoadState('networkidle');
    });
    expect(
      onUse.some((u) => REACT.test(u)),
      'React wakes the form on use',
    ).toBe(true);
    expect(onUse.filter((u) => ADMIN_APP.test(u))).toEqual([]);
  });

  test("no public page references the admin app's code, in any script it can load", async ({ page, request }) => {
    // The admin island's entry, as the shell names it, and every module it can reach.
    await page.goto('/adminLogin');
    const shell = await (await request.get('/adminPanel')).text();
    const entry = /component-url="(\/_astro\/[^"]+)"/.exec(shell)?.[1];
    expect(entry, 'the shell has one island').toMatch(/^\/_astro\/App\.[\w-]+\.js$/);

    /** The scripts each script imports, statically or dynamically (each script asked for once: the pages share most of them). */
    const importsOf = new Map<string, Promise<string[]>>();
    const imports = (url: string) => {
      if (!importsOf.has(url))
        importsOf.set(
          url,
          request
            .get(url)
            .then((answer) => answer.text())
            .then((code) =>
              [...code.matchAll(/(?:from|import)\s*\(?\s*["'`](\.{0,2}\/[^"'`]+\.js)["'`]/g)].map((m) => new URL(m[1]!, new URL(url, 'http://x')).pathname),
            ),
        );
      return importsOf.get(url)!;
    };
    /** Every script reachable from `urls`, through static and dynamic imports. */
    const reach = async (urls: string[]) => {
      const seen = new Set<string>();
      const queue = [...urls];
      while (queue.length) {
        const url = queue.pop()!;
        if (seen.has(url)) continue;
        seen.add(url);
        queue.push(...(await imports(url)));
      }
      return seen;
    };
    const admin = await reach([entry!]);
    const adminOnly = [...admin].filter((u) => ADMIN_APP.test(u));
    expect(adminOnly.length, 'the admin app has chunks of its own').toBeGreaterThan(3);

    for (const path of ['/', '/about', '/jobs', '/login', '/account', '/adminLogin', '/adminInvite', '/course-list']) {
      const html = await (await request.get(path)).text();
      const starts = [...html.matchAll(/(?:src|component-url|renderer-url|href)="(\/_astro\/[^"]+\.js)"/g)].map((m) => m[1]!);
      const inline = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].flatMap((m) =>
        [...m[1]!.matchAll(/["'](\/_astro\/[^"']+\.js)["']/g)].map((x) => x[1]!),
      );
      const reached = await reach([...starts, ...inline]);
      expect(
        [...reached].filter((u) => admin.has(u) && ADMIN_APP.test(u)),
        `${path} reaches admin code`,
      ).toEqual([]);
      expect(reached.has(entry!), `${path} reaches the admin island`).toBe(false);
    }
  });

  for (const path of ['/adminPanel', '/adminDashboard', '/adminCourse', '/student-list/new']) {
    test(`${path} without a session goes home`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crafting Careers, Empowering Learners');
    });
  }

  test('a marker without a live session is dropped on the way to sign-in, which says the session ended (GET /api/admin/me answers 401)', async ({ page }) => {
    await page.goto('/adminLogin');
    await page.evaluate(() => localStorage.setItem('adminToken', 'signed-in'));
    const me = page.waitForResponse('**/api/admin/me');
    await page.goto('/adminPanel');
    expect((await me).status()).toBe(401);
    await expect(page).toHaveURL(/\/adminLogin$/);
    await expect(page.getByText('Your session ended; sign in again.')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
  });

  test('/adminInvite without a token, or with a wrong one, says so and offers no form', async ({ page }) => {
    await page.goto('/adminInvite');
    await expect(page.getByText('This invitation link is not complete.', { exact: false })).toBeVisible();
    await expect(page.getByLabel('Choose a password')).toBeHidden();
    await page.goto(`/adminInvite#token=${'A'.repeat(43)}`);
    await page.reload();
    await expect(page.locator('[data-invitee]')).not.toHaveText('Checking your invitation…');
    await expect(page.getByLabel('Choose a password')).toBeHidden();
  });

  test('axe: /adminLogin, with a failure shown', async ({ page }) => {
    await passwordStep(page, { email: DEMO_ADMIN.email, password: 'not the password' });
    await expect(page.getByRole('alert').filter({ hasText: 'Incorrect email or password.' })).toBeVisible();
    await expectNoViolations(page, '/adminLogin with a failure');
  });
});

test.describe("a colleague's own account", () => {
  // The invitation is sent with the demo admin's cookie (the project's storageState); the browser
  // page itself starts signed out.
  test.use({ storageState: SIGNED_OUT });

  test('invitation, first sign-in with the QR code, logout, a later sign-in with a code, reload mid-way, a recovery code, sign out everywhere', async ({
    page,
    adminApi,
  }) => {
    test.setTimeout(180_000);
    const colleague = await inviteColleague(adminApi, 'Journey');

    // The invitation worked once: its link now says so, and offers no form.
    await page.goto(await invitationLink(colleague.email));
    await expect(page.locator('[data-invitee]')).not.toHaveText('Checking your invitation…');
    await expect(page.getByLabel('Choose a password')).toBeHidden();

    // First sign-in: QR code and key, code, recovery codes; "I have saved them" gates the way on.
    await passwordStep(page, colleague);
    await expect(page.getByRole('heading', { name: 'Set up your authenticator app' })).toBeFocused();
    const qr = page.getByRole('img', { name: /QR code/ });
    await expect(qr).toHaveAttribute('src', /^data:image\/svg\+xml/);
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expectNoViolations(page, 'the enrolment step');
    const secret = ((await page.locator('.admin-signin__secret').textContent()) ?? '').replace(/\s+/g, '');
    await page.getByLabel('Code from the app').fill('000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText(/That code is not right/)).toBeVisible();
    await page.getByLabel('Code from the app').fill(await totp(secret));
    await page.getByRole('button', { name: 'Confirm' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recoveryCodes = (await codes.allTextContents()).map((c) => c.trim());
    const onward = page.getByRole('button', { name: 'Continue to the admin panel' });
    await expect(onward).toBeDisabled();
    await expectNoViolations(page, 'the recovery codes step');
    await page.getByLabel('I have saved my recovery codes').check();
    await onward.click();
    await page.waitForURL('**/adminPanel');
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBe('signed-in');

    // Logout: the server ends the session, the marker goes, /adminLogin says 'Logged out'.
    await logout(page);
    await expect(page.getByText('Logged out')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
    await page.goto('/adminPanel');
    await expect(page).toHaveURL(/\/$/);

    // A later sign-in: a reload between the steps resumes at the code; the code of the next
    // half minute (the enrolment used this one).
    await passwordStep(page, colleague);
    await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
    await page.getByLabel('Code', { exact: true }).fill(await totp(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/adminPanel');
    await expect(page.locator('.toast--success')).toContainText(`Welcome back, ${colleague.name}!`);

    // A recovery code instead of the app: it works once.
    await logout(page);
    await signInWithCode(page, colleague, recoveryCodes[0]!);
    await logout(page);
    await passwordStep(page, colleague);
    await page.getByLabel('Code', { exact: true }).fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText(/That code is not right/)).toBeVisible();
    await page.getByLabel('Code', { exact: true }).fill(recoveryCodes[1]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/adminPanel');

    // Sign out everywhere: the session that was open ends on the server too.
    const before = (await page.context().cookies()).find((c) => c.name === '__Host-staff')!;
    await page.goto('/adminSecurity');
    await expect(panelHeading(page)).toHaveText('Security');
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL('**/adminLogin');
    await expect(page.getByText(/Signed out on every device/)).toBeVisible();
    // The old cookie, put back by hand, opens nothing: the session has ended, and sign-in says so.
    await page.context().addCookies([before]);
    await page.evaluate(() => localStorage.setItem('adminToken', 'signed-in'));
    await page.goto('/adminPanel');
    await expect(page).toHaveURL(/\/adminLogin$/);
    await expect(page.getByText('Your session ended; sign in again.')).toBeVisible();
  });

  test('the invitation page: whose it is, a weak password refused, the password set, then Admin Login', async ({ page, adminApi }) => {
    const email = `staff-invitee-${Date.now().toString(36)}@example.in`;
    const invited = await adminApi.post('/api/admin/staff', { data: { name: 'Kavita Sharma', email } });
    expect(invited.status(), await invited.text()).toBe(201);

    await page.goto(await invitationLink(email));
    await expect(page.getByText(`This invitation is for Kavita Sharma (${email}).`, { exact: false })).toBeVisible();
    await expectNoViolations(page, '/adminInvite');
    await page.getByLabel('Choose a password').fill('short');
    await page.getByRole('button', { name: 'Set my password' }).click();
    await expect(page.getByText(/at least 8 characters/)).toBeVisible();
    await page.getByLabel('Choose a password').fill('Marble tiffin Sojat monsoon 42');
    await page.getByRole('button', { name: 'Set my password' }).click();
    await expect(page.getByText('Your password is set. Please sign in.')).toBeVisible();
    await page.getByRole('link', { name: 'Go to Admin Login' }).click();
    await expect(page).toHaveURL(/\/adminLogin$/);
    await signInFirstTime(page, { email, password: 'Marble tiffin Sojat monsoon 42' });
    await expect(panelHeading(page)).toHaveText('Dashboard');
  });
});
