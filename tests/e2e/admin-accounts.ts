/**
 * Staff accounts of the browser tests. The demo admin is made by the test server on its first
 * start with DEMO_ADMIN's password (DEMO_ADMIN_PASSWORD in playwright.config.ts), signed in once
 * by tests/e2e/admin.setup.ts; its session (cookie and the `adminToken` marker) and its
 * authenticator secret are kept in the run's data folder (E2E_DATA_DIR). Plain values only here:
 * playwright.config.ts imports this file.
 */
import path from 'node:path';

/** The demo admin (local only; the password is a fixed test value). */
export const DEMO_ADMIN = { name: 'Demo Admin', email: 'admin@demo.local', password: 'Demo-admin-test-pass-2026' };

/** The run's data folder (a fresh temporary folder, set by playwright.config.ts). */
const dataDir = () => {
  const dir = process.env['E2E_DATA_DIR'];
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the tests through playwright.config.ts');
  return dir;
};

/** Where the demo admin's browser session (Playwright storageState) is kept. */
export const adminStatePath = () => path.join(dataDir(), 'admin-state.json');

/** Where the demo admin's authenticator secret and recovery codes are kept. */
export const adminSecretsPath = () => path.join(dataDir(), 'admin-secrets.json');
