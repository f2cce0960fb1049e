import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { fromContent } from './loader';
import { seoWords, sectionWords, words } from './fields';
import { documentList, serviceHero } from './service-page';

/** A downloadable PDF form kept in public/forms/. */
const pdfForm = z.object({
  /** Name of the form, e.g. "E-Mitra kiosk application form". */
  label: words(),
  /** What the form is for, one sentence. */
  note: words(),
  /** Path of the PDF under public/, e.g. "/forms/emitra-affidavit.pdf". */
  file: z.string().regex(/^\/forms\/[a-z0-9-]+\.pdf$/, 'must be a PDF in public/forms/, e.g. /forms/emitra-affidavit.pdf'),
});

/** E-Mitra kiosk page: `content/emitra.json`. */
export const emitra = defineCollection({
  loader: fromContent('emitra.json'),
  schema: z.object({
    /** Title and description for search engines. */
    seo: seoWords(),
    /** Opening band with SEND A QUERY and APPLY ONLINE FOR E-MITRA. */
    hero: serviceHero([
      ['SEND A QUERY', '/contactForm'],
      ['APPLY ONLINE FOR E-MITRA', '/EmitraForm'],
    ]),
    /** What E-Mitra is and what a kiosk offers. */
    about: sectionWords().extend({
      /** Heading above the points, e.g. 'Services at a kiosk'. */
      pointsHeading: words(),
    }),
    /** How we help an applicant, step by step. */
    steps: z.object({
      /** Heading of the steps. */
      heading: words(),
      /** Names the block of the steps and the forms together, for screen readers. */
      groupLabel: words(),
      /** The steps, in order. */
      items: z.array(words()).min(2),
    }),
    /** The three forms to print and fill: kiosk application, affidavit, 13 points. */
    forms: z.object({
      /** Heading of the block. */
      heading: words(),
      /** Sentence under the heading. */
      intro: words(),
      /** The forms, in order. */
      items: z.array(pdfForm).length(3, 'the spec lists 3 forms: kiosk application, affidavit, 13 points'),
    }),
    /** Documents an applicant brings: the spec fixes 11. */
    documents: documentList(11),
    /** Closing band repeating the buttons. */
    closing: z.object({
      /** Heading of the band. */
      heading: words(),
      /** Sentence under the heading. */
      text: words(),
    }),
  }),
});
