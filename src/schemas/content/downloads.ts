import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fromContent } from './loader';
import { seoWords, text, words } from './fields';

/** Path of a PDF in public/forms/ that exists, so no Download link ends in a missing file. */
const pdfFile = () =>
  z
    .string()
    .regex(/^\/forms\/[a-z0-9-]+\.pdf$/, 'must be a PDF in public/forms/, e.g. /forms/ews-certificate.pdf')
    .refine((file) => existsSync(path.join(process.cwd(), 'public', file)), {
      message: 'no such file in public/forms/ (add the PDF, or make a placeholder with scripts/placeholder-pdf.mjs)',
    });

/** One downloadable form. */
const form = z.object({
  /** Serial number shown in the first column: 1 to 18, in order. */
  id: z.number().int().positive(),
  /** Name of the form, shown in both languages on both pages (the form itself is printed in Hindi). */
  name: z.object({
    /** In Hindi, as printed on the form. */
    hindi: text(),
    /** In English. */
    english: text(),
  }),
  /** The PDF, e.g. "/forms/ews-certificate.pdf"; forms listed twice may share one file. */
  link: pdfFile(),
});

/** Downloads page: `content/downloads.json`. */
export const downloads = defineCollection({
  loader: fromContent('downloads.json'),
  schema: z.object({
    /** Title and description for search engines. */
    seo: seoWords(),
    /** Opening band. */
    hero: z.object({
      /** The page's main heading. */
      title: words(),
      /** One or two sentences under the heading. */
      intro: words(),
    }),
    /** Heading above the table, also its accessible name. */
    tableHeading: words(),
    /** The table's column names and link words. */
    table: z.object({
      /** The table's accessible name, with {heading}. */
      label: words(),
      /** The serial number column. */
      number: words(),
      /** The form name column. */
      name: words(),
      /** The download column and each row's link. */
      download: words(),
      /** Read after a link: it is a PDF opening in a new tab. */
      pdfHint: words(),
    }),
    /** Note under the table (how to fill and submit the forms). */
    note: words(),
    /** The government scheme and certificate forms: the spec fixes 18. */
    forms: z
      .array(form)
      .length(18, 'the spec lists 18 forms')
      .refine((forms) => forms.every((f, i) => f.id === i + 1), 'number the forms 1 to 18, in order'),
  }),
});
