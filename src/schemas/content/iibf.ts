import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { fromContent } from './loader';
import { seo, text } from './fields';
import { documentList, serviceHero } from './service-page';

/** IIBF services page: `content/iibf.json`. */
export const iibf = defineCollection({
  loader: fromContent('iibf.json'),
  schema: z.object({
    /** Title and description for search engines. */
    seo: seo(),
    /** Opening band with GIVE ME CALL BACK, APPLY ONLINE FOR IIBF and SEND A QUERY. */
    hero: serviceHero([
      ['GIVE ME CALL BACK', '/IIBFForm'],
      ['APPLY ONLINE FOR IIBF', '/IIBFForm'],
      ['SEND A QUERY', '/contactForm'],
    ]),
    /** About the Indian Institute of Banking & Finance and the BC/BF exam. */
    institute: z.object({
      /** Heading of the block. */
      heading: text(),
      /** Paragraphs, in order. */
      paragraphs: z.array(text()).min(1),
      /** Short facts shown as a list, e.g. who the exam is for. */
      facts: z.array(text()).default([]),
    }),
    /** Groups of IIBF courses. */
    courseGroups: z.object({
      /** Heading of the block. */
      heading: text(),
      /** Sentence under the heading. */
      intro: text(),
      /** The groups, each a card. */
      items: z
        .array(
          z.object({
            /** Name of the group, e.g. "Business Correspondent / Facilitator". */
            name: text(),
            /** Who it is for, one sentence. */
            audience: text(),
            /** Courses in the group. */
            courses: z.array(text()).min(1),
          }),
        )
        .min(2),
    }),
    /** Path to becoming a professional banker, as ordered steps. */
    path: z.object({
      /** Heading of the block. */
      heading: text(),
      /** The steps, in order. */
      steps: z
        .array(
          z.object({
            /** Short name of the step. */
            title: text(),
            /** What happens in it. */
            text: text(),
          }),
        )
        .min(3),
    }),
    /** Documents an applicant brings: the spec fixes 7. */
    documents: documentList(7),
  }),
});
