/**
 * Browser tests (tests/e2e) against the real server: `npm start`'s code serving the built dist/
 * with its functions, on port 8899 (or E2E_PORT) so a developer's server on 8888 is left alone. Build first
 * (`npm test` does). Chromium comes from Debian (Playwright cannot download its own here).
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { adminStatePath, DEMO_ADMIN } from './tests/e2e/admin-accounts';

// The test server gets a database and a mail outbox of its own, fresh for each run, so it never
// opens the embedded database a developer's `npm start` has open, and every run starts empty.
// (Workers load this file again and inherit the variable, so the folder is made once.)
process.env['E2E_DATA_DIR'] ??= mkdtempSync(path.join(os.tmpdir(), 'institute-e2e-'));
const dataDir = process.env['E2E_DATA_DIR'];

// E2E_PORT lets two checkouts run their browser tests side by side.
const port = Number(process.env['E2E_PORT'] ?? 8899);
const baseURL = `http://127.0.0.1:${port}`;

/** Chromium from Debian, with everything that would reach the internet switched off. */
const launchOptions = {
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-dev-shm-usage',
  ],
};
/** The phone the admin specs use. */
const PHONE = { width: 360, height: 740 };
/** The specs run as staff (the demo admin's session and colleagues it invites): the admin specs, the classes' and fees' journeys, a guardian's consent and people's data rights. */
const STAFF_SPECS = /(admin[^/]*|classes-journey|fees-journey|guardian-consent|data-rights)\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env['CI']),
  // Two on two cores. Three looked faster on axe alone (48 pages at 360 px: 133 s with 2, 89 s
  // with 3), but the whole run took longer (1,427 s against 1,226 s): the staff journeys slow down
  // more than the rest gains.
  workers: 2,
  retries: 0,
  // Timeouts for a slow 2-core machine, not a fast one: they only decide how long a failing test
  // takes to say so (a passing test waits for what it checks, never for a time). At 60 s a
  // test timed out on a 2-core machine shared with other work (axe on `/` with its animations,
  // the login dialog) although nothing was wrong. A test that needs more says so itself.
  timeout: 120_000,
  // Pages wake their islands on a touch and the forms upload real files: generous on a busy
  // 2-core machine, where the Lighthouse-free run shares the CPU with the server.
  expect: { timeout: 30_000 },
  outputDir: 'test-results/playwright',
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL,
    actionTimeout: 20_000,
    navigationTimeout: 45_000,
    // No traces: recording one for every test doubled the time of the page specs (routes and
    // links: 396 s of test time with traces, 204 s without). A failure prints what its page
    // showed (tests/e2e/diagnostics.ts) and keeps a screenshot; to see its trace, run that test
    // again with `--trace on`.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: [STAFF_SPECS, /admin\.setup\.ts$/],
      use: { ...devices['Desktop Chrome'], launchOptions },
    },
    // The staff admin specs sign in as the demo admin once, here, through the real /adminLogin
    // (authenticator enrolment included); its cookie is kept and reused by every admin test.
    // The test server makes the demo admin with DEMO_ADMIN's password on its first start.
    {
      name: 'admin-setup',
      testMatch: /admin\.setup\.ts$/,
      use: { ...devices['Desktop Chrome'], launchOptions, viewport: PHONE },
    },
    // The staff admin, on a phone, signed in as the demo admin unless a test says otherwise.
    {
      name: 'admin',
      testMatch: STAFF_SPECS,
      dependencies: ['admin-setup'],
      use: { ...devices['Desktop Chrome'], launchOptions, viewport: PHONE, storageState: adminStatePath() },
    },
  ],
  webServer: {
    command: 'node scripts/start.mjs --no-build --no-watch',
    url: `${baseURL}/`,
    // TRUST_FORWARDED_FOR lets a test pose as its own visitor (X-Forwarded-For), so the
    // per-address rate limits of the API do not trip over a whole suite coming from 127.0.0.1.
    env: {
      PORT: String(port),
      PGLITE_DIR: path.join(dataDir, 'pglite'),
      // Where the embedded database listens, for the specs that write rows no endpoint makes (tests/e2e/database.ts).
      DATABASE_URL_FILE: path.join(dataDir, 'database-url'),
      OUTBOX_DIR: path.join(dataDir, 'outbox'),
      TRUST_FORWARDED_FOR: '1',
      DEMO_ADMIN_PASSWORD: DEMO_ADMIN.password,
      // The browser tests start without the sample question bank; a spec that wants it loads it
      // itself (insertSampleBank in scripts/sample-bank.mjs).
      SAMPLE_BANK: 'off',
    },
    reuseExistingServer: false,
    // The server bundles every function before it listens: about a minute on 2 free cores, and
    // well over two when other work shares the machine.
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
