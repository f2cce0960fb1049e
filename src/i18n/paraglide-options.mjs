// How Paraglide JS compiles the interface's messages (content/messages/<area>/{en,hi}.json, listed
// in src/i18n/project.inlang/settings.json) into src/paraglide/: the same options for the build's
// Vite plugin (astro.config.mjs, vitest.config.ts) and for `node scripts/messages.mjs`, which
// compiles them before anything else reads them (npm install, npm start, npm test).
/** @type {import('@inlang/paraglide-js').CompilerOptions} */
export const paraglideOptions = {
  project: './src/i18n/project.inlang',
  outdir: './src/paraglide',
  // The page's language in the browser (src/i18n/messages.ts); on the server the language of
  // the work in progress (src/i18n/server-locale.ts); English otherwise.
  strategy: ['custom-page', 'baseLocale'],
  // Files are rewritten in place, never the folder emptied first: a type check or build running
  // beside the tests (the content test's `astro sync`) must not leave a moment without them.
  cleanOutdir: false,
  emitGitIgnore: false,
  emitPrettierIgnore: false,
};
