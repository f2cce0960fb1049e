/**
 * Field schemas shared by the content collections. Messages are written for the editor who
 * changed a file in content/: Astro prints them with the file and the field's path.
 */
import { z } from 'astro/zod';

/** A non-empty line of text, trimmed. */
export const text = () => z.string().trim().min(1, 'must not be empty');

/**
 * Words a visitor reads, in English and in Hindi beside it: `{ "en": "About us", "hi": "हमारे बारे
 * में" }`. A missing or empty Hindi fails the build with the file and the field. Names, course
 * codes, phone numbers and addresses are the same in both languages and stay plain `text()`.
 * Pages read the words in their own language (`single` in src/lib/content.ts).
 */
export const words = <T extends z.ZodType<string> = ReturnType<typeof text>>(inner?: T) =>
  z.strictObject(
    {
      en: (inner ?? text()) as T,
      // English letters with no Devanagari at all is the English copied, not yet written in Hindi.
      hi: ((inner ?? text()) as T).refine((value) => /[\u0900-\u097F]/.test(value) || !/[A-Za-z]/.test(value), {
        message: 'write the Hindi here (in Devanagari), beside the English',
      }),
    },
    {
      error: (issue) =>
        issue.code === 'invalid_type'
          ? 'needs the English and the Hindi: { "en": "…", "hi": "…" }'
          : issue.code === 'unrecognized_keys'
            ? 'only "en" and "hi" belong here'
            : undefined,
    },
  );

/** A site path such as `/coursePage`, or an absolute http(s) address. */
export const href = () =>
  z
    .string()
    .trim()
    .refine((v) => v.startsWith('/') || /^https?:\/\//.test(v) || /^(mailto|tel):/.test(v), {
      message: 'must start with "/" (a page of this site) or be a full http(s), mailto: or tel: address',
    });

/** A price in whole or fractional rupees. */
export const rupees = () => z.number({ message: 'must be a number of rupees, without quotes or commas' }).nonnegative();

/** Page title and description for search engines and link previews. */
export const seo = () =>
  z.object({
    /** Shown in the browser tab before the institute name, e.g. "Open-Board". */
    title: text().max(60, 'keep the title under 60 characters'),
    /** One or two sentences shown by search engines, 50 to 160 characters. */
    description: text().min(50, 'write at least 50 characters').max(160, 'keep it under 160 characters'),
  });

/** Page title and description for search engines and link previews, in English and Hindi. */
export const seoWords = () =>
  z.object({
    /** Shown in the browser tab before the institute name, e.g. "Open-Board". */
    title: words(text().max(60, 'keep the title under 60 characters')),
    /** One or two sentences shown by search engines, 50 to 160 characters. */
    description: words(text().min(50, 'write at least 50 characters').max(160, 'keep it under 160 characters')),
  });

/** A link with its visible label in English and Hindi. */
export const linkWords = () =>
  z.object({
    /** Visible text of the link or button. */
    label: words(),
    /** Where it goes (a page of this site leads to its Hindi twin from a Hindi page). */
    href: href(),
  });

/** A titled block of prose paragraphs, in English and Hindi. */
export const sectionWords = () =>
  z.object({
    /** Heading of the block. */
    heading: words(),
    /** Paragraphs, in order. */
    paragraphs: z.array(words()).default([]),
    /** Optional bullet points after the paragraphs. */
    points: z.array(words()).default([]),
  });

/** Words with placeholders such as `{name}`, which the page fills: both languages must keep each one. */
export const wordsWith = (...placeholders: string[]) =>
  words().superRefine((value, ctx) => {
    for (const name of placeholders)
      for (const locale of ['en', 'hi'] as const)
        if (!value[locale].includes(`{${name}}`)) ctx.addIssue({ code: 'custom', path: [locale], message: `must contain {${name}}, which the page fills in` });
  });
