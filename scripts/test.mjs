// `npm test`: every check, in order, stopping at the first that fails.
//   1. lint               ESLint and Prettier's check (npm run lint)
//   2. astro check        TypeScript (strict) over pages, components, functions and tests
//   3. astro build        the site into dist/
//   4. budget             page weight per page against budgets.json (scripts/budget.mjs), right
//                         after the build: it takes a second, the tests take many minutes
//   5. vitest run         unit tests, function tests, the API on PGlite and on PostgreSQL
//                         (in-process), and the HTTP tests through `npm start`'s server
//   6. playwright test    browser tests against the built site served by `npm start`'s code
//   7. lighthouse         mobile Performance ≥ 95 on /, /openBoard, /coursePage and their /hi/ twins (scripts/lighthouse.mjs)
// Lighthouse runs alone after Playwright, because a busy machine skews its timings.
// Then the slowest files and tests of each suite (scripts/test-times.mjs), the total time, and,
// on the last line, the sum of the unit and browser tests: "N passed, N failed".
// `--skip-lighthouse` leaves step 6 out (for a quick local run); `--keep-going` runs every step
// even after a failure (still exiting non-zero), to see everything that is wrong at once.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { timeTable } from './test-times.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const results = path.join(root, 'test-results');
const vitestJson = path.join(results, 'vitest.json');
const playwrightJson = path.join(results, 'playwright.json');
const skipLighthouse = process.argv.includes('--skip-lighthouse');
const keepGoing = process.argv.includes('--keep-going');

mkdirSync(results, { recursive: true });
rmSync(vitestJson, { force: true });
rmSync(playwrightJson, { force: true });

const steps = [
  { title: 'Messages (content/messages, compiled by Paraglide JS)', args: ['node', 'scripts/messages.mjs'] },
  { title: 'Lint (eslint, prettier --check)', args: ['npm', 'run', '--silent', 'lint'], bare: true },
  { title: 'Type check (astro check)', args: ['astro', 'check'] },
  { title: 'Build (astro build)', args: ['astro', 'build'] },
  { title: 'Page-weight budgets (scripts/budget.mjs)', args: ['node', 'scripts/budget.mjs'] },
  {
    title: 'Unit tests (vitest run)',
    args: ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${path.relative(root, vitestJson)}`],
  },
  { title: 'Browser tests (playwright test)', args: ['playwright', 'test'] },
  ...(skipLighthouse ? [] : [{ title: 'Lighthouse, mobile (scripts/lighthouse.mjs)', args: ['node', 'scripts/lighthouse.mjs'] }]),
];

/** Counts from a reporter's JSON file, or zeros when the step did not run. */
function counts() {
  let passed = 0;
  let failed = 0;
  if (existsSync(vitestJson)) {
    const v = JSON.parse(readFileSync(vitestJson, 'utf8'));
    passed += v.numPassedTests ?? 0;
    failed += v.numFailedTests ?? 0;
  }
  if (existsSync(playwrightJson)) {
    const p = JSON.parse(readFileSync(playwrightJson, 'utf8'));
    passed += p.stats?.expected ?? 0;
    failed += (p.stats?.unexpected ?? 0) + (p.stats?.flaky ?? 0);
  }
  return { passed, failed };
}

let status = 0;
const failedSteps = [];
const started = Date.now();
for (const [i, step] of steps.entries()) {
  const line = '═'.repeat(78);
  console.log(`\n${line}\n  Step ${i + 1}/${steps.length}: ${step.title}\n  $ ${step.bare ? '' : 'npx '}${step.args.join(' ')}\n${line}\n`);
  const t0 = Date.now();
  const [command, ...args] = step.bare ? step.args : ['npx', ...step.args];
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (run.status !== 0) {
    status = run.status ?? 1;
    failedSteps.push(step.title);
    console.error(`\n✗ ${step.title} failed (exit ${run.status ?? run.signal}) after ${seconds} s${keepGoing ? '' : '; later steps skipped'}.`);
    if (keepGoing) continue;
    break;
  }
  console.log(`\n✓ ${step.title} (${seconds} s)`);
}
if (failedSteps.length) console.error(`\nFailed: ${failedSteps.join('; ')}`);

// Where the minutes went: the slowest files and tests of each suite (scripts/test-times.mjs).
for (const report of [vitestJson, playwrightJson]) {
  if (!existsSync(report)) continue;
  try {
    console.log(`\n${timeTable(report, 10).join('\n')}`);
  } catch (error) {
    console.log(`\n${path.relative(root, report)}: not readable (${error instanceof Error ? error.message : error})`);
  }
}

console.log(`\nTotal time: ${((Date.now() - started) / 1000).toFixed(0)} s`);
const { passed, failed } = counts();
console.log(`${passed} passed, ${failed} failed`);
process.exit(status);
