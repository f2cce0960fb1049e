import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { fromContent } from './loader';
import { text } from './fields';

/** One term of the site and the Hindi every writer uses for it. */
const term = z.object({
  /** The English term as the site uses it, e.g. "admission". */
  en: text(),
  /** Its Hindi, in Devanagari (English words people use stay, written in Devanagari: कोर्स, फ़ॉर्म). */
  hi: text().refine((value) => /[\u0900-\u097F]/.test(value) || !/[a-z]/.test(value), {
    message: 'write the Hindi term in Devanagari (only codes such as OTP stay in Latin letters)',
  }),
  /** Why this word was chosen, or where a second word fits, in one line; leave out when there was no choice. */
  note: text().optional(),
});

/**
 * The glossary: `content/glossary.json`. Not shown on the site; it keeps the Hindi of content/,
 * the messages and the e-mails consistent, one word for one thing.
 */
export const glossary = defineCollection({
  loader: fromContent('glossary.json'),
  schema: z.object({
    /** The terms, in alphabetical order of the English. */
    terms: z
      .array(term)
      .min(30, 'the glossary keeps at least 30 terms')
      .superRefine((terms, ctx) => {
        const seen = new Set<string>();
        terms.forEach((t, i) => {
          const key = t.en.toLowerCase();
          if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'en'], message: `"${t.en}" is listed twice` });
          seen.add(key);
        });
      }),
  }),
});
