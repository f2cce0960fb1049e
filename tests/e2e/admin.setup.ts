/**
 * Signs in as the demo admin once per run, through the real /adminLogin: password, then setting
 * up the authenticator (the key read from the page; the QR code shown as a picture), the 10
 * recovery codes saved. The session (the HttpOnly cookie and the `adminToken` marker) goes to
 * admin-state.json for every admin spec; the secret and codes to admin-secrets.json.
 */
import { writeFile } from 'node:fs/promises';
import { adminSecretsPath, adminStatePath, DEMO_ADMIN } from './admin-accounts';
import { expect, signInFirstTime, test as setup } from './admin-fixtures';

setup('sign in as the demo admin, setting up the authenticator', async ({ page }) => {
  const secrets = await signInFirstTime(page, DEMO_ADMIN);
  expect(secrets.recoveryCodes).toHaveLength(10);
  expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBe('signed-in');
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === '__Host-staff');
  expect(session, 'the session cookie').toBeDefined();
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe('Strict');
  await page.context().storageState({ path: adminStatePath() });
  await writeFile(adminSecretsPath(), JSON.stringify(secrets));
});
