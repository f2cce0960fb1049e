import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { fromContent } from './loader';
import { seoWords, words } from './fields';

/** The public application status page (/applicationStatus): `content/application-status.json`. */
export const applicationStatus = defineCollection({
  loader: fromContent('application-status.json'),
  schema: z.object({
    /** Title and description for search engines. */
    seo: seoWords(),
    /** The page heading. */
    title: words(),
    /** The line under the heading. */
    intro: words(),
    /** Heading above the form. */
    formHeading: words(),
    /** The form's labels, hints and button. */
    labels: z.object({
      /** The reference field. */
      reference: words(),
      /** Where the reference is found, under its field. */
      referenceHint: words(),
      /** The mobile number field. */
      mobile: words(),
      /** Which mobile number, under its field. */
      mobileHint: words(),
      /** The submit button. */
      submit: words(),
      /** The button and status line while the question is on its way, e.g. "Checking...". */
      sending: words(),
      /** Shown when the status link of the e-mail did not work and the server said nothing more. */
      linkFailed: words(),
    }),
    /** The answer's heading and the names of its lines. */
    answer: z.object({
      /** Heading of the answer. */
      heading: words(),
      /** The reference line. */
      reference: words(),
      /** Which form it is. */
      form: words(),
      /** The status line. */
      status: words(),
      /** When the status last changed. */
      updated: words(),
    }),
    /** A box under the form for an applicant without the reference. */
    help: z.object({
      /** Its heading. */
      heading: words(),
      /** Its text. */
      text: words(),
    }),
  }),
});
