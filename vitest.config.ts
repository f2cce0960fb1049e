/**
 * The projects: `unit` (pure modules, content schemas parsed in this process, the Netlify
 * configuration), `functions` (function bundles called in this process on a database of their
 * own, where a test needs more than requests: the mail made to fail, round trips counted, a
 * connection cut), `api` and `api-pglite` (every endpoint's contract: the functions called in
 * this process, each test file on a database of its own, on PostgreSQL and, some of them, on the
 * embedded PGlite) and `http` (what only the server shows, through `npm start`'s code). Browser tests
 * live in tests/e2e and run under Playwright.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The API test files that also run on the embedded PGlite, the database of `npm start` (see the
 * `api` projects below): requests at the same moment, which PGlite answers one at a time on its
 * one connection (twin applications, record edits, two Owners at once, leads shared out among
 * counsellors, the busiest endpoints), and the shape of every answer.
 */
const PGLITE_FILES = ['fees-concurrency', 'applications', 'records', 'staff-roles', 'person-status', 'platform', 'hardening', 'spec-shapes', 'name-search'];

export default defineConfig({
  test: {
    environment: 'node',
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine,
    // which then runs the files one after the other while the second core mostly waits. A test
    // file here spends much of its time waiting on its database (PostgreSQL is another process),
    // a password hash or a child process, and the files share nothing, so one more worker than
    // cores: on 2 cores the whole run took 462 s with two workers and 386 s with three.
    maxWorkers: availableParallelism() + 1,
    // The functions' bundles are loaded by Node itself, as Netlify loads them: through Vite's
    // module runner each of these large files would be transformed again in every worker.
    server: { deps: { external: [/\/scripts\/function-host\.mjs$/, /\/scripts\/in-process\.mjs$/] } },
    // Each project's timeouts are for a slow 2-core machine shared with other work, where tests of
    // the API that take 10 s on a quiet machine ran past 60 s (a password hash needs 128 MiB and
    // waits for memory as much as for the CPU). They only decide how long a failing test takes to
    // say so.
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          // Pure modules: the files share a worker and its loaded modules instead of each starting
          // one of its own (half a second or more apiece, for tests that take a few milliseconds).
          isolate: false,
          // The one build case runs `astro sync` in a child process (3–5 s on a busy 2-core machine).
          testTimeout: 120_000,
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
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
      // The API suite: each test file calls the functions in its own worker on a database of its
      // own (tests/support/api-target.ts), so files run side by side. Every file runs on
      // PostgreSQL, which Neon is; a few also on PGlite (PGLITE_FILES), which every browser test
      // runs on too. PostgreSQL runs the suite in about two thirds of PGlite's time: PGlite is
      // PostgreSQL compiled to WebAssembly, in the test's own process.
      ...(
        [
          ['api', ['tests/api/**/*.test.ts']],
          ['api-pglite', PGLITE_FILES.map((name) => `tests/api/${name}.test.ts`)],
        ] as const
      ).map(([name, include]) => ({
        test: {
          name,
          include: [...include],
          globalSetup: ['tests/api/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      })),
      {
        test: {
          name: 'http',
          include: ['tests/http/**/*.test.ts'],
          // What only the server shows, through `npm start`'s own code on a port of its own.
          globalSetup: ['tests/http/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 360_000,
        },
      },
    ],
  },
});
