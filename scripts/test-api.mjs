// `npm run test:api`: the API tests (vitest's `api` project) alone. Every argument goes on to
// vitest, so one file or one test can be picked:
//   npm run test:api -- tests/api/user.test.ts -t "logs in"
// `--pglite` runs them on the embedded PGlite database alone (vitest's `api` project): no
// PostgreSQL server is started, so each test runs once, not twice.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const pgliteOnly = args.includes('--pglite');
const vitestArgs = args.filter((arg) => arg !== '--pglite');

const projects = pgliteOnly ? ['--project', 'api'] : ['--project', 'api', '--project', 'api-postgresql'];
const run = spawnSync('npx', ['vitest', 'run', ...projects, ...vitestArgs], { cwd: root, stdio: 'inherit', env: process.env });
process.exit(run.status ?? 1);
