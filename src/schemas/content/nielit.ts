import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { fromContent } from './loader';
import { seoWords, text, words, linkWords, sectionWords } from './fields';

/** NIELIT courses page: `content/nielit.json`. */
export const nielit = defineCollection({
  loader: fromContent('nielit.json'),
  schema: z.object({
    /** Title and description for search engines. */
    seo: seoWords(),
    /** Opening band of the page. */
    hero: z.object({
      /** The page's main heading. */
      title: words(),
      /** One or two sentences under the heading. */
      intro: words(),
      /** Buttons: SEND A QUERY (/contactForm) and APPLY ONLINE (/NeilitForm). */
      actions: z.array(linkWords()).length(2, 'the spec has 2 buttons: send a query and apply online'),
    }),
    /** What NIELIT is and how the institute helps. */
    about: sectionWords(),
    /** The course cards. */
    courses: z.object({
      /** Heading above the cards. */
      heading: words(),
      /** Names of a card's facts: 'Eligibility' and 'Duration'. */
      labels: z.object({ eligibility: words(), duration: words() }),
      /** The courses: the spec lists six (O Level, CCC, CCC+, ACC, BCC, ECC). */
      items: z
        .array(
          z.object({
            /** Short name, e.g. "CCC" (the same in both languages). */
            code: text(),
            /** Full name, e.g. "Course on Computer Concepts". */
            name: words(),
            /** Who may join, e.g. "Above 10th". */
            eligibility: words(),
            /** Length of the course, e.g. "3 months" or "20 hours". */
            duration: words(),
            /** One or two sentences on what the course covers. */
            summary: words(),
          }),
        )
        .length(6, 'the spec lists 6 NIELIT courses'),
    }),
    /** The note on other short courses. */
    otherCourses: z.object({
      /** Heading of the note. */
      heading: words(),
      /** The note. */
      text: words(),
    }),
  }),
});
