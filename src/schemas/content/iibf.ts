import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { fromContent } from './loader';
import { seoWords, text, words } from './fields';
import { documentList, serviceHero } from './service-page';

/** IIBF services page: `content/iibf.json`. */
export const iibf = defineCollection({
  loader: fromContent('iibf.json'),
  schema: z.object({
    /** Title and description for search engines. */
    seo: seoWords(),
    /** Opening band with GIVE ME CALL BACK, APPLY ONLINE FOR IIBF and SEND A QUERY. */
    hero: serviceHero([
      ['GIVE ME CALL BACK', '/IIBFForm'],
      ['APPLY ONLINE FOR IIBF', '/IIBFForm'],
      ['SEND A QUERY', '/contactForm'],
    ]),
    /** About the Indian Institute of Banking & Finance and the BC/BF exam. */
    institute: z.object({
      /** Heading of the block. */
      heading: words(),
      /** Paragraphs, in order. */
      paragraphs: z.array(words()).min(1),
      /** Heading of the facts, e.g. 'The BC/BF exam'. */
      factsHeading: words(),
      /** Short facts shown as a list, e.g. who the exam is for. */
      facts: z.array(words()).default([]),
    }),
    /** Groups of IIBF courses. */
    courseGroups: z.object({
      /** Heading of the block. */
      heading: words(),
      /** Sentence under the heading. */
      intro: words(),
      /** The groups, each a card. */
      items: z
        .array(
          z.object({
            /** Name of the group, e.g. "Business Correspondent / Facilitator". */
            name: words(),
            /** Who it is for, one sentence. */
            audience: words(),
            /** Courses in the group: words, or a course's code alone (JAIIB), the same in both languages. */
            courses: z.array(z.union([words(), text()])).min(1),
          }),
        )
        .min(2),
    }),
    /** Path to becoming a professional banker, as ordered steps. */
    path: z.object({
      /** Heading of the block. */
      heading: words(),
      /** The steps, in order. */
      steps: z
        .array(
          z.object({
            /** Short name of the step. */
            title: words(),
            /** What happens in it. */
            text: words(),
          }),
        )
        .min(3),
    }),
    /** Documents an applicant brings: the spec fixes 7. */
    documents: documentList(7),
  }),
});
