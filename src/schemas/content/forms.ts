import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { fromContent } from './loader';
import { text, words } from './fields';

/** A line shown after a bold "what" and a colon, ending with the page's own full stop. */
const clause = (max: number) =>
  words(
    text()
      .max(max, `keep it under ${max} characters`)
      .refine((v) => !/[.!?।]$/.test(v), 'leave out the full stop at the end: the page adds it'),
  );

/** One kind of detail the application forms collect, and why. */
const item = z.object({
  /** What is collected, e.g. "Your mobile number and e-mail address". */
  what: words(text().max(120, 'keep it under 120 characters')),
  /** Why, and who sees it, without a full stop at the end. */
  why: clause(300),
});

/**
 * The application forms' notice and consent (/EmitraForm, /CSCForm, /IIBFForm, /NeilitForm):
 * `content/forms.json`. The consent's version is stored with each application, with the time it
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
    /** What is collected and why, shown above each form before anything is typed. */
    notice: z.object({
      /** The notice's heading, e.g. "What we collect and why". */
      title: words(text().max(80, 'keep the title under 80 characters')),
      /** What is collected, item by item: identity, contact, ID numbers and bank, documents. */
      items: z.array(item).min(1, 'give at least one item'),
      /** Who sees the details and how long they are kept; {days} is replaced by the retention period (RETENTION_DAYS, 180 unless set). */
      retention: words(text().refine((v) => v.includes('{days}'), 'must say how long with {days}, which the page replaces by the number of days')),
      /** How to ask to see, correct or delete the details. */
      rights: words(),
    }),
  }),
});
