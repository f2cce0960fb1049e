import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { fromContent } from './loader';
import { seoWords, text, words, href, linkWords, sectionWords } from './fields';

/** One programme tile. */
const tile = z.object({
  /** Short name shown large on the tile, e.g. "BBA" (the same in both languages). */
  code: text(),
  /** Full name under it, e.g. "Bachelor of Business Administration". */
  name: words(),
  /** Detail page of the programme; tiles without one are not links (only BBA has one). */
  href: href().optional(),
});

/** A group of tiles with its heading, and the number of programmes the spec lists in it. */
const group = (count: number, label: string) =>
  z.object({
    /** Heading of the group, e.g. "Undergraduate (UG)". */
    heading: words(),
    /** The programmes, in the spec's order. */
    programmes: z.array(tile).length(count, `the spec lists ${count} ${label} programmes`),
  });

/** Degree courses page: `content/degrees.json`. */
export const degrees = defineCollection({
  loader: fromContent('degrees.json'),
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
      /** The programme tiles. */
      programmes: z.object({
        /** Heading above all the groups. */
        heading: words(),
        /** Undergraduate programmes (11). */
        ug: group(11, 'UG'),
        /** Postgraduate programmes (11). */
        pg: group(11, 'PG'),
        /** Diploma programmes (4). */
        diploma: group(4, 'diploma'),
        /** The words on a tile that links to its programme's page: 'View details'. */
        more: words(),
      }),
      /** Text about the challenges of choosing a university. */
      challenges: sectionWords(),
      /** The 'Why Choose Us?' list. */
      why: z.object({
        /** Heading, 'Why Choose Us?'. */
        heading: words(),
        /** The reasons: the spec lists exactly five. */
        points: z.array(words()).length(5, 'the spec lists 5 points under Why Choose Us?'),
      }),
      /** The 'Scribble Wall' of student notes. */
      scribbleWall: z.object({
        /** Heading, 'Scribble Wall'. */
        heading: words(),
        /** Line under the heading. */
        intro: words().optional(),
        /** The notes: the spec shows exactly three. */
        cards: z
          .array(
            z.object({
              /** Student's name. */
              name: text(),
              /** What the student wrote, a sentence or two. */
              text: words(),
              /** Square photo of the student (placeholder until a real one is supplied). */
              photo: image(),
            }),
          )
          .length(3, 'the spec shows 3 Scribble Wall cards'),
      }),
      /** Accessible name of the block of the two promotion cards. */
      promosLabel: words(),
      /** The two promotion cards: Join Us and Become Partner. */
      promos: z
        .array(
          z.object({
            /** Card heading, e.g. "Join Us". */
            title: words(),
            /** One or two sentences. */
            text: words(),
            /** The card's button. */
            action: linkWords(),
          }),
        )
        .length(2, 'the spec shows 2 promotion cards: Join Us and Become Partner'),
    }),
});
