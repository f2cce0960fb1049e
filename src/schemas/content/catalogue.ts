import { defineCollection, type SchemaContext } from 'astro:content';
import { z } from 'astro/zod';
import { fromContent } from './loader';
import { seoWords, text, words, rupees } from './fields';

/** The spec's ten categories, in order and spelled as the product spells them. */
export const CATEGORY_NAMES = [
  'Digital Literacy',
  'Digital Marketing',
  'Web Development',
  'Graphic Design',
  'Office Skills',
  'Finance and Accounts',
  'LAW',
  'Commmunication Skills',
  'Programming Language',
  'All Courses',
] as const;

/** Anchor-safe name of a category, used in the page address (#digital-literacy). */
const slug = () => z.string().regex(/^[a-z][a-z0-9-]*$/, 'use lower-case letters, digits and dashes, e.g. digital-literacy');

/** One course card. */
const course = (image: SchemaContext['image']) =>
  z
    .object({
      /** Course name, e.g. "RS-CIT". */
      title: text(),
      /** One line under the title (also the course description for search engines). */
      subtitle: words().optional(),
      /** Price in rupees, e.g. 4200 or 97.33. */
      price: rupees(),
      /** The price before a discount, shown struck through; leave out if none. */
      oldPrice: rupees().optional(),
      /** How long the course runs: 1 to 6 months, e.g. "3 Months". */
      duration: z.string().regex(/^[1-6] Months?$/, 'write 1 to 6 months as "1 Month" or "3 Months"'),
      /** Small badge on the card, e.g. "Featured Course"; leave out if none. */
      label: words().optional(),
      /** Card picture, 3:2 (600x400). */
      image: image(),
    })
    .refine((c) => c.oldPrice === undefined || c.oldPrice > c.price, {
      message: 'oldPrice must be higher than price',
      path: ['oldPrice'],
    });

/** Courses page (/coursePage): `content/catalogue.json`. */
export const catalogue = defineCollection({
  loader: fromContent('catalogue.json'),
  schema: ({ image }) => {
    /** A category with its own cards. */
    const category = z.object({
      /** Tab name, the English exactly as in the spec. */
      name: words(),
      /** Anchor of its panel, e.g. "digital-literacy". */
      id: slug(),
      /** Its course cards, in the order shown. */
      courses: z.array(course(image)).min(1, 'a category needs at least one course'),
    });
    /** The last tab: it has no cards of its own and shows every card of the other categories. */
    const allCategory = z.object({
      /** Tab name: 'All Courses'. */
      name: words().refine((w) => w.en === 'All Courses', { message: "the last tab is 'All Courses'", path: ['en'] }),
      /** Anchor of its panel, e.g. "all-courses". */
      id: slug(),
      /** Marks the tab that gathers all the other categories' cards (write true; add no courses here). */
      showsAll: z.literal(true),
    });
    return z.object({
      /** Title and description for search engines. */
      seo: seoWords(),
      /** Opening band of the page. */
      hero: z.object({
        /** The page's main heading: 'Courses'. */
        title: words().refine((w) => w.en === 'Courses', { message: "the spec fixes the heading as 'Courses'", path: ['en'] }),
        /** One or two sentences under the heading. */
        intro: words(),
      }),
      /** Accessible name of the row of category tabs. */
      tabsLabel: words(),
      /** Text of the button on every card, which opens the app store listing. */
      buyLabel: words(),
      /** Badge over a struck-through price, read to screen readers: 'Original price'. */
      oldPriceLabel: words(),
      /** The nine categories with cards, then 'All Courses' (which lists them all, built by the page). */
      categories: z
        .tuple([
          category,
          category,
          category,
          category,
          category,
          category,
          category,
          category,
          category,
          allCategory,
        ])
        .superRefine((cats, ctx) => {
          cats.forEach((cat, i) => {
            if (cat.name.en !== CATEGORY_NAMES[i])
              ctx.addIssue({ code: 'custom', path: [i, 'name', 'en'], message: `category ${i + 1} must be named '${CATEGORY_NAMES[i]}'` });
          });
          if (new Set(cats.map((c) => c.id)).size !== cats.length)
            ctx.addIssue({ code: 'custom', message: 'each category needs a different id' });
        }),
      /** Line under the cards about buying through the app. */
      note: words().optional(),
    });
  },
});
