import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { fromContent } from './loader';
import { seoWords, words, wordsWith, rupees, linkWords } from './fields';

/** Website design page (/web): `content/web-packages.json`. */
export const webPackages = defineCollection({
  loader: fromContent('web-packages.json'),
  schema: z.object({
    /** Title and description for search engines. */
    seo: seoWords(),
    /** Opening band of the page. */
    hero: z.object({
      /** The page's main heading. */
      title: words(),
      /** One or two sentences under the heading. */
      intro: words(),
    }),
    /** Heading above the package cards. */
    heading: words(),
    /** The packages: the spec lists Basic, Standard and Premium. */
    packages: z
      .array(
        z.object({
          /** Package name, e.g. "Basic". */
          name: words(),
          /** Price in rupees, as a plain number (shown as ₹4,999). */
          price: rupees(),
          /** How many pages, e.g. "3 pages". */
          pages: words(),
          /** Delivery time, e.g. "7 to 10 days". */
          delivery: words(),
          /** What is included, one item per line. */
          features: z.array(words()).min(1),
          /** Highlight this card as the most chosen one. */
          featured: z.boolean().default(false),
        }),
      )
      .length(3, 'the spec lists 3 packages: Basic, Standard and Premium'),
    /** The enquiry button on every card; the package name is added for screen readers. */
    enquiry: linkWords(),
    /** Words on every card: the badge of the featured one, the names of its facts, what screen readers hear after the enquiry button. */
    labels: z.object({
      /** Badge of the featured card: 'Most chosen'. */
      featured: words(),
      pages: words(),
      delivery: words(),
      /** After the enquiry button, for screen readers: 'about the {name} package'. */
      enquiryHint: wordsWith('name'),
      /** A package as search engines read it: '{name} package'. */
      offer: wordsWith('name'),
    }),
    /** Small print under the cards (domain, hosting, payment terms). */
    note: words().optional(),
  }),
});
