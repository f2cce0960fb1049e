// `node scripts/messages.mjs`: compiles the interface's messages (content/messages/) into
// src/paraglide/ with Paraglide JS, a module per language, for everything but the site's build
// (the functions, the type check, the tests; src/i18n/paraglide-options.mjs). Fails naming the
// file and message when a message is missing in a language (scripts/messages-check.mjs).
//
// The compiler's output depends only on the message files, the project's settings, the options
// and the compiler's version: when none changed since the last run (a stamp of them in
// src/paraglide/) and the output is there, nothing is written again (seconds saved on every
// `npm test` and `npm start`).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { paraglideOptions } from '../src/i18n/paraglide-options.mjs';
import { checkMessages } from './messages-check.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (...parts) => path.join(root, ...parts);

const problems = checkMessages();
if (problems.length) {
  console.error(`content/messages: ${problems.length} problem(s):\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}

/** A hash of everything the compiled output depends on. */
function inputsHash() {
  const hash = createHash('sha256');
  const add = (name, bytes) => hash.update(`${name}\0${bytes.length}\0`).update(bytes);
  const messages = at('content', 'messages');
  for (const area of readdirSync(messages, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()) {
    for (const file of readdirSync(path.join(messages, area)).sort()) add(`${area}/${file}`, readFileSync(path.join(messages, area, file)));
  }
  add('settings', readFileSync(at('src', 'i18n', 'project.inlang', 'settings.json')));
  add('options', Buffer.from(JSON.stringify(paraglideOptions)));
  add('compiler', readFileSync(at('node_modules', '@inlang', 'paraglide-js', 'package.json')));
  return hash.digest('hex');
}

const stamp = at('src', 'paraglide', '.inputs-hash');
const outputs = ['runtime.js', 'messages.js', 'messages/_index.js', 'messages/en.js'].map((file) => path.join(root, paraglideOptions.outdir, file));
const hash = inputsHash();
if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash && outputs.every((file) => existsSync(file))) {
  console.log('content/messages: compiled messages are up to date.');
} else {
  const { compile } = await import('@inlang/paraglide-js');
  await compile(paraglideOptions);
  writeFileSync(stamp, hash);
  console.log('content/messages: compiled into src/paraglide/.');
}
// The compiler leaves timers behind that would hold the process open for half a minute.
process.exit(0);
