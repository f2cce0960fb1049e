/**
 * Student accounts in the browser (document 001, sections 2, 4, 5 and 8): the login dialog and
 * the header's sign-in state, registration, the one-time code, the account page, the guarded and
 * dynamic routes, and what an anonymous visitor downloads. The journey runs against the real API
 * and reads the code from the test server's mail outbox; the other tests answer single calls in
 * the browser (page.route) to reach states the real API gives only slowly or rarely.
 */
import type { Browser, Page } from '@playwright/test';
import { RESEND_COOLDOWN_SECONDS } from '../../src/lib/schemas/user';
import { expectNoViolations } from './axe';
import { awake, expect, gate, recordScripts, test, answerAdult } from './fixtures';
import { codeFor } from './outbox';

const DESKTOP = { width: 1280, height: 800 };
/** Just past the wait between two codes (ms). */
const pastCooldown = (RESEND_COOLDOWN_SECONDS + 1) * 1000;

/** Scripts that mean React (or an account island) was downloaded. */
const REACT_SCRIPT = /\/_astro\/(client\.|react|jsx-runtime|HeaderAuth|LoginDialog|LoginForm|RegisterForm|VerifyForm|ForgotPasswordForm|AccountProfile)/;

/** Each test poses as a client of its own, so the API's per-address limits never meet the suite. */
test.beforeEach(async ({ page }) => {
  const byte = () => 1 + Math.floor(Math.random() * 254);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.19.${byte()}.${byte()}` });
});

const loginDialog = (page: Page) => page.getByRole('dialog', { name: 'Login to Your Account' });
const banner = (page: Page) => page.getByRole('banner');

/** A page in a fresh browser context (its own storage) at desktop width. */
async function freshPage(browser: Browser) {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.route('**/api/marquee', (route) => route.fulfill({ json: [] }));
  await page.route('**/api/visitor', (route) => route.fulfill({ json: { count: 1 } }));
  return { context, page };
}

test.describe('an anonymous visitor', () => {
  test.use({ viewport: DESKTOP });

  test('downloads no React on informational pages, /course-list, /register, /verify and /forgot-password', async ({ page }) => {
    const scripts = recordScripts(page);
    for (const path of ['/', '/about', '/course-list', '/register', '/verify', '/forgot-password']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(scripts.filter((url) => REACT_SCRIPT.test(url))).toEqual([]);
    // The header's island is there, but was never woken: still the server's Student Login.
    await expect(banner(page).getByRole('link', { name: 'Student Login' })).toHaveAttribute('href', '/login');
    await expect(page.locator('astro-island[client="session"]').first()).toHaveAttribute('ssr', '');
  });

  test('Student Login opens the login dialog without leaving the page; × and Escape close it', async ({ page }) => {
    await page.goto('/about');
    const studentLogin = banner(page).getByRole('link', { name: 'Student Login' });
    await studentLogin.click();
    const dialog = loginDialog(page);
    await expect(dialog).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/about');
    await expect(dialog.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(dialog.getByLabel('Password')).toHaveAttribute('type', 'password');
    await expect(dialog.getByRole('button', { name: 'Login' })).toBeEnabled();
    await expect(dialog.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    await expect(dialog.getByText('Design & Developed by Technical Team')).toBeVisible();
    await expectNoViolations(page, 'the open login dialog');

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    expect(new URL(page.url()).pathname).toBe('/about');
    await studentLogin.focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(studentLogin).toBeFocused();
  });

  test('a failed login shows Please Wait..., then the server message, keeping the e-mail', async ({ page }) => {
    // The real API answers, once the test has seen the waiting state.
    const held = gate();
    await page.route('**/api/user/login', async (route) => {
      await held.wait;
      await route.continue();
    });
    await page.goto('/');
    await banner(page).getByRole('link', { name: 'Student Login' }).click();
    const dialog = loginDialog(page);
    await dialog.getByLabel('Email').fill('nobody-here@example.in');
    await dialog.getByLabel('Password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Login' }).click();
    await expect(dialog.getByRole('button', { name: 'Please Wait...' })).toBeDisabled();
    held.release();
    await expect(dialog.getByRole('alert')).toHaveText('Incorrect email or password.');
    await expect(page.locator('.toast--error')).toHaveText('Incorrect email or password.');
    await expect(dialog.getByLabel('Email')).toHaveValue('nobody-here@example.in');
    await expect(dialog.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('the login form checks its fields before sending', async ({ page }) => {
    let called = false;
    await page.route('**/api/user/login', (route) => {
      called = true;
      return route.abort();
    });
    await page.goto('/login');
    const form = page.getByRole('main').locator('form');
    await form.getByLabel('Email').fill('not-an-address');
    await form.getByRole('button', { name: 'Login' }).click();
    await expect(form.getByText('Please enter a valid e-mail address, like name@example.com.')).toBeVisible();
    await expect(form.getByText('Please enter your password.')).toBeVisible();
    expect(called).toBe(false);
  });

  test('/login shows the login screen; its close button and the dialog on it lead home', async ({ page }) => {
    await page.goto('/login');
    const main = page.getByRole('main');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Login to Your Account');
    await expect(main.getByLabel('Email')).toBeVisible();
    await expect(main.getByLabel('Password')).toBeVisible();
    await expect(main.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    await expect(main.getByText('Design & Developed by Technical Team')).toBeVisible();
    await main.getByRole('link', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/login');
    await banner(page).getByRole('link', { name: 'Student Login' }).click();
    await expect(loginDialog(page)).toBeVisible();
    await loginDialog(page).getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  for (const path of ['/account', '/course/web-101', '/payment-success/PAY-2026-00042']) {
    test(`${path} opens the login dialog, and closing it goes home`, async ({ page }) => {
      await page.goto(path);
      const dialog = loginDialog(page);
      await expect(dialog).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Please log in' })).toBeAttached();
      await expect(page.getByText('Payment Successful')).toBeHidden();
      await expect(page.getByText('My Profile')).toHaveCount(0);
      if (path === '/account') await dialog.getByRole('button', { name: 'Close' }).click();
      else await page.keyboard.press('Escape');
      await expect(page).toHaveURL(/\/$/);
    });
  }

  test('a token the server refuses is dropped: Student Login stays, /account asks to log in', async ({ page }) => {
    await page.goto('/about');
    await page.evaluate(() => localStorage.setItem('token', 'not-a-real-token'));
    const refused = page.waitForResponse('**/api/user/me', { timeout: 45_000 });
    await page.reload();
    expect((await refused).status()).toBe(401);
    await expect(banner(page).getByRole('link', { name: 'Student Login' })).toBeVisible();
    await expect(banner(page).getByRole('link', { name: 'Account', exact: true })).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await page.evaluate(() => localStorage.setItem('token', 'not-a-real-token'));
    await page.goto('/account');
    await expect(loginDialog(page)).toBeVisible();
  });

  test('/verify without a waiting registration explains how to get a code', async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto('/verify');
    const main = page.getByRole('main');
    await expect(main.getByText('There is no registration waiting for a code in this browser.')).toBeVisible();
    await expect(main.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    await expect(main.getByLabel('Verification code')).toBeHidden();
    expect(scripts.filter((url) => REACT_SCRIPT.test(url))).toEqual([]);
  });
});

test.describe('forms answered in the browser', () => {
  test.use({ viewport: DESKTOP });

  test('register: Please Wait..., then the server message, values kept', async ({ page }) => {
    const held = gate();
    await page.route('**/api/user/register', async (route) => {
      await held.wait;
      await route.fulfill({ status: 409, json: { message: 'An account with this email already exists. Please log in.' } });
    });
    await page.goto('/register');
    const main = page.getByRole('main');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create Your Account');
    await answerAdult(main);
    await main.getByLabel('Full name').fill('Meena Kumari');
    await main.getByLabel('Email').fill('meena@example.in');
    await main.getByLabel('Password').fill('a long password');
    await main.getByRole('button', { name: 'Register' }).click();
    await expect(main.getByRole('button', { name: 'Please Wait...' })).toBeDisabled();
    held.release();
    await expect(page.locator('.toast--error')).toHaveText('An account with this email already exists. Please log in.');
    await expect(main.getByRole('alert')).toHaveText('An account with this email already exists. Please log in.');
    await expect(main.getByLabel('Full name')).toHaveValue('Meena Kumari');
    await expect(main.getByLabel('Password')).toHaveValue('a long password');
    await expect(page).toHaveURL(/\/register$/);
    expect(await page.evaluate(() => localStorage.getItem('activationToken'))).toBeNull();
  });

  test('register: a form sent before its code has arrived is sent once it has, with what was typed', async ({ page }) => {
    // The form's code is held back, as on a slow connection, while the visitor fills it in and
    // presses Enter.
    const code = gate();
    await page.route('**/_astro/RegisterForm.*.js', async (route) => {
      await code.wait;
      await route.continue();
    });
    let sent: unknown;
    await page.route('**/api/user/register', async (route) => {
      sent = route.request().postDataJSON();
      await route.fulfill({ status: 409, json: { message: 'An account with this email already exists. Please log in.' } });
    });
    await page.goto('/register');
    const main = page.getByRole('main');
    await answerAdult(main);
    await main.getByLabel('Full name').fill('Meena Kumari');
    await main.getByLabel('Email').fill('meena@example.in');
    await main.getByLabel('Password').fill('a long password');
    // The submission is seen where it ends (the window, after the page's own handlers).
    await page.evaluate(() => addEventListener('submit', (event) => sessionStorage.setItem('submitHeld', String(event.defaultPrevented)), { once: true }));
    await main.getByLabel('Password').press('Enter');
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('submitHeld')), 'held back, not sent as a page request').toBe('true');
    expect(sent, 'nothing is sent without the form code').toBeUndefined();
    await expect(page).toHaveURL(/\/register$/);

    code.release();
    await expect(page.locator('.toast--error')).toHaveText('An account with this email already exists. Please log in.');
    expect(sent).toEqual({ age: 'adult', name: 'Meena Kumari', email: 'meena@example.in', password: 'a long password' });
    await expect(page).toHaveURL(/\/register$/);
  });

  test('register: close goes home, Login opens the login dialog', async ({ page }) => {
    await page.goto('/register');
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Login' }).click();
    await expect(loginDialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await main.getByRole('link', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('verify: resend after the countdown, Sending..., a new token and a new countdown; failures', async ({ page }) => {
    await page.clock.install();
    await page.goto('/about');
    await page.evaluate(() => localStorage.setItem('activationToken', 'first-token'));
    await page.goto('/verify');
    await awake(page, 'VerifyForm');
    // From here the page's time moves only as the test runs it, so the countdown read below is
    // exact however long the machine takes between two steps.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    const main = page.getByRole('main');
    const code = main.getByLabel('Verification code');
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(main.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    const resend = main.getByRole('button', { name: /^Resend OTP/ });
    const secondsLeft = async () => Number(/in (\d+)s$/.exec((await resend.textContent()) ?? '')?.[1] ?? 0);
    await expect(resend).toHaveText(/^Resend OTP in \d+s$/);
    await expect(resend).toBeDisabled();

    let sent: unknown;
    const held = gate();
    await page.route('**/api/user/resend-otp', async (route) => {
      sent = route.request().postDataJSON();
      await held.wait;
      await route.fulfill({ json: { message: 'We have sent a new 6-digit code to meena@example.in.', activationToken: 'second-token' } });
    });
    await page.clock.fastForward(pastCooldown);
    await expect(resend).toHaveText('Resend OTP');
    await resend.click();
    await expect(main.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    held.release();
    await expect(page.locator('.toast--success')).toHaveText('We have sent a new 6-digit code to meena@example.in.');
    expect(sent).toEqual({ activationToken: 'first-token' });
    await expect.poll(() => page.evaluate(() => localStorage.getItem('activationToken'))).toBe('second-token');
    await expect(resend).toBeDisabled();
    expect(await secondsLeft()).toBeGreaterThan(50);

    // A failure without a message falls back to the spec's text.
    await page.unroute('**/api/user/resend-otp');
    await page.route('**/api/user/resend-otp', (route) => route.fulfill({ status: 500, json: {} }));
    await page.clock.fastForward(pastCooldown);
    await resend.click();
    await expect(page.locator('.toast--error')).toHaveText('Failed to resend OTP');

    // A verification failure without a message: 'Something went wrong'.
    await page.route('**/api/user/verify', (route) => route.fulfill({ status: 500, json: {} }));
    await code.fill('123456');
    await main.getByRole('button', { name: 'Verify' }).click();
    await expect(main.getByRole('alert')).toHaveText('Something went wrong');
  });

  test('verify: the code is required and numeric, and is sent as a number', async ({ page }) => {
    await page.goto('/about');
    await page.evaluate(() => localStorage.setItem('activationToken', 'some-token'));
    let sent: unknown;
    await page.route('**/api/user/verify', (route) => {
      sent = route.request().postDataJSON();
      return route.fulfill({ status: 400, json: { message: 'That code is not correct. You have 4 attempts left.' } });
    });
    await page.goto('/verify');
    await awake(page, 'VerifyForm');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Verify' }).click();
    await expect(main.getByText('Please enter the 6-digit code from the e-mail.')).toBeVisible();
    await main.getByLabel('Verification code').fill('012345');
    await main.getByRole('button', { name: 'Verify' }).click();
    await expect(main.getByRole('alert')).toHaveText('That code is not correct. You have 4 attempts left.');
    expect(sent).toEqual({ otp: 12345, activationToken: 'some-token' });
    await expectNoViolations(page, '/verify with its form');
  });
});

test.describe('the whole journey against the real API', () => {
  test.use({ viewport: DESKTOP });

  test('register, verify by e-mailed code, log in, stay signed in, guarded pages, log out', async ({ page, context }) => {
    test.setTimeout(240_000);
    const email = `e2e-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.in`;
    const name = 'Asha Verma';
    const password = 'correct horse battery';

    await test.step('register: /verify with the server message, activationToken stored', async () => {
      await page.goto('/register');
      const main = page.getByRole('main');
      await answerAdult(main);
      await main.getByLabel('Full name').fill(name);
      await main.getByLabel('Email').fill(email);
      await main.getByLabel('Password').fill(password);
      await main.getByRole('button', { name: 'Register' }).click();
      await expect(page).toHaveURL(/\/verify$/);
      await awake(page, 'VerifyForm');
      await expect(page.getByRole('status').filter({ hasText: `We have sent a 6-digit code to ${email}` })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('activationToken'))).toMatch(/\S{20,}/);
    });

    await test.step('verify: the resend countdown runs and keeps the button disabled', async () => {
      const resend = page.getByRole('main').getByRole('button', { name: /^Resend OTP in \d+s$/ });
      await expect(resend).toBeDisabled();
      const first = Number(/(\d+)s/.exec((await resend.textContent()) ?? '')?.[1]);
      // Counting down from the cooldown (how far it got depends on how fast the machine reached here).
      expect(first).toBeGreaterThan(1);
      expect(first).toBeLessThanOrEqual(RESEND_COOLDOWN_SECONDS);
      await expect.poll(async () => Number(/(\d+)s/.exec((await resend.textContent()) ?? '')?.[1])).toBeLessThan(first);
    });

    await test.step('verify: asking again inside the server cooldown shows its wait, counting down', async () => {
      // A second tab with a clock sped past the browser's countdown: the server still refuses.
      const other = await context.newPage();
      await other.route('**/api/marquee', (route) => route.fulfill({ json: [] }));
      await other.route('**/api/visitor', (route) => route.fulfill({ json: { count: 1 } }));
      await other.clock.install();
      await other.goto('/verify');
      await awake(other, 'VerifyForm');
      const resend = other.getByRole('main').getByRole('button', { name: /^Resend OTP/ });
      await expect(resend).toBeDisabled();
      await other.clock.fastForward(pastCooldown);
      await expect(resend).toHaveText('Resend OTP');
      await resend.click();
      await expect(other.locator('.toast--error')).toHaveText(/^Please wait \d+ seconds? before asking for another code\.$/);
      await expect(resend).toHaveText(/^Resend OTP in \d+s$/);
      await expect(resend).toBeDisabled();
      await other.close();
    });

    await test.step('verify: a wrong code gets the server message', async () => {
      const main = page.getByRole('main');
      const right = await codeFor(email);
      const wrong = right === '000000' ? '111111' : '000000';
      await main.getByLabel('Verification code').fill(wrong);
      await main.getByRole('button', { name: 'Verify' }).click();
      await expect(main.getByRole('alert')).toHaveText('That code is not correct. You have 4 attempts left.');
      await expect(page.locator('.toast--error')).toHaveText('That code is not correct. You have 4 attempts left.');
    });

    await test.step('verify: the right code clears storage and leads to /login', async () => {
      const main = page.getByRole('main');
      await main.getByLabel('Verification code').fill(await codeFor(email));
      await main.getByRole('button', { name: 'Verify' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('status').filter({ hasText: 'Your account is verified. Please log in.' })).toBeVisible();
      expect(await page.evaluate(() => localStorage.length)).toBe(0);
    });

    await test.step('log in: home, the welcome message, Account in the header', async () => {
      const main = page.getByRole('main');
      await main.getByLabel('Email').fill(email);
      await main.getByLabel('Password').fill(password);
      await main.getByRole('button', { name: 'Login' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('status').filter({ hasText: `Welcome back, ${name}!` })).toBeVisible();
      await expect(banner(page).getByRole('link', { name: 'Account', exact: true })).toHaveAttribute('href', '/account');
      await expect(banner(page).getByRole('link', { name: 'Student Login' })).toHaveCount(0);
      await expect(page.locator('.mobile-menu a[data-auth-link]')).toHaveText('Account');
      expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/\S{20,}/);
    });

    await test.step('a reload keeps the session', async () => {
      await page.goto('/about');
      await expect(banner(page).getByRole('link', { name: 'Account', exact: true })).toBeVisible();
    });

    await test.step('/account shows My Profile with the name, e-mail, DashBoard and Logout', async () => {
      await page.goto('/account');
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { name: 'My Profile' })).toBeVisible();
      await expect(main.getByText(name, { exact: true })).toBeVisible();
      await expect(main.getByText(email, { exact: true })).toBeVisible();
      await expect(main.getByRole('link', { name: 'DashBoard' })).toHaveAttribute('href', '/course-list');
      await expect(loginDialog(page)).toBeHidden();
      await expectNoViolations(page, '/account signed in');
    });

    await test.step('guarded pages show their content, with the id from the address', async () => {
      // The course itself is answered in the browser (public-records.spec.ts covers the page).
      await page.route('**/api/courses/5', (route) =>
        route.fulfill({
          json: {
            _id: '5',
            title: 'RS-CIT',
            category: 'Digital Literacy',
            price: 4200,
            duration: '3 months',
            description: 'The state IT certificate.',
            image: '/logo.svg',
            version: 1,
            createdAt: '2026-11-18T09:15:00.000Z',
            updatedAt: '2026-11-18T09:15:00.000Z',
          },
        }),
      );
      await page.goto('/course/5');
      await expect(page.getByRole('heading', { name: 'RS-CIT', level: 2 })).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'See all courses' })).toHaveAttribute('href', '/course-list');
      await page.goto('/payment-success/PAY-2026-00042');
      const main = page.getByRole('main');
      // No payment of this account has that id: a clear not-found, never a fixed "Payment Successful".
      await expect(main.getByRole('heading', { name: 'Payment not found' })).toBeVisible();
      await expect(main.getByText('We could not find this payment in your account.')).toBeVisible();
      await expect(main.getByText('Payment Successful')).toHaveCount(0);
      await expect(main.getByRole('link', { name: 'Go To Dashboard' })).toHaveAttribute('href', '/account');
      await expect(loginDialog(page)).toBeHidden();
    });

    await test.step('/register and /verify go home when signed in', async () => {
      await page.goto('/register');
      await expect(page).toHaveURL(/\/$/);
      await page.goto('/verify');
      await expect(page).toHaveURL(/\/$/);
    });

    await test.step('log out: Logged out, all storage cleared, Student Login again', async () => {
      await page.goto('/account');
      const main = page.getByRole('main');
      await main.getByRole('button', { name: 'Logout' }).click();
      // The welcome toast of the sign-in may still be showing beside it.
      await expect(page.locator('.toast--success').filter({ hasText: 'Logged out' })).toBeVisible();
      await expect(banner(page).getByRole('link', { name: 'Student Login' })).toHaveAttribute('href', '/login');
      await expect(main.getByRole('heading', { name: 'My Profile' })).toHaveCount(0);
      await expect(main.getByRole('heading', { name: 'Please log in' })).toBeVisible();
      await expect(loginDialog(page)).toBeHidden();
      expect(await page.evaluate(() => localStorage.length)).toBe(0);
      await page.goto('/');
      await expect(banner(page).getByRole('link', { name: 'Student Login' })).toBeVisible();
    });
  });
});

test.describe('pages with a segment from the address', () => {
  test('the loader goes on to a same-site path after about three seconds', async ({ page }) => {
    // The page's clock, stopped before it loads: its three seconds are the page's own time, run
    // by the test, so a busy machine neither shortens nor stretches them.
    const start = Date.parse('2026-11-20T10:00:00+05:30');
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 1_000);
    await page.goto('/loading/coursePage');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Loading…');
    await expect(page.getByRole('main').getByRole('link', { name: '/coursePage' })).toHaveAttribute('href', '/coursePage');
    await page.clock.runFor(2_900);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Loading…');
    expect(new URL(page.url()).pathname).toBe('/loading/coursePage');
    await page.clock.runFor(200);
    await page.waitForURL((url) => url.pathname === '/coursePage');
  });

  test('the loader never leaves the site', async ({ browser }) => {
    const { context, page } = await freshPage(browser);
    // The loader's three seconds run on the page's clock, not the test's.
    await page.clock.install();
    for (const [from, to] of [
      ['/loading/https:%2F%2Fevil.example', '/'],
      ['/loading/..%2F..%2Fetc', '/'],
      ['/loading/evil.example', '/'],
      ['/loading//evil', '/evil'],
    ] as const) {
      await page.goto(from);
      await page.clock.runFor(3_100);
      await page.waitForURL((url) => url.pathname !== new URL(from, 'http://x').pathname, { waitUntil: 'commit' });
      const url = new URL(page.url());
      expect(url.origin, from).toBe(new URL(test.info().project.use.baseURL!).origin);
      expect(url.pathname, from).toBe(to);
    }
    await context.close();
  });

  test('/player/{courseID} names the course', async ({ page }) => {
    await page.goto('/player/web-101');
    await expect(page.getByRole('heading', { name: 'Course web-101' })).toBeVisible();
  });
});
