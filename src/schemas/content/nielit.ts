import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { fromContent } from './loader';
import { seo, text, link, section } from './fields';

/** NIELIT courses page: `content/nielit.json`. */
export const nielit = defineCollection({
  loader: fromContent('nielit.json'),
  schema: z.object({
    /** Title and description for search engines. */
    seo: seo(),
    /** Opening band of the page. */
    hero: z.object({
      /** The page's main heading. */
      title: text(),
      /** One or two sentences under the heading. */
      intro: text(),
      /** Buttons: SEND A QUERY (/contactForm) and APPLY ONLINE (/NeilitForm). */
      actions: z.array(link()).length(2, 'the spec has 2 buttons: send a query and apply online'),
    }),
    /** What NIELIT is and how the institute helps. */
    about: section(),
    /** The course cards. */
    courses: z.object({
      /** Heading above the cards. */
      heading: text(),
      /** The courses: the spec lists six (O Level, CCC, CCC+, ACC, BCC, ECC). */
      items: z
        .array(
          z.object({
            /** Short name, e.g. "CCC". */
            code: text(),
            /** Full name, e.g. "Course on Computer Concepts". */
            name: text(),
            /** Who may join, e.g. "Above 10th". */
            eligibility: text(),
            /** Length of the course, e.g. "3 months" or "20 hours". */
            duration: text(),
            /** One or two sentences on what the course covers. */
            summary: text(),
          }),
        )
        .length(6, 'the spec lists 6 NIELIT courses'),
    }),
    /** The note on other short courses. */
    otherCourses: z.object({
      /** Heading of the note. */
      heading: text(),
      /** The note. */
      text: text(),
    }),
  }),
});
