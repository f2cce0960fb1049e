/**
 * zod for every shared schema, set up once: no code generation with `new Function`, which the
 * pages' Content-Security-Policy forbids. zod may test for `new Function` as soon as a schema is
 * built, so every schema module imports `z` from here, never from 'zod' directly: this module's
 * body then runs before any schema is made.
 *
 * A check without words of its own (a value of the wrong type from a hand-made request, say) says
 * so in Hindi on a Hindi page or request; in English zod's own words stay.
 */
import { z } from 'zod';
import { validation_invalid_input } from '../../i18n/messages';
import { getLocale } from '../../paraglide/runtime.js';

z.config({ jitless: true, customError: () => (getLocale() === 'hi' ? validation_invalid_input() : undefined) });

export { z };
