import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { fromContent } from './loader';
import { text, words } from './fields';

/** Students' words shown in the home page carousel: `content/testimonials.json`. */
export const testimonials = defineCollection({
  loader: fromContent('testimonials.json'),
  schema: ({ image }) =>
    z.object({
      /** The testimonials, in the order shown: the spec has exactly 6. */
      items: z
        .array(
          z.object({
            /** Unique number of the testimonial. */
            id: z.number().int().positive(),
            /** Student's name. */
            name: text(),
            /** What the student said, two to four sentences, with its faithful Hindi. */
            content: words(z.string().trim().min(1, 'must not be empty').max(400, 'keep a testimonial under 400 characters')),
            /** Stars given, a whole number from 1 to 5. */
            rating: z.number().int('use a whole number of stars').min(1).max(5),
            /** Square photo of the student (200x200 is plenty). */
            image: image(),
            /** Where the student works or studies now; leave it out to show nothing. */
            company: words().optional(),
          }),
        )
        .length(6, 'the spec has 6 testimonials')
        .refine((items) => new Set(items.map((t) => t.id)).size === items.length, 'each testimonial needs a different id'),
    }),
});
