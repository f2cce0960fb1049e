/**
 * zod for every shared schema, set up once: no code generation with `new Function`, which the
 * pages' Content-Security-Policy forbids. zod may test for `new Function` as soon as a schema is
 * built, so every schema module imports `z` from here, never from 'zod' directly: this module's
 * body then runs before any schema is made.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
