/**
 * Field schemas shared by the content collections. Messages are written for the editor who
 * changed a file in content/: Astro prints them with the file and the field's path.
 */
import { z } from 'astro/zod';

/** A non-empty line of text, trimmed. */
export const text = () => z.string().trim().min(1, 'must not be empty');

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

/** A link with its visible label. */
export const link = () =>
  z.object({
    /** Visible text of the link or button. */
    label: text(),
    /** Where it goes. */
    href: href(),
  });

/** A titled block of prose paragraphs. */
export const section = () =>
  z.object({
    /** Heading of the block. */
    heading: text(),
    /** Paragraphs, in order. */
    paragraphs: z.array(text()).default([]),
    /** Optional bullet points after the paragraphs. */
    points: z.array(text()).default([]),
  });
