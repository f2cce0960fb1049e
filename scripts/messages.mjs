// `node scripts/messages.mjs`: compiles the interface's messages (content/messages/) into
// src/paraglide/ with Paraglide JS, the way the build does, for what reads them without the build
// (the functions, the type check, the tests). Fails naming the file and message when a message is
// missing in a language (scripts/messages-check.mjs).
import { compile } from '@inlang/paraglide-js';
import { paraglideOptions } from '../src/i18n/paraglide-options.mjs';
import { checkMessages } from './messages-check.mjs';

const problems = checkMessages();
if (problems.length) {
  console.error(`content/messages: ${problems.length} problem(s):\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
await compile(paraglideOptions);
