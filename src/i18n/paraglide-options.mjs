// How Paraglide JS compiles the interface's messages (content/messages/<area>/{en,hi}.json, listed
// in src/i18n/project.inlang/settings.json). Decision 040 says why there are two outputs.

/**
 * A module per language, in src/paraglide/: what the project's code imports ('../paraglide/…')
 * everywhere but in the site's build — the functions (locally and as Netlify bundles them), the
 * type check and the tests. Compiled by `node scripts/messages.mjs` before anything reads it
 * (npm install, npm start, npm test).
 * @type {import('@inlang/paraglide-js').CompilerOptions}
 */
export const paraglideOptions = {
  project: './src/i18n/project.inlang',
  outdir: './src/paraglide',
  outputStructure: 'locale-modules',
  // The page's language in the browser (src/i18n/messages.ts); on the server the language of
  // the work in progress (src/i18n/server-locale.ts); English otherwise.
  strategy: ['custom-page', 'baseLocale'],
  // Files are rewritten in place, never the folder emptied first: a type check or build running
  // beside the tests (the content test's `astro sync`) must not leave a moment without them.
  cleanOutdir: false,
  emitGitIgnore: false,
  emitPrettierIgnore: false,
};

/**
 * A module per message, in src/paraglide/by-message/: what the site's build reads instead
 * (src/integrations/messages.ts compiles it and points the imports there), so that an island
 * carries only the messages it shows.
 * @type {import('@inlang/paraglide-js').CompilerOptions}
 */
export const siteOptions = { ...paraglideOptions, outdir: './src/paraglide/by-message', outputStructure: 'message-modules' };

/** An import of the compiled messages from the project's code ('../paraglide/runtime.js'…): `$1` is the file within the folder. */
export const PARAGLIDE_IMPORT = /^(?:\.\.\/)+paraglide\/(.+)$/;
