// `npm start`: build the site, then serve it with its functions exactly as Netlify would.
// `npm start -- --no-build` serves the existing dist/ (the tests build once and use this).
// A changed function source reloads that function; `--no-watch` leaves the bundles as they are
// (the test servers, which nobody edits under).
import { spawnSync } from 'node:child_process';
import { startServer } from './server.mjs';

const skipBuild = process.argv.includes('--no-build');
const watch = !process.argv.includes('--no-watch');
// The interface's messages as the functions read them (a second when nothing changed).
const messages = spawnSync(process.execPath, ['scripts/messages.mjs'], { stdio: 'inherit' });
if (messages.status !== 0) process.exit(messages.status ?? 1);
if (!skipBuild) {
  const build = spawnSync('npx', ['astro', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = Number(process.env.PORT ?? 8888);
try {
  const server = await startServer({ port, watch });
  console.log(`\n  Site and API served at ${server.url}\n`);
  // Close the embedded database cleanly on Ctrl-C so no write is lost.
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      // Never hang on the way out: give the clean close a few seconds at most.
      setTimeout(() => process.exit(0), 5000).unref();
      server.close().finally(() => process.exit(0));
    });
  }
} catch (error) {
  console.error(`\n  Could not start: ${error instanceof Error ? error.message : error}\n`);
  process.exit(1);
}
