import { glob } from 'astro/loaders';

/**
 * Loads `content/<pattern>`: one entry per matching file, its id being the file name without the
 * extension (so `content/home.json` is the entry `home`). The pattern stays on the loader, so the
 * schema tests find each collection's files.
 */
export const fromContent = (pattern: string) =>
  Object.assign(
    glob({
      pattern,
      base: './content',
      generateId: ({ entry }) => entry.replace(/\.(json|ya?ml|md)$/, ''),
    }),
    { pattern },
  );
