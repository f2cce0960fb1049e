/**
 * Sessions kept on the server, in the browser: Logout and "Log out of all devices" end the
 * session there before (or while) forgetting it here, the password can be changed on /account,
 * and a forgotten password is replaced by e-mailed code on /forgot-password. The API calls are
 * answered in the browser (page.route), to reach every answer of the contract; one journey, at
 * the end, runs against the real API.
 */
import type { Page, Request } from '@playwright/test';
import { RESEND_COOLDOWN_SECONDS } from '../../src/lib/schemas/user';
import { expectNoViolations } from './axe';
import { awake, expect, gate, recordScripts, test, answerAdult } from './fixtures';
import { codeFor } from './outbox';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };

const student = { _id: 'u-1', name: 'Meena Kumari', email: 'meena@example.in', role: 'user' };

/** Scripts that mean React (or an account island) was downloaded. */
const REACT_SCRIPT = /\/_astro\/(client\.|react|jsx-runtime|ForgotPasswordForm|LoginForm|RegisterForm|AccountProfile)/;

/** Each test poses as a client of its own, so the API's per-address limits never meet the suite. */
test.beforeEach(async ({ page }) => {
  const byte = () => 1 + Math.floor(Math.random() * 254);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.18.${byte()}.${byte()}` });
});

const banner = (page: Page) => page.getByRole('banner');
const main = (page: Page) => page.getByRole('main');

/** What a request sent: its method, the headers that matter here, and its JSON body. */
const sentBy = (request: Request) => ({
  method: request.method(),
  token: request.headers()['token'],
  contentType: request.headers()['content-type'],
  body: request.postDataJSON() as unknown,
});

/**
 * Opens /account signed in as `student`: a stored token (and another key, to see all of
 * localStorage go) that the answered GET /api/user/me accepts.
 */
async function openAccount(page: Page, token = 'token-1') {
  await page.route('**/api/user/me', (route) => route.fulfill({ json: { user: student } }));
  await page.goto('/about');
  await page.evaluate((value) => {
    localStorage.setItem('token', value);
    localStorage.setItem('adminProfileImage', 'kept-by-another-screen');
  }, token);
  await page.goto('/account');
  await expect(main(page).getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await awake(page, 'AccountProfile');
  // The sections that load after the profile (fees, practice tests, "Your data and your rights")
  // arrive above the password form and push it down: a tap aimed at its button as they arrive
  // lands on what was there before. The page has settled once nothing more is loading.
  await page.waitForLoadState('networkidle');
}

/** Expects this browser to be signed out: storage empty, the page asking to log in. */
async function expectSignedOut(page: Page) {
  await expect.poll(() => page.evaluate(() => localStorage.length)).toBe(0);
  await expect(main(page).getByRole('heading', { name: 'My Profile' })).toHaveCount(0);
  await expect(main(page).getByRole('heading', { name: 'Please log in' })).toBeVisible();
  await expect(banner(page).getByRole('link', { name: 'Student Login' })).toHaveAttribute('href', '/login');
}

test.describe('logging out', () => {
  test.use({ viewport: DESKTOP });

  test('Logout tells the server first (POST /api/user/logout, token header, JSON), then clears all storage', async ({ page }) => {
    await openAccount(page);
    const held = gate();
    let sent: ReturnType<typeof sentBy> | undefined;
    let storedWhileSent: string | null = null;
    await page.route('**/api/user/logout', async (route) => {
      sent = sentBy(route.request());
      storedWhileSent = await page.evaluate(() => localStorage.getItem('token'));
      await held.wait;
      await route.fulfill({ json: { message: 'Logged out' } });
    });
    await main(page).getByRole('button', { name: 'Logout' }).click();
    await expect(main(page).getByRole('button', { name: 'Please Wait...' })).toBeDisabled();
    held.release();

    await expect(page.locator('.toast--success')).toHaveText('Logged out');
    await expect(page.locator('.toast--success')).toBeVisible();
    await expectSignedOut(page);
    expect(sent).toEqual({ method: 'POST', token: 'token-1', contentType: 'application/json', body: {} });
    expect(storedWhileSent, 'the token was still stored when the server was told').toBe('token-1');
    // The button that had the focus went with the profile: the focus is on what replaced it.
    await expect(main(page).getByRole('heading', { name: 'Please log in' })).toBeFocused();
  });

  test('a failed logout call still signs out here', async ({ page }) => {
    await openAccount(page);
    let called = false;
    await page.route('**/api/user/logout', (route) => {
      called = true;
      return route.abort('connectionfailed');
    });
    await main(page).getByRole('button', { name: 'Logout' }).click();
    await expect(page.locator('.toast--success')).toHaveText('Logged out');
    await expectSignedOut(page);
    expect(called).toBe(true);
  });

  test('a logout call that does not answer keeps nobody signed in here for long', async ({ page }) => {
    // The page's own clock, stopped: "long" is the page's wait, measured in the page's time,
    // however slowly a busy machine runs the test around it.
    await page.clock.install();
    await openAccount(page);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    const never = gate();
    const asked = page.waitForRequest('**/api/user/logout');
    await page.route('**/api/user/logout', async (route) => {
      await never.wait;
      await route.fulfill({ json: { message: 'Logged out' } }).catch(() => {});
    });
    await main(page).getByRole('button', { name: 'Logout' }).click();
    await asked;
    await page.clock.runFor(5_000);
    await expect(page.locator('.toast--success')).toHaveText('Logged out');
    await expectSignedOut(page);
    never.release();
  });

  test('Log out of all devices: the server message, then signed out here too', async ({ page }) => {
    await openAccount(page);
    const held = gate();
    let sent: ReturnType<typeof sentBy> | undefined;
    await page.route('**/api/user/logout-all', async (route) => {
      sent = sentBy(route.request());
      await held.wait;
      await route.fulfill({ json: { message: 'You have been logged out on all devices.' } });
    });
    const button = main(page).getByRole('button', { name: 'Log out of all devices' });
    await expect(main(page).getByRole('heading', { name: 'Log out of all devices' })).toBeVisible();
    await button.click();
    await expect(main(page).getByRole('button', { name: 'Please Wait...' })).toBeDisabled();
    await expect(main(page).getByRole('button', { name: 'Logout' })).toBeDisabled();
    held.release();
    await expect(page.locator('.toast--success')).toHaveText('You have been logged out on all devices.');
    await expect(page.locator('.toast--success')).toBeVisible();
    await expectSignedOut(page);
    expect(sent).toEqual({ method: 'POST', token: 'token-1', contentType: 'application/json', body: {} });
  });

  test('Log out of all devices: a failure keeps the student signed in, with the server message', async ({ page }) => {
    await openAccount(page);
    await page.route('**/api/user/logout-all', (route) =>
      route.fulfill({ status: 503, json: { message: 'The service is busy. Please try again in a minute.' } }),
    );
    await main(page).getByRole('button', { name: 'Log out of all devices' }).click();
    await expect(page.locator('.toast--error')).toHaveText('The service is busy. Please try again in a minute.');
    await expect(main(page).getByRole('heading', { name: 'My Profile' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe('token-1');
    await expect(main(page).getByRole('button', { name: 'Log out of all devices' })).toBeEnabled();

    // Without a valid session (401) there is nothing left to keep: signed out here.
    await page.unroute('**/api/user/logout-all');
    await page.route('**/api/user/logout-all', (route) => route.fulfill({ status: 401, json: { message: 'Please log in again.' } }));
    await main(page).getByRole('button', { name: 'Log out of all devices' }).click();
    await expect(page.locator('.toast--error').filter({ hasText: 'Please log in again.' })).toBeVisible();
    await expectSignedOut(page);
  });
});

test.describe('changing the password on /account', () => {
  test.use({ viewport: DESKTOP });

  const form = (page: Page) =>
    main(page)
      .locator('form')
      .filter({ has: page.getByRole('button', { name: /Change password|Please Wait/ }) });

  test('the fields are labelled and checked before anything is sent', async ({ page }) => {
    await openAccount(page);
    let called = false;
    await page.route('**/api/user/change-password', (route) => {
      called = true;
      return route.abort();
    });
    const current = form(page).getByLabel('Current password');
    const next = form(page).getByLabel('New password');
    await expect(main(page).getByRole('heading', { name: 'Change password' })).toBeVisible();
    await expect(current).toHaveAttribute('type', 'password');
    await expect(current).toHaveAttribute('autocomplete', 'current-password');
    await expect(next).toHaveAttribute('autocomplete', 'new-password');
    await expect(next).toHaveAccessibleDescription('At least 8 characters.');

    await form(page).getByRole('button', { name: 'Change password' }).click();
    await expect(current).toHaveAccessibleDescription('Please enter your current password.');
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await expect(next).toHaveAccessibleDescription('At least 8 characters. Please choose a password of at least 8 characters.');

    await current.fill('the same old words');
    await next.fill('the same old words');
    await next.press('Enter');
    await expect(form(page).getByText('Please choose a password different from the current one.')).toBeVisible();
    await expect(current).not.toHaveAttribute('aria-invalid');
    expect(called).toBe(false);
    await expectNoViolations(page, '/account with the password form showing its errors');
  });

  test('a wrong current password: Please Wait..., the field error and the message, what was typed kept', async ({ page }) => {
    await openAccount(page);
    const held = gate();
    let sent: ReturnType<typeof sentBy> | undefined;
    await page.route('**/api/user/change-password', async (route) => {
      sent = sentBy(route.request());
      await held.wait;
      await route.fulfill({
        status: 400,
        json: { message: 'Please check the highlighted fields and try again.', errors: { currentPassword: 'Your current password is not correct.' } },
      });
    });
    await form(page).getByLabel('Current password').fill('not my password');
    await form(page).getByLabel('New password').fill('a brand new sentence');
    await form(page).getByRole('button', { name: 'Change password' }).click();
    await expect(form(page).getByRole('button', { name: 'Please Wait...' })).toBeDisabled();
    held.release();

    await expect(form(page).getByRole('alert')).toHaveText('Please check the highlighted fields and try again.');
    await expect(page.locator('.toast--error')).toHaveText('Please check the highlighted fields and try again.');
    await expect(form(page).getByLabel('Current password')).toHaveAccessibleDescription('Your current password is not correct.');
    await expect(form(page).getByLabel('Current password')).toHaveValue('not my password');
    await expect(form(page).getByLabel('New password')).toHaveValue('a brand new sentence');
    await expect(form(page).getByRole('button', { name: 'Change password' })).toBeEnabled();
    expect(sent).toEqual({
      method: 'POST',
      token: 'token-1',
      contentType: 'application/json',
      body: { currentPassword: 'not my password', newPassword: 'a brand new sentence' },
    });
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe('token-1');
  });

  test('a common new password gets the server message under the field', async ({ page }) => {
    const common = 'This password is too common or has appeared in a data breach. Please choose another: a short sentence of your own is easy to remember.';
    await openAccount(page);
    await page.route('**/api/user/change-password', (route) =>
      route.fulfill({ status: 400, json: { message: 'Please check the highlighted fields and try again.', errors: { newPassword: common } } }),
    );
    await form(page).getByLabel('Current password').fill('my old password');
    await form(page).getByLabel('New password').fill('password123');
    await form(page).getByRole('button', { name: 'Change password' }).click();
    await expect(form(page).getByLabel('New password')).toHaveAccessibleDescription(`At least 8 characters. ${common}`);
    await expect(form(page).getByLabel('New password')).toHaveValue('password123');
  });

  test('with the keyboard alone: success stores the new token, empties the fields, shows the server message', async ({ page }) => {
    await openAccount(page);
    await page.route('**/api/user/change-password', (route) =>
      route.fulfill({ json: { message: 'Your password has been changed. You have been logged out on your other devices.', token: 'token-2' } }),
    );
    await form(page).getByLabel('Current password').focus();
    await page.keyboard.type('my old password');
    await page.keyboard.press('Tab');
    await expect(form(page).getByLabel('New password')).toBeFocused();
    await page.keyboard.type('a brand new sentence');
    await page.keyboard.press('Tab');
    await expect(form(page).getByRole('button', { name: 'Change password' })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page.locator('.toast--success')).toHaveText('Your password has been changed. You have been logged out on your other devices.');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBe('token-2');
    await expect(form(page).getByLabel('Current password')).toHaveValue('');
    await expect(form(page).getByLabel('New password')).toHaveValue('');
    await expect(main(page).getByRole('heading', { name: 'My Profile' })).toBeVisible();

    // The next page asks the server with the new token.
    const asked = page.waitForRequest('**/api/user/me');
    await page.reload();
    expect((await asked).headers()['token']).toBe('token-2');
  });

  test('a session the server has ended (401): signed out here, with the server message', async ({ page }) => {
    await openAccount(page);
    await page.route('**/api/user/change-password', (route) => route.fulfill({ status: 401, json: { message: 'Please log in again.' } }));
    await form(page).getByLabel('Current password').fill('my old password');
    await form(page).getByLabel('New password').fill('a brand new sentence');
    await form(page).getByRole('button', { name: 'Change password' }).click();
    await expect(page.locator('.toast--error')).toHaveText('Please log in again.');
    await expect(page.locator('.toast--error')).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await expect(main(page).getByRole('heading', { name: 'Please log in' })).toBeVisible();
  });
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`axe finds nothing on /account's new parts at ${viewport.width}px, and nothing is wider than the screen`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openAccount(page);
    await expect(main(page).getByRole('heading', { name: 'Change password' })).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'Log out of all devices' })).toBeVisible();
    await page.route('**/api/user/change-password', (route) =>
      route.fulfill({
        status: 400,
        json: { message: 'Please check the highlighted fields and try again.', errors: { currentPassword: 'Your current password is not correct.' } },
      }),
    );
    await main(page).getByLabel('Current password').fill('not my password');
    await main(page).getByLabel('New password').fill('a brand new sentence');
    await main(page).getByRole('button', { name: 'Change password' }).click();
    await expect(main(page).getByText('Your current password is not correct.')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectNoViolations(page, `/account signed in at ${viewport.width}px`);
  });
}

