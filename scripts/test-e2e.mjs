// `npm run test:e2e`: the browser tests alone. Builds the site (`astro build`), then runs
// `playwright test` with every other argument, so one file or one test can be picked:
//   npm run test:e2e -- tests/e2e/routes.spec.ts -g "404"
// `--no-build` skips the build when dist/ is already fresh.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const skipBuild = args.includes('--no-build');
const playwrightArgs = args.filter((arg) => arg !== '--no-build');

/** Runs `npx …` in the project and stops with its exit code when it fails. */
function npx(...command) {
  const run = spawnSync('npx', command, { cwd: root, stdio: 'inherit', env: process.env });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

if (!skipBuild) npx('astro', 'build');
npx('playwright', 'test', ...playwrightArgs);
