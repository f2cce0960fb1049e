// `npm run test:api`: the API tests alone (vitest's `api` project on PostgreSQL, and `api-pglite`,
// a few of its files on the embedded PGlite). Every argument goes on to vitest, so one file or one
// test can be picked:
//   npm run test:api -- tests/api/user.test.ts -t "logs in"
// `--pglite` runs every API test on PGlite alone (the `api` project with API_DATABASE=pglite): no
// PostgreSQL server is needed.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const pgliteOnly = args.includes('--pglite');
const vitestArgs = args.filter((arg) => arg !== '--pglite');

const projects = pgliteOnly ? ['--project', 'api'] : ['--project', 'api', '--project', 'api-pglite'];
const env = pgliteOnly ? { ...process.env, API_DATABASE: 'pglite' } : process.env;
const run = spawnSync('npx', ['vitest', 'run', ...projects, ...vitestArgs], { cwd: root, stdio: 'inherit', env });
process.exit(run.status ?? 1);
