import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { PLACEHOLDERS } from '../../lib/whatsapp';
import { fromContent } from './loader';
import { text } from './fields';

/** Placeholders of a text that are not in PLACEHOLDERS. */
const unknownPlaceholders = (value: string) => [...value.matchAll(/\{(\w*)\}/g)].map((m) => m[1]!).filter((name) => !(PLACEHOLDERS as readonly string[]).includes(name));

/** One message staff can send from the admin. */
const template = z.object({
  /** A short stable name in lower case with hyphens, e.g. `first-reply`. */
  key: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lower-case letters, digits and hyphens, e.g. first-reply'),
  /** What staff see in the list, e.g. 'First reply to an enquiry'. */
  label: text().max(60, 'keep the label under 60 characters'),
  /** The message, with placeholders {name}, {institute}, {course}, {reference} and {staff}. */
  text: text()
    .max(1000, 'keep the message under 1000 characters: it must fit in a WhatsApp link')
    .superRefine((value, ctx) => {
      const unknown = unknownPlaceholders(value);
      if (unknown.length) {
        ctx.addIssue({ code: 'custom', message: `unknown placeholder ${unknown.map((n) => `{${n}}`).join(', ')}: use only ${PLACEHOLDERS.map((n) => `{${n}}`).join(', ')}` });
      }
    }),
});

/** The WhatsApp message templates of the admin (Today and a lead's page): `content/whatsapp.json`. */
export const whatsapp = defineCollection({
  loader: fromContent('whatsapp.json'),
  schema: z.object({
    /** The templates, in the order staff see them. */
    templates: z
      .array(template)
      .min(1, 'give at least one template')
      .superRefine((list, ctx) => {
        list.forEach((item, i) => {
          if (list.findIndex((other) => other.key === item.key) !== i) ctx.addIssue({ code: 'custom', path: [i, 'key'], message: `"${item.key}" is used by another template` });
        });
      }),
  }),
});
