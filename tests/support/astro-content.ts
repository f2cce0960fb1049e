/**
 * What `astro:content` gives the content schemas (src/schemas/content/*), for the unit tests that
 * parse content in this process: a collection is the object it is defined by. Astro's own module
 * exists only inside an Astro build.
 */
export const defineCollection = <T>(collection: T): T => collection;
