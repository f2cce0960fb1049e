import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { fromContent } from './loader';
import { seoWords, words } from './fields';

/** Careers page (/jobs): `content/jobs.json`. */
export const jobs = defineCollection({
  loader: fromContent('jobs.json'),
  schema: z.object({
    /** Title and description for search engines. */
    seo: seoWords(),
    /** Opening band of the page. */
    hero: z.object({
      /** The page's main heading. */
      title: words(),
      /** One or two sentences under the heading. */
      intro: words(),
    }),
    /** Heading above the list of openings. */
    heading: words(),
    /** Shown when there are no openings (the openings themselves are kept in the admin). */
    emptyText: words(),
    /** The words around each opening and the list's status lines; {role} and {count} are filled in. */
    labels: z.object({
      /** Status line while the openings load. */
      loading: words(),
      /** Without JavaScript: call us instead, {phone} being the institute's number (a link). */
      noScript: words().superRefine((line, ctx) => {
        for (const language of ['en', 'hi'] as const) {
          if (!line[language].includes('{phone}')) ctx.addIssue({ code: 'custom', path: [language], message: 'write {phone} where the phone number goes' });
        }
      }),
      /** The button that loads the next openings. */
      more: words(),
      /** Name of the experience line. */
      experience: words(),
      /** Name of the qualification line. */
      qualification: words(),
      /** Name of the salary line. */
      salary: words(),
      /** Name of the candidate line. */
      candidate: words(),
      /** Name of the number of posts. */
      posts: words(),
      /** The employer's application link. */
      apply: words(),
      /** Read after the apply link's text, after a space: which job, and that it opens a new tab ({role}). */
      applyHint: words(),
      /** The institute's phone button. */
      call: words(),
      /** The share button. */
      share: words(),
      /** Read after Share: which opening ({role}). */
      shareLabel: words(),
      /** Read after Share where it opens WhatsApp in a new tab. */
      shareHint: words(),
      /** The status line with one opening ({count}). */
      countOne: words(),
      /** The status line with several ({count}). */
      countMany: words(),
      /** The status line when the openings could not be loaded. */
      failed: words(),
    }),
  }),
});
