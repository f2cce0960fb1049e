// `npm test`: every check, in order, stopping at the first that fails.
//   0. messages           the interface's messages compiled (scripts/messages.mjs; at once when unchanged)
//   1. lint               ESLint and Prettier's check (npm run lint), then
//   2. astro build        the site into dist/, then
//   3. budget             page weight per page against budgets.json (scripts/budget.mjs), right
//                         after the build: it takes a second, the tests take many minutes;
//                         these three one after the other, side by side with
//   4. astro check        TypeScript (strict) over pages, components, functions and tests
//                         (the longest of them: the build fits in the time it takes after the lint)
//   5. vitest run         unit tests, function tests, the API on PGlite and on PostgreSQL
//                         (in-process), and the HTTP tests through `npm start`'s server
//   6. playwright test    browser tests against the built site served by `npm start`'s code
//   7. lighthouse         mobile Performance ≥ 95 on /, /openBoard, /coursePage and their /hi/ twins (scripts/lighthouse.mjs)
// Lighthouse runs alone after Playwright, because a busy machine skews its timings.
// Then the slowest files and tests of each suite (scripts/test-times.mjs), the total time, and,
// on the last line, the sum of the unit and browser tests: "N passed, N failed".
// `--skip-lighthouse` leaves step 7 out (for a quick local run); `--keep-going` runs every step
// even after a failure (still exiting non-zero), to see everything that is wrong at once.
import { spawn, spawnSync } from 'node:child_process';
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
  // Side by side: each uses one core for most of its time. The type check takes longest (about
  // 95 s on 2 cores, the lint about 65 s and the build 15 s), so the build and its budgets run in
  // its shadow, after the lint.
  {
    title: 'Lint (eslint, prettier --check), build (astro build) and page-weight budgets (scripts/budget.mjs), side by side with the type check (astro check)',
    together: [
      {
        title: 'Lint, build and budgets',
        sequence: [
          { title: 'Lint', args: ['npm', 'run', '--silent', 'lint'], bare: true },
          { title: 'Build', args: ['astro', 'build'] },
          { title: 'Page-weight budgets', args: ['node', 'scripts/budget.mjs'] },
        ],
      },
      { title: 'Type check', args: ['astro', 'check'] },
    ],
  },
  {
    title: 'Unit tests (vitest run)',
    args: ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${path.relative(root, vitestJson)}`],
  },
  { title: 'Browser tests (playwright test)', args: ['playwright', 'test'] },
  ...(skipLighthouse ? [] : [{ title: 'Lighthouse, mobile (scripts/lighthouse.mjs)', args: ['node', 'scripts/lighthouse.mjs'] }]),
];

/** The command and arguments of a step (`npx` unless it is `bare`). */
const commandOf = (step) => (step.bare ? step.args : ['npx', ...step.args]);

/** How a part of a step reads in the log: its command, or its commands joined by `&&` (a `sequence`). */
const commandLine = (part) => (part.sequence ? part.sequence.map((p) => commandOf(p).join(' ')).join(' && ') : commandOf(part).join(' '));

/** Runs a step's command with its output on this terminal; resolves to its exit status. */
function runInline(step) {
  const [command, ...args] = commandOf(step);
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  return run.status ?? 1;
}

/**
 * Runs the commands of a step side by side, each one's output kept and printed whole when it ends
 * (so the two never interleave); resolves to the first non-zero exit status, or 0.
 */
async function runTogether(parts) {
  const results = await Promise.all(parts.map((part) => (part.sequence ? runSequence(part.sequence) : runKept(part))));
  return results.find((code) => code !== 0) ?? 0;
}

/** Runs commands one after the other, each kept and printed as `runKept` does, stopping at the first that fails. */
async function runSequence(parts) {
  for (const part of parts) {
    const code = await runKept(part);
    if (code !== 0) return code;
  }
  return 0;
}

/** Runs one command with its output kept, printed whole when it ends; resolves to its exit status. */
function runKept(part) {
  return new Promise((resolve) => {
    const [command, ...args] = commandOf(part);
    const t0 = Date.now();
    const child = spawn(command, args, { cwd: root, env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - t0) / 1000).toFixed(1);
      process.stdout.write(`\n── ${part.title}: $ ${commandOf(part).join(' ')}\n`);
      process.stdout.write(Buffer.concat(output));
      console.log(`${code === 0 ? '✓' : '✗'} ${part.title} (${seconds} s)`);
      resolve(code ?? 1);
    });
  });
}

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
  const commands = step.together ? step.together.map((part) => `$ ${commandLine(part)}`).join('\n  ') : `$ ${commandOf(step).join(' ')}`;
  console.log(`\n${line}\n  Step ${i + 1}/${steps.length}: ${step.title}\n  ${commands}\n${line}\n`);
  const t0 = Date.now();
  const code = step.together ? await runTogether(step.together) : runInline(step);
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (code !== 0) {
    status = code;
    failedSteps.push(step.title);
    console.error(`\n✗ ${step.title} failed (exit ${code}) after ${seconds} s${keepGoing ? '' : '; later steps skipped'}.`);
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
