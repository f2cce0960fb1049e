import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { fromContent } from './loader';
import { seoWords, text, words, wordsWith, rupees, linkWords } from './fields';

/** One row of the university comparison table. */
const university = z.object({
  /** University name. */
  name: text(),
  /** Fee in rupees, as a plain number (formatted ₹25,300 on the page). */
  fee: rupees(),
  /** Who may apply, e.g. "10+2 in any stream". */
  eligibility: words(),
  /** Admission status, e.g. "Open" or "Closed". */
  admission: words(),
  /** Optional address of the university's own page (opens in a new tab). */
  link: z.url('must be a full http(s) address').optional(),
});

/** BBA detail page (/courseDetail): `content/bba.json`. */
export const bba = defineCollection({
  loader: fromContent('bba.json'),
  schema: z.object({
    /** Title and description for search engines. */
    seo: seoWords(),
    /** The banner. */
    course: z.object({
      /** Course title, the page's main heading. */
      title: words(),
      /** Small line above the title, e.g. "Degree course". */
      eyebrow: words().optional(),
      /** Short introduction in the banner. */
      intro: words(),
      /** Description used by search engines (structured data). */
      description: words(),
      /** Star rating shown in the banner. */
      rating: z.object({
        /** The rating, e.g. 4.8. */
        value: z.number().min(0),
        /** The scale, e.g. 5. */
        best: z.number().positive(),
      }),
      /** Quick facts shown as chips under the banner text, e.g. "3 years". */
      facts: z.array(words()).default([]),
    }),
    /** The list of top universities. */
    topUniversities: z.object({
      /** Heading of the list. */
      heading: words(),
      /** Line under the heading. */
      intro: words().optional(),
      /** University names: the spec lists exactly seven. */
      names: z.array(text()).length(7, 'the spec lists 7 top universities'),
    }),
    /** The comparison table. */
    comparison: z.object({
      /** Heading above the table. */
      heading: words(),
      /** Caption of the table. */
      caption: words(),
      /** The rows: the spec shows exactly four universities. */
      universities: z.array(university).length(4, 'the spec shows 4 universities in the table'),
      /** Note under the table. */
      note: words().optional(),
      /** The table's column headings. */
      columns: z.object({ university: words(), fee: words(), eligibility: words(), admission: words(), website: words() }),
      /** The link to a university's website, and what screen readers hear after it ({name}). */
      visit: words(),
      visitHint: wordsWith('name'),
      /** Read in the website column of a university without one. */
      noLink: words(),
    }),
    /** Closing call to action. */
    cta: z.object({
      /** Heading of the block. */
      heading: words(),
      /** One or two sentences. */
      text: words(),
      /** Buttons. */
      actions: z.array(linkWords()).min(1),
    }),
  }),
});
