import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { fromContent } from './loader';
import { text, words } from './fields';

/** The team shown on the home page: `content/team.json`. */
export const team = defineCollection({
  loader: fromContent('team.json'),
  schema: ({ image }) =>
    z.object({
      /** The director and two faculty members (computer, law): the spec shows exactly 3. */
      members: z
        .array(
          z.object({
            /** Full name. */
            name: text(),
            /** Role at the institute, e.g. "Director". */
            role: words(),
            /** Square photo (600x600 or smaller). */
            img: image(),
            /** Short bio, two or three sentences. */
            desc: words(z.string().trim().min(1, 'must not be empty').max(320, 'keep the bio under 320 characters')),
          }),
        )
        .length(3, 'the spec shows 3 team members: the director, a computer and a law faculty member'),
    }),
});
