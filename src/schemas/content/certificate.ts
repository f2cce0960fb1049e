import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { fromContent } from './loader';
import { text } from './fields';

/** The placeholders a certificate's statement must carry, each once. */
export const CERTIFICATE_PLACEHOLDERS = ['name', 'course', 'startsOn', 'endsOn'] as const;

/** The statement: every placeholder exactly once, no other. */
const statement = () =>
  text()
    .max(400, 'keep the statement under 400 characters: it must fit on the page')
    .superRefine((value, ctx) => {
      const used = [...value.matchAll(/\{(\w*)\}/g)].map((m) => m[1]!);
      const unknown = used.filter((name) => !(CERTIFICATE_PLACEHOLDERS as readonly string[]).includes(name));
      if (unknown.length) ctx.addIssue({ code: 'custom', message: `unknown placeholder ${unknown.map((n) => `{${n}}`).join(', ')}` });
      for (const name of CERTIFICATE_PLACEHOLDERS) {
        const times = used.filter((u) => u === name).length;
        if (times !== 1) ctx.addIssue({ code: 'custom', message: `must contain {${name}} exactly once (found ${times})` });
      }
    });

/** The words of the certificate in one language. */
const wording = z.object({
  /** The certificate's title, e.g. 'Certificate of Completion'. */
  heading: text().max(80, 'keep the heading under 80 characters'),
  /** The sentence with {name}, {course}, {startsOn} and {endsOn}. */
  statement: statement(),
  /** The label before the grade. */
  grade: text().max(40),
  /** The label before the marks. */
  marks: text().max(40),
  /** The label before the issue date. */
  issuedOn: text().max(40),
  /** The label before the certificate number. */
  number: text().max(40),
  /** The line beside the QR code telling how to check the certificate. */
  verify: text().max(200),
  /** Under the signature line, e.g. 'Director'. */
  signature: text().max(40),
});

/** The printed certificate's wording in English and Hindi: `content/certificate.json`. */
export const certificate = defineCollection({
  loader: fromContent('certificate.json'),
  schema: z.object({
    /** English. */
    english: wording,
    /** Hindi, in Devanagari (the page ships a Devanagari font). */
    hindi: wording.extend({
      heading: text()
        .max(80)
        .regex(/[\u0900-\u097F]/, 'write the Hindi heading in Devanagari'),
    }),
  }),
});
