// Where the test time goes: the slowest files and tests of the vitest and Playwright JSON reports
// (test-results/vitest.json and test-results/playwright.json, which `npm test` writes).
//   node scripts/test-times.mjs                         both reports, the 12 slowest of each
//   node scripts/test-times.mjs --top 20 a.json b.json  other reports (vitest's or Playwright's)
// `npm test` prints it after the tests. Times are wall-clock seconds: on a machine shared with
// other work they are inflated, so compare rankings, or runs made under the same load.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The project-relative path of a test file. */
const relative = (file) => path.relative(root, path.resolve(root, file)).replaceAll(path.sep, '/');

/** Files and tests of a vitest JSON report: a file's time is from its start to its end. */
function fromVitest(report) {
  const files = report.testResults.map((f) => ({
    file: relative(f.name),
    seconds: (f.endTime - f.startTime) / 1000,
    tests: f.assertionResults.length,
    failed: f.assertionResults.filter((a) => a.status === 'failed').length,
  }));
  const tests = report.testResults.flatMap((f) =>
    f.assertionResults.map((a) => ({ file: relative(f.name), title: a.fullName ?? a.title, seconds: (a.duration ?? 0) / 1000 })),
  );
  return { files, tests };
}

/** Files and tests of a Playwright JSON report: a file's time is the sum of its tests' (workers run side by side). */
function fromPlaywright(report) {
  const tests = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const results = (test.results ?? []).filter((r) => r.status !== 'skipped');
        if (!results.length) continue;
        tests.push({
          file: relative(path.join(report.config?.rootDir ?? 'tests/e2e', spec.file ?? suite.file)),
          title: [...titles, spec.title].join(' › '),
          seconds: results.reduce((sum, r) => sum + (r.duration ?? 0), 0) / 1000,
          failed: results.some((r) => r.status !== 'passed'),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  const byFile = new Map();
  for (const t of tests) {
    const f = byFile.get(t.file) ?? { file: t.file, seconds: 0, tests: 0, failed: 0 };
    f.seconds += t.seconds;
    f.tests += 1;
    f.failed += t.failed ? 1 : 0;
    byFile.set(t.file, f);
  }
  return { files: [...byFile.values()], tests };
}

/** The table of one report, as lines. */
export function timeTable(file, top = 12) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const playwright = 'suites' in report && 'stats' in report;
  const { files, tests } = playwright ? fromPlaywright(report) : fromVitest(report);
  files.sort((a, b) => b.seconds - a.seconds);
  tests.sort((a, b) => b.seconds - a.seconds);
  const total = files.reduce((sum, f) => sum + f.seconds, 0);
  const s = (seconds) => `${seconds.toFixed(1)} s`.padStart(9);
  return [
    `${relative(file)} (${playwright ? 'Playwright: a file is the sum of its tests' : 'vitest: a file from its start to its end'}; ${files.length} files, ${tests.length} tests, ${total.toFixed(0)} s in all)`,
    `  slowest files:${' '.repeat(6)}tests`,
    ...files.slice(0, top).map((f) => `${s(f.seconds)}  ${String(f.tests).padStart(5)}  ${f.file}${f.failed ? `  (${f.failed} failed)` : ''}`),
    '  slowest tests:',
    ...tests.slice(0, top).map((t) => `${s(t.seconds)}  ${t.file} › ${t.title.length > 100 ? `${t.title.slice(0, 99)}…` : t.title}`),
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const topAt = args.indexOf('--top');
  const top = topAt >= 0 ? Number(args.splice(topAt, 2)[1]) : 12;
  const files = args.length ? args : ['test-results/vitest.json', 'test-results/playwright.json'].map((f) => path.join(root, f));
  for (const file of files) {
    if (!existsSync(file)) {
      console.log(`${relative(file)}: no report (the step did not run)`);
      continue;
    }
    console.log(`\n${timeTable(file, top).join('\n')}`);
  }
}
