import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { fromContent } from './loader';
import { seo, text } from './fields';

/** The public application status page (/applicationStatus): `content/application-status.json`. */
export const applicationStatus = defineCollection({
  loader: fromContent('application-status.json'),
  schema: z.object({
    /** Title and description for search engines. */
    seo: seo(),
    /** The page heading. */
    title: text(),
    /** The line under the heading. */
    intro: text(),
    /** Heading above the form. */
    formHeading: text(),
    /** The form's labels, hints and button. */
    labels: z.object({
      /** The reference field. */
      reference: text(),
      /** Where the reference is found, under its field. */
      referenceHint: text(),
      /** The mobile number field. */
      mobile: text(),
      /** Which mobile number, under its field. */
      mobileHint: text(),
      /** The submit button. */
      submit: text(),
      /** The button and status line while the question is on its way, e.g. "Checking...". */
      sending: text(),
    }),
    /** The answer's heading and the names of its lines. */
    answer: z.object({
      /** Heading of the answer. */
      heading: text(),
      /** The reference line. */
      reference: text(),
      /** Which form it is. */
      form: text(),
      /** The status line. */
      status: text(),
      /** When the status last changed. */
      updated: text(),
    }),
    /** A box under the form for an applicant without the reference. */
    help: z.object({
      /** Its heading. */
      heading: text(),
      /** Its text. */
      text: text(),
    }),
  }),
});
