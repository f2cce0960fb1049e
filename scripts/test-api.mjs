// `npm run test:api`: the API tests (vitest's `api` project) alone. Every argument goes on to
// vitest, so one file or one test can be picked:
//   npm run test:api -- tests/api/user.test.ts -t "logs in"
// `--pglite` runs them on the embedded PGlite database alone: no PostgreSQL server is started
// (tests/api/global-setup.ts reads API_TESTS_PGLITE_ONLY), so each test runs once, not twice.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const pgliteOnly = args.includes('--pglite');
const vitestArgs = args.filter((arg) => arg !== '--pglite');

const env = { ...process.env };
if (pgliteOnly) env.API_TESTS_PGLITE_ONLY = '1';
else delete env.API_TESTS_PGLITE_ONLY;

const run = spawnSync('npx', ['vitest', 'run', '--project', 'api', ...vitestArgs], { cwd: root, stdio: 'inherit', env });
process.exit(run.status ?? 1);
