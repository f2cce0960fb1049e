/**
 * What only a browser shows of decision 030: a real browser keeps the device cookie a login sets
 * (HttpOnly, Secure, SameSite=Strict, `__Host-`, on the local server too) and sends it with its
 * next login, so the student gets in on it while strangers' wrong passwords lock the account for
 * every other browser. The counting itself is tested in-process (tests/functions/lockouts.test.ts).
 */
import type { Page } from '@playwright/test';
import { hashPassword } from '../../functions/_shared/auth/password';
import { withDatabase } from './database';
import { expect, test } from './fixtures';

const uniqueTag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const address = () => `198.18.${1 + Math.floor(Math.random() * 254)}.${1 + Math.floor(Math.random() * 254)}`;

/** Logs in through the /login form; the answer the page shows. */
async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  const main = page.getByRole('main');
  await main.getByLabel('Email').fill(email);
  await main.getByLabel('Password').fill(password);
  await main.getByRole('button', { name: 'Login' }).click();
}

test('a browser that logged in before gets in while strangers’ wrong passwords lock the account everywhere else', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': address() });
  const email = `trusted-${uniqueTag()}@example.in`;
  const password = 'correct horse battery';
  await withDatabase((sql) =>
    hashPassword(password).then((hash) => sql(`insert into users (name, email, password_hash) values ('Kavita Soni', $1, $2)`, [email, hash])),
  );

  await test.step('the first login leaves a device cookie the page cannot read', async () => {
    await logIn(page, email, password);
    await expect(page).toHaveURL(/\/$/);
    const device = (await page.context().cookies()).find((c) => c.name === '__Host-device');
    expect(device).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('__Host-device');
    await page.evaluate(() => localStorage.clear());
  });

  await test.step('a stranger’s wrong password, then the account locked as a hundred from ten networks leave it', async () => {
    const stranger = address();
    const wrong = await page.request.fetch('/api/user/login', {
      method: 'POST',
      data: { email, password: 'a stranger guessing' },
      headers: { 'x-forwarded-for': stranger, cookie: '' },
    });
    expect(wrong.status()).toBe(401);
    await withDatabase(async (sql) => {
      // The account's key, read from the stranger's row (the keys are keyed hashes).
      const [row] = await sql<{ key: string }>(`select key from rate_limits where key like $1`, [`login-failures:email-address#%@${stranger}`]);
      const hash = row!.key.slice(row!.key.indexOf('#') + 1, row!.key.lastIndexOf('@'));
      // Far past any allowance, for an hour (longer than this test).
      await sql(
        `insert into rate_limits (key, window_start, hits, window_seconds) values ($1, now(), 1000000, 3600)
         on conflict (key) do update set window_start = now(), hits = 1000000, window_seconds = 3600`,
        [`login-failures:email#${hash}`],
      );
    });
  });

  await test.step('another browser with the right password is refused in words', async () => {
    const other = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': address() } });
    const otherPage = await other.newPage();
    const refused = await other.request.post('/api/user/login', { data: { email, password } });
    expect(refused.status()).toBe(429);
    await logIn(otherPage, email, password);
    await expect(otherPage.getByRole('main').getByRole('alert').filter({ hasText: /\S/ })).toHaveText(((await refused.json()) as { message: string }).message);
    await other.close();
  });

  await test.step('the browser that logged in before gets in', async () => {
    await logIn(page, email, password);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('status').filter({ hasText: 'Welcome back, Kavita Soni!' })).toBeVisible();
  });
});
