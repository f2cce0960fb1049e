import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { fromContent } from './loader';
import { seo, text, rupees, link } from './fields';

/** Website design page (/web): `content/web-packages.json`. */
export const webPackages = defineCollection({
  loader: fromContent('web-packages.json'),
  schema: z.object({
    /** Title and description for search engines. */
    seo: seo(),
    /** Opening band of the page. */
    hero: z.object({
      /** The page's main heading. */
      title: text(),
      /** One or two sentences under the heading. */
      intro: text(),
    }),
    /** Heading above the package cards. */
    heading: text(),
    /** The packages: the spec lists Basic, Standard and Premium. */
    packages: z
      .array(
        z.object({
          /** Package name, e.g. "Basic". */
          name: text(),
          /** Price in rupees, as a plain number (shown as ₹4,999). */
          price: rupees(),
          /** How many pages, e.g. "3 pages". */
          pages: text(),
          /** Delivery time, e.g. "7 to 10 days". */
          delivery: text(),
          /** What is included, one item per line. */
          features: z.array(text()).min(1),
          /** Highlight this card as the most chosen one. */
          featured: z.boolean().default(false),
        }),
      )
      .length(3, 'the spec lists 3 packages: Basic, Standard and Premium'),
    /** The enquiry button on every card; the package name is added for screen readers. */
    enquiry: link(),
    /** Small print under the cards (domain, hosting, payment terms). */
    note: text().optional(),
  }),
});
