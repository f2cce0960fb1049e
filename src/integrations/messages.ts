/**
 * The interface's messages in the build: a message missing in a language, or with other
 * placeholders, fails the build naming its file and message (scripts/messages-check.mjs); then
 * Paraglide JS compiles them a module per message into src/paraglide/by-message/ as the build goes
 * (and again when a message file changes under `astro dev`), and the site's imports of
 * '../paraglide/…' read from there, so each island carries only its own messages (decision 040).
 */
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { checkMessages } from '../../scripts/messages-check.mjs';
import { PARAGLIDE_IMPORT, siteOptions } from '../i18n/paraglide-options.mjs';

export default function messages(): AstroIntegration {
  return {
    name: 'messages',
    hooks: {
      'astro:config:setup': ({ config, updateConfig }) => {
        const problems = checkMessages();
        if (problems.length) throw new Error(`content/messages:\n${problems.map((p) => `  ${p}`).join('\n')}`);
        const byMessage = fileURLToPath(new URL(`${siteOptions.outdir}/`, config.root));
        updateConfig({
          vite: {
            plugins: [paraglideVitePlugin(siteOptions)],
            resolve: { alias: [{ find: PARAGLIDE_IMPORT, replacement: `${byMessage}$1` }] },
          },
        });
      },
    },
  };
}
