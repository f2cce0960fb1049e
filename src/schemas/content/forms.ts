import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { fromContent } from './loader';
import { text, words } from './fields';

/**
 * The application forms' consent (/EmitraForm, /CSCForm, /IIBFForm, /NeilitForm):
 * `content/forms.json`. What they collect and why is their privacy notice, in
 * content/privacy-notice.json. The consent's version is stored with each application, with the time it
 * was given: change the version whenever the consent's text changes.
 */
export const forms = defineCollection({
  loader: fromContent('forms.json'),
  schema: z.object({
    /** The sentence beside the consent box, and its version. */
    applicationConsent: z.object({
      /** A short name of this wording, e.g. 2026-11-app: change it whenever `text` changes. */
      version: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/, 'must be 1 to 40 letters, digits, dots, hyphens or underscores, e.g. 2026-11-app'),
      /**
       * What the applicant agrees to by ticking the box, in English and Hindi. The version names the
       * pair: an application records it with '.hi' after it when the Hindi was shown.
       */
      text: words(text().max(500, 'keep it under 500 characters')),
    }),
  }),
});
