import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { fromContent } from './loader';
import { seo, text } from './fields';

/** Careers page (/jobs): `content/jobs.json`. */
export const jobs = defineCollection({
  loader: fromContent('jobs.json'),
  schema: z.object({
    /** Title and description for search engines. */
    seo: seo(),
    /** Opening band of the page. */
    hero: z.object({
      /** The page's main heading. */
      title: text(),
      /** One or two sentences under the heading. */
      intro: text(),
    }),
    /** Heading above the list of openings. */
    heading: text(),
    /** Shown when there are no openings (the openings themselves are kept in the admin). */
    emptyText: text(),
  }),
});
