/**
 * Imported before any schema module: zod must never generate code with `new Function`, which
 * the page's Content-Security-Policy forbids. zod decides when a schema is built, not when it is
 * used, so this has to run first. (fields.ts says the same for the schemas that import it;
 * marquee.ts does not import it.)
 */
import { z } from 'zod';

z.config({ jitless: true });
