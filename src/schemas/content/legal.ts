import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { fromContent } from './loader';
import { seo, text } from './fields';

/**
 * Legal pages: `content/legal/privacy.md` and `content/legal/terms.md` (entries `legal/privacy`
 * and `legal/terms`). The frontmatter holds the fields below; the body is Markdown prose whose
 * `##` headings are the sections.
 */
export const legal = defineCollection({
  loader: fromContent('legal/*.md'),
  schema: z.object({
    /** Title and description for search engines. */
    seo: seo(),
    /** The page's main heading, e.g. "Privacy Policy". */
    heading: text(),
    /** When the text last changed, as YYYY-MM-DD; shown under the heading. */
    updated: z.coerce.date({ message: 'must be a date written as YYYY-MM-DD' }),
  }),
});
