/**
 * What the staff admin specs share: a `test` whose every test poses as a client of its own (the
 * API's per-address limits never meet the suite), the demo admin's authenticator secret, colleagues
 * invited for the tests that sign in or out (an account each, so no test ends another's session and
 * no two sign in with one authenticator code), and the sign-in through the real /adminLogin.
 */
import { readFile } from 'node:fs/promises';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { adminSecretsPath, adminStatePath } from './admin-accounts';
import { watchPage } from './diagnostics';
import { invitationLink } from './outbox';

/** A made-up client address in 198.18.0.0/15 (benchmarking range), one per test. */
export const clientAddress = () => `198.18.${1 + Math.floor(Math.random() * 254)}.${1 + Math.floor(Math.random() * 254)}`;

export const test = base.extend<{ ownAddress: void; adminApi: APIRequestContext }>({
  // A failed test prints what its page showed (tests/e2e/diagnostics.ts).
  page: async ({ page }, use, testInfo) => watchPage(page, use, testInfo),
  ownAddress: [
    async ({ page }, use) => {
      await page.setExtraHTTPHeaders({ 'x-forwarded-for': clientAddress() });
      await use();
    },
    { auto: true },
  ],
  /** The API as the demo admin (its cookie), whatever the page's own session is. */
  adminApi: async ({ playwright, baseURL }, use) => {
    const api = await playwright.request.newContext({
      baseURL: baseURL ?? '',
      storageState: adminStatePath(),
      extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
    });
    await use(api);
    await api.dispose();
  },
});

export { expect };

/** What admin.setup.ts kept of the demo admin's enrolment. */
export interface AdminSecrets {
  secret: string;
  recoveryCodes: string[];
}

/** Letters only (names take no digits), capitalised, different in every run: 'Kbqcdfa'. */
export const uniqueLetters = () =>
  `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!).replace(/^./, (c) => c.toUpperCase());

/** The demo admin's authenticator secret and recovery codes. */
export const adminSecrets = async (): Promise<AdminSecrets> => JSON.parse(await readFile(adminSecretsPath(), 'utf8')) as AdminSecrets;

/**
 * The code an authenticator app shows for `secret`, `steps` 30-second steps from now. A code is
 * accepted once per account and only for a step later than the last one used; the server allows
 * one step of drift, so `steps: 1` gives a second sign-in within the same half minute.
 */
export const totp = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** A colleague of the tests: an account of their own, password set, no authenticator yet. */
export interface Colleague {
  name: string;
  email: string;
  password: string;
}

let made = 0;

/**
 * Invites a colleague as the demo admin (POST /api/admin/staff with the admin's cookie, which
 * `request` carries in the admin project), reads the link from the outbox and sets the password
 * through the invitation endpoint. `label` (letters only) makes the name and address readable;
 * `role` is what they may do (a Counsellor unless given).
 */
export async function inviteColleague(
  request: APIRequestContext,
  label: string,
  role: 'owner' | 'counsellor' | 'accountant' | 'teacher' = 'counsellor',
): Promise<Colleague> {
  made += 1;
  const unique = `${Date.now().toString(36)}${made}${Math.random().toString(36).slice(2, 6)}`;
  const colleague = { name: `Tester ${label}`, email: `staff-${label.toLowerCase()}-${unique}@example.in`, password: `Tally prime batch ${unique} Sojat` };
  const headers = { 'x-forwarded-for': clientAddress() };
  const invited = await request.post('/api/admin/staff', { data: { name: colleague.name, email: colleague.email, role }, headers });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = new URL(await invitationLink(colleague.email)).hash.replace(/^#token=/, '');
  const accepted = await request.post('/api/admin/invitation', { data: { token, password: colleague.password }, headers });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return colleague;
}

/** Types e-mail and password into /adminLogin and sends them. */
export async function passwordStep(page: Page, account: { email: string; password: string }) {
  await page.goto('/adminLogin');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/**
 * A first sign-in through the page: password, the QR code's key read from the page, the app's
 * code, the recovery codes saved. Ends in the admin app; returns the secret and the codes.
 */
export async function signInFirstTime(page: Page, account: { email: string; password: string }): Promise<AdminSecrets> {
  await passwordStep(page, account);
  await expect(page.getByRole('heading', { name: 'Set up your authenticator app' })).toBeVisible();
  const secret = ((await page.locator('.admin-signin__secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel('Code from the app').fill(await totp(secret));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  const recoveryCodes = (await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents()).map((c) => c.trim());
  await page.getByLabel('I have saved my recovery codes').check();
  await page.getByRole('button', { name: 'Continue to the admin panel' }).click();
  await page.waitForURL('**/adminPanel');
  return { secret, recoveryCodes };
}

/** Signs in through the page with a code (or a recovery code); ends in the admin app. */
export async function signInWithCode(page: Page, account: { email: string; password: string }, code: string) {
  await passwordStep(page, account);
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/adminPanel');
}

/** The admin app's panel heading (its one h1), once the app has checked the session. */
export const panelHeading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });

/** Signed out of every staff session: for the sign-in tests, which start as a stranger. */
export const SIGNED_OUT = { cookies: [], origins: [] };
