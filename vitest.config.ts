/**
 * Three projects: `unit` (content schemas through `astro sync` on a broken copy of content/, the
 * Netlify configuration, pure modules), `functions` (function bundles called in this process on a
 * database of their own: the outbox, site-wide ceilings, round trips, configuration) and `api`
 * (every endpoint through real HTTP requests to `npm start`'s server, once on the embedded PGlite
 * database and once on a real PostgreSQL server, both started by tests/api/global-setup.ts). Browser tests live in tests/e2e and run under Playwright.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          // The one build case runs `astro sync` in a child process (3–5 s on a busy 2-core machine).
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
        // The content schemas import `astro:content`, which exists only in an Astro build.
        resolve: { alias: { 'astro:content': fileURLToPath(new URL('tests/support/astro-content.ts', import.meta.url)) } },
      },
      {
        test: {
          name: 'functions',
          include: ['tests/functions/**/*.test.ts'],
          // Each file bundles its functions and opens a database of its own (a few seconds).
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/api/global-setup.ts'],
          // @netlify/dev starts a fresh worker per function call: about 0.3 s each, more under load.
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
