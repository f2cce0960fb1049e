import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { fromContent } from './loader';
import { seoWords, words } from './fields';

/** A small card: heading and a sentence or two. */
const card = z.object({
  /** Heading of the card. */
  title: words(),
  /** Text of the card. */
  text: words(),
});

/** About page: `content/about.json`. */
export const about = defineCollection({
  loader: fromContent('about.json'),
  schema: ({ image }) =>
    z.object({
      /** Title and description for search engines. */
      seo: seoWords(),
      /** Opening band of the page. */
      hero: z.object({
        /** The page's main heading. */
        title: words(),
        /** One or two sentences under the heading. */
        intro: words(),
      }),
      /** 'Who we are?': mission text and three cards. */
      who: z.object({
        /** Heading, 'Who we are?'. */
        heading: words(),
        /** Mission paragraphs. */
        paragraphs: z.array(words()).min(1),
        /** The three cards: personalised upskilling, bridging the opportunity gap, 100M+ aspirants. */
        cards: z.array(card).length(3, 'the spec shows 3 cards under Who we are?'),
      }),
      /** 'What do we do?': the three things the institute does. */
      what: z.object({
        /** Heading, 'What do we do?'. */
        heading: words(),
        /** Line under the heading. */
        intro: words().optional(),
        /** Job-ready mentorship, project and scenario based learning, pre-placement training. */
        items: z.array(card).length(3, 'the spec lists 3 items under What do we do?'),
      }),
      /** The recognitions carousel. */
      recognitions: z.object({
        /** Heading above the carousel. */
        heading: words(),
        /** Line under the heading. */
        intro: words().optional(),
        /** The certificates: the spec shows exactly five. */
        items: z
          .array(
            z.object({
              /** Name of the certificate or recognition. */
              title: words(),
              /** Who gave it and what for, one sentence. */
              desc: words(),
              /** Scan of the certificate, portrait (placeholder 600×800 until the real scan is supplied). */
              img: image(),
            }),
          )
          .length(5, 'the spec shows 5 recognitions'),
      }),
    }),
});
