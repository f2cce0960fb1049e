/**
 * The interface's messages in the build: a message missing in a language, or with other
 * placeholders, fails the build naming its file and message (scripts/messages-check.mjs); then
 * Paraglide JS compiles them into src/paraglide/ as the build goes (and again when a message file
 * changes under `astro dev`).
 */
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import type { AstroIntegration } from 'astro';
import { checkMessages } from '../../scripts/messages-check.mjs';
import { paraglideOptions } from '../i18n/paraglide-options.mjs';

export default function messages(): AstroIntegration {
  return {
    name: 'messages',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        const problems = checkMessages();
        if (problems.length) throw new Error(`content/messages:\n${problems.map((p) => `  ${p}`).join('\n')}`);
        updateConfig({ vite: { plugins: [paraglideVitePlugin(paraglideOptions)] } });
      },
    },
  };
}
