import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { fromContent } from './loader';
import { seoWords, words } from './fields';
import { documentList, serviceHero } from './service-page';

/** Aadhar service page: `content/aadhar.json`. */
export const aadhar = defineCollection({
  loader: fromContent('aadhar.json'),
  schema: z.object({
    /** Title and description for search engines. */
    seo: seoWords(),
    /** Opening band with SEND A QUERY. */
    hero: serviceHero([['SEND A QUERY', '/contactForm']]),
    /** The four service cards: LMS, authorization letter, exam support, center setup. */
    services: z.object({
      /** Heading of the block. */
      heading: words(),
      /** Sentence under the heading. */
      intro: words(),
      /** The cards, in order. */
      items: z
        .array(
          z.object({
            /** Name of the service (keep the words the spec uses, e.g. "LMS"). */
            title: words(),
            /** What we do, one or two sentences. */
            text: words(),
          }),
        )
        .length(4, 'the spec lists 4 services: LMS, authorization letter, exam support, center setup'),
    }),
    /** The documents card. */
    documents: documentList(),
  }),
});