test.describe('a forgotten password', () => {
  test.use({ viewport: DESKTOP });

  const sentCode = 'If an account exists for meena@example.in, we have sent it a 6-digit code. It is valid for 10 minutes.';
  const changed = 'Your password has been changed. Please log in with your new password.';

  /** Answers POST /api/user/forgot-password with a code sent, recording what was asked. */
  async function answerForgot(page: Page, asked: unknown[] = []) {
    await page.route('**/api/user/forgot-password', (route) => {
      asked.push(route.request().postDataJSON());
      return route.fulfill({ json: { message: sentCode, resetToken: `reset-${asked.length}` } });
    });
    return asked;
  }

  /** Fills in step 1 on /forgot-password and waits for step 2. */
  async function askForCode(page: Page, email = 'Meena@Example.in ') {
    await page.goto('/forgot-password');
    await main(page).getByLabel('Email').fill(email);
    await main(page).getByRole('button', { name: 'Send code' }).click();
    await expect(main(page).getByRole('status').filter({ hasText: sentCode })).toBeVisible();
  }

  test('"Forgot password?" is in the login dialog and on /login, and leads to /forgot-password', async ({ page }) => {
    await page.goto('/about');
    await banner(page).getByRole('link', { name: 'Student Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Login to Your Account' });
    await expect(dialog.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    await page.keyboard.press('Escape');

    await page.goto('/login');
    await main(page).getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset Your Password');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  });

  test('the whole reset: e-mail, Please Wait..., the code and a new password, a wrong code, then /login with the message', async ({ page }) => {
    const held = gate();
    const asked: unknown[] = [];
    await page.route('**/api/user/forgot-password', async (route) => {
      asked.push(route.request().postDataJSON());
      await held.wait;
      await route.fulfill({ json: { message: sentCode, resetToken: 'reset-1' } });
    });
    const resets: unknown[] = [];
    const answers = [
      { status: 400, json: { message: 'That code is not correct. You have 4 attempts left.', attemptsLeft: 4 } },
      {
        status: 400,
        json: {
          message: 'Please check the highlighted fields and try again.',
          errors: {
            password: 'This password is too common or has appeared in a data breach. Please choose another: a short sentence of your own is easy to remember.',
          },
        },
      },
      { status: 200, json: { message: changed } },
    ];
    await page.route('**/api/user/reset-password', (route) => {
      resets.push(sentBy(route.request()));
      return route.fulfill(answers[resets.length - 1]!);
    });

    await page.goto('/forgot-password');
    await main(page).getByLabel('Email').fill('Meena@Example.in ');
    await main(page).getByRole('button', { name: 'Send code' }).click();
    await expect(main(page).getByRole('button', { name: 'Please Wait...' })).toBeDisabled();
    held.release();

    // Step 2: the server's message; the focus in the code field; the token in no storage.
    await expect(main(page).getByRole('status').filter({ hasText: sentCode })).toBeVisible();
    const code = main(page).getByLabel('Code from the e-mail');
    await expect(code).toBeFocused();
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(asked).toEqual([{ email: 'meena@example.in' }]);
    // Nothing of the reset is kept in the browser (only the visit's first page, kept for any enquiry).
    expect(await page.evaluate(() => [localStorage.length, Object.keys(sessionStorage).filter((key) => key !== 'visit')])).toEqual([0, []]);

    // Checked before sending.
    const password = main(page).getByLabel('New password');
    await main(page).getByRole('button', { name: 'Set new password' }).click();
    await expect(code).toHaveAccessibleDescription('6 digits, valid for 10 minutes. Please enter the 6-digit code from the e-mail.');
    await expect(password).toHaveAccessibleDescription('At least 8 characters. Please choose a password of at least 8 characters.');
    expect(resets).toEqual([]);

    // A wrong code: the server's message, what was typed kept.
    await code.fill('012345');
    await password.fill('a brand new sentence');
    await main(page).getByRole('button', { name: 'Set new password' }).click();
    await expect(main(page).getByRole('alert')).toHaveText('That code is not correct. You have 4 attempts left.');
    await expect(page.locator('.toast--error')).toHaveText('That code is not correct. You have 4 attempts left.');
    await expect(code).toHaveValue('012345');
    expect(resets[0]).toEqual({
      method: 'POST',
      token: undefined,
      contentType: 'application/json',
      body: { resetToken: 'reset-1', otp: 12345, password: 'a brand new sentence' },
    });

    // A password the server refuses: its message under the field.
    await code.fill('654321');
    await main(page).getByRole('button', { name: 'Set new password' }).click();
    await expect(password).toHaveAccessibleDescription(/too common or has appeared in a data breach/);

    // The right code: /login, with the server's message.
    await password.fill('my own long sentence');
    await main(page).getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status').filter({ hasText: changed })).toBeVisible();
    expect(resets).toHaveLength(3);
  });

  test(`"Send a new code" goes back with the address kept; the same address waits out the ${RESEND_COOLDOWN_SECONDS} s, another does not`, async ({ page }) => {
    await page.clock.install();
    const asked = await answerForgot(page);
    await askForCode(page);
    await main(page).getByRole('button', { name: 'Send a new code' }).click();
    const email = main(page).getByLabel('Email');
    await expect(email).toBeFocused();
    await expect(email).toHaveValue('meena@example.in');
    const send = main(page).getByRole('button', { name: /^Send code/ });
    await expect(send).toHaveText(/^Send code in \d+s$/);
    await expect(send).toBeDisabled();
    await expect(main(page).getByRole('status')).toHaveText('');

    await email.fill('meena.k@example.in');
    await expect(send).toHaveText('Send code');
    await email.fill('meena@example.in');
    await expect(send).toBeDisabled();
    await page.clock.fastForward((RESEND_COOLDOWN_SECONDS + 1) * 1000);
    await expect(send).toHaveText('Send code');
    await send.click();
    await expect(main(page).getByRole('status').filter({ hasText: sentCode })).toBeVisible();
    expect(asked).toHaveLength(2);

    // The new code goes with the new token.
    let sent: unknown;
    await page.route('**/api/user/reset-password', (route) => {
      sent = route.request().postDataJSON();
      return route.fulfill({ json: { message: changed } });
    });
    await main(page).getByLabel('Code from the e-mail').fill('123456');
    await main(page).getByLabel('New password').fill('my own long sentence');
    await main(page).getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(sent).toEqual({ resetToken: 'reset-2', otp: 123456, password: 'my own long sentence' });
  });

  test('a 429 shows the server message and counts down its Retry-After', async ({ page }) => {
    await page.clock.install();
    let calls = 0;
    await page.route('**/api/user/forgot-password', (route) => {
      calls += 1;
      return calls === 1
        ? route.fulfill({ status: 429, headers: { 'retry-after': '42' }, json: { message: 'Please wait 42 seconds before asking for another code.' } })
        : route.fulfill({ json: { message: sentCode, resetToken: 'reset-2' } });
    });
    await page.goto('/forgot-password');
    await main(page).getByLabel('Email').fill('meena@example.in');
    await awake(page, 'ForgotPasswordForm');
    // The countdown moves only as the test runs the page's clock, however slow the machine.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await main(page).getByRole('button', { name: 'Send code' }).click();
    await expect(main(page).getByRole('alert')).toHaveText('Please wait 42 seconds before asking for another code.');
    await expect(page.locator('.toast--error')).toHaveText('Please wait 42 seconds before asking for another code.');
    const send = main(page).getByRole('button', { name: /^Send code/ });
    await expect(send).toHaveText(/^Send code in (42|41)s$/);
    await expect(send).toBeDisabled();
    await page.clock.fastForward(20_000);
    await expect(send).toHaveText(/^Send code in (22|21)s$/);
    await page.clock.fastForward(23_000);
    await expect(send).toHaveText('Send code');
    await send.click();
    await expect(main(page).getByRole('status').filter({ hasText: sentCode })).toBeVisible();
  });

  test('a reset that can no longer succeed (410) goes back to asking for a code, with the server message', async ({ page }) => {
    await answerForgot(page);
    await page.route('**/api/user/reset-password', (route) =>
      route.fulfill({ status: 410, json: { message: 'Too many wrong codes. Please ask for a new code.' } }),
    );
    await askForCode(page);
    await main(page).getByLabel('Code from the e-mail').fill('111111');
    await main(page).getByLabel('New password').fill('my own long sentence');
    await main(page).getByRole('button', { name: 'Set new password' }).click();
    await expect(main(page).getByRole('alert')).toHaveText('Too many wrong codes. Please ask for a new code.');
    await expect(page.locator('.toast--error')).toHaveText('Too many wrong codes. Please ask for a new code.');
    await expect(main(page).getByLabel('Email')).toHaveValue('meena@example.in');
    await expect(main(page).getByLabel('Email')).toBeFocused();
    await expect(main(page).getByLabel('Code from the e-mail')).toHaveCount(0);
  });

  test('a signed-in student visiting /forgot-password goes home', async ({ page }) => {
    await page.route('**/api/user/me', (route) => route.fulfill({ json: { user: student } }));
    await page.goto('/about');
    await page.evaluate(() => localStorage.setItem('token', 'token-1'));
    await page.goto('/forgot-password');
    await expect(page).toHaveURL(/\/$/);
  });

  test('an anonymous visitor downloads no React before using the form', async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto('/forgot-password');
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((url) => REACT_SCRIPT.test(url))).toEqual([]);

    await main(page).getByLabel('Email').focus();
    await awake(page, 'ForgotPasswordForm');
    expect(scripts.some((url) => /ForgotPasswordForm/.test(url))).toBe(true);
  });

  for (const viewport of [PHONE, DESKTOP]) {
    test(`axe finds nothing on both steps at ${viewport.width}px, and nothing is wider than the screen`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await answerForgot(page);
      await page.goto('/forgot-password');
      await expectNoViolations(page, `/forgot-password at ${viewport.width}px`);
      await main(page).getByRole('button', { name: 'Send code' }).click();
      await expect(main(page).getByText(/^Please enter (your|a valid) e-mail address/)).toBeVisible();
      await expectNoViolations(page, `/forgot-password with an error at ${viewport.width}px`);

      await main(page).getByLabel('Email').fill('meena@example.in');
      await main(page).getByRole('button', { name: 'Send code' }).click();
      await expect(main(page).getByRole('status').filter({ hasText: sentCode })).toBeVisible();
      await main(page).getByRole('button', { name: 'Set new password' }).click();
      await expect(main(page).getByText('Please enter the 6-digit code from the e-mail.')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectNoViolations(page, `/forgot-password, second step, at ${viewport.width}px`);
    });
  }
});

test.describe('against the real API', () => {
  test.use({ viewport: DESKTOP });

  test('a copied token is refused after logout', async ({ page }) => {
    test.setTimeout(180_000);
    const email = `e2e-logout-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.in`;
    const password = 'a sentence nobody guesses';

    await page.goto('/register');
    await answerAdult(main(page));
    await main(page).getByLabel('Full name').fill('Kavita Rathore');
    await main(page).getByLabel('Email').fill(email);
    await main(page).getByLabel('Password').fill(password);
    await main(page).getByRole('button', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/verify$/);
    await awake(page, 'VerifyForm');
    await main(page)
      .getByLabel('Verification code')
      .fill(await codeFor(email));
    await main(page).getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await main(page).getByLabel('Email').fill(email);
    await main(page).getByLabel('Password').fill(password);
    await main(page).getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/$/);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toMatch(/\S{20,}/);
    expect((await page.request.get('/api/user/me', { headers: { token: token! } })).status(), 'the token works before logout').toBe(200);

    await page.goto('/account');
    await expect(main(page).getByRole('heading', { name: 'My Profile' })).toBeVisible();
    const told = page.waitForResponse('**/api/user/logout');
    await main(page).getByRole('button', { name: 'Logout' }).click();
    expect((await told).status()).toBe(200);
    // The welcome toast of the sign-in may still be showing beside it.
    await expect(page.locator('.toast--success').filter({ hasText: 'Logged out' })).toBeVisible();

    const refused = await page.request.get('/api/user/me', { headers: { token: token! } });
    expect(refused.status(), 'the copied token after logout').toBe(401);
  });
});
