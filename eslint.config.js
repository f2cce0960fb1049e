// ESLint for the TypeScript and JavaScript of the site, the functions, the scripts and the tests:
// typescript-eslint's recommended rules, React's rules of hooks, jsx-a11y's recommended rules for
// the islands and the admin app, and Prettier's config last so that no rule argues with the
// formatter (`npm run format`). `npm run lint` runs both checks; `npm test` runs it first.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The rules of hooks and complete effect dependencies. (The plugin's newer compiler-readiness
 * rules judge code written for the React Compiler, which this project does not use.)
 */
const HOOK_RULES = { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' };

export default tseslint.config(
  { ignores: ['dist/', '.astro/', '.netlify/', '.data/', 'node_modules/', 'test-results/', 'playwright-report/', 'src/env.d.ts', 'src/paraglide/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `_name` marks a value left unused on purpose (a destructured field dropped from a copy).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // Type-only imports stay type-only, so a bundle never pulls a module in for a type.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...HOOK_RULES,
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scrollable region (role="region" with a name) takes the focus so that a keyboard can
      // scroll it, as axe's scrollable-region-focusable asks.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['tabpanel', 'region'], tags: [] }],
      // Escape handled on the container of a drawer or a bar of buttons (the keys reach it from the
      // buttons inside); clicks on a non-interactive element stay refused.
      'jsx-a11y/no-noninteractive-element-interactions': ['error', { handlers: ['onClick', 'onMouseDown', 'onMouseUp', 'onKeyPress'] }],
    },
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
  },
  {
    files: ['src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: HOOK_RULES,
  },
  prettier,
);
