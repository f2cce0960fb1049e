import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { fromContent } from './loader';
import { seo, text, href, link } from './fields';

/** The spec's hero headline, word for word. */
const HEADLINE = 'Crafting Careers, Empowering Learners';

/** The nine service tiles of the spec, in order: title and where each one goes. */
const SERVICES = [
  ['Courses', '/coursePage'],
  ['Degree Courses', '/degree'],
  ['Open Board', '/openBoard'],
  ['E-Mitra', '/emitra'],
  ['CSC Services', '/cscService'],
  ['Aadhar Service', '/aadharPage'],
  ['IIBF Services', '/iibf'],
  ['NIELIT Courses', '/nielit'],
  ['Website Design', '/web'],
] as const;

/** The pictures the service tiles can show. */
export const serviceIcons = ['courses', 'degree', 'board', 'emitra', 'csc', 'aadhar', 'iibf', 'nielit', 'web'] as const;

/** One service tile (home page and /services). */
const serviceTile = z.object({
  /** Tile heading, e.g. "Courses". */
  title: text(),
  /** Small count or badge under the heading, e.g. "29 Courses" or "10+2"; leave out if none. */
  count: text().optional(),
  /** One short line for the home page tile. */
  summary: text().max(110, 'keep the tile line under 110 characters'),
  /** One paragraph for the /services page. */
  description: text().min(120, 'write a full paragraph (at least 120 characters)'),
  /** The page the tile links to. */
  href: href(),
  /** Which picture the tile shows. */
  icon: z.enum(serviceIcons),
});

/** Home page: `content/home.json`. Also holds the copy of the /services page, which reuses the tiles. */
export const home = defineCollection({
  loader: fromContent('home.json'),
  schema: ({ image }) =>
    z.object({
      /** Title and description for search engines. */
      seo: seo(),
      /** The opening text block (the page's h1; text only, so it paints at once). */
      hero: z.object({
        /** Small line above the headline. */
        eyebrow: text().optional(),
        /** The headline: the spec fixes it as 'Crafting Careers, Empowering Learners'. */
        headline: z.literal(HEADLINE, { message: `the spec fixes the headline as '${HEADLINE}'` }),
        /** One or two sentences under the headline. */
        subline: text().max(220, 'keep the subline under 220 characters'),
        /** The main button: Get Started, to /coursePage. */
        getStarted: link().refine((l) => l.href === '/coursePage', 'Get Started goes to /coursePage'),
        /** The second button: Apply Now, to /apply. */
        apply: link(),
        /** Three or four short facts under the buttons, e.g. "Smart-board classrooms". */
        highlights: z.array(text()).max(4).default([]),
      }),
      /** The banner carousel: exactly 3 pictures, all with the same shape (e.g. 1200x450). */
      banners: z.object({
        /** Accessible name of the carousel. */
        label: text(),
        /** The pictures, each with a description for people who cannot see it. */
        slides: z
          .array(
            z.object({
              /** The picture (all three must have the same width:height ratio). */
              image: image(),
              /** What the picture shows. */
              alt: text(),
            }),
          )
          .length(3, 'the spec shows 3 banner pictures'),
      }),
      /** The service tiles. */
      services: z.object({
        /** Heading above the tiles on the home page. */
        heading: text(),
        /** Line under the heading. */
        intro: text().optional(),
        /** The nine tiles, in the spec's order, with the spec's titles and links. */
        tiles: z
          .array(serviceTile)
          .length(SERVICES.length, `the spec lists ${SERVICES.length} service tiles`)
          .superRefine((tiles, ctx) => {
            tiles.forEach((tile, i) => {
              const [title, path] = SERVICES[i]!;
              if (tile.title !== title || tile.href !== path)
                ctx.addIssue({ code: 'custom', path: [i], message: `tile ${i + 1} must be '${title}' linking to ${path}` });
            });
          }),
        /** The View More button, to /services. */
        more: link().refine((l) => l.href === '/services', 'View More goes to /services'),
      }),
      /** The /services page, which shows the same nine tiles with their paragraphs. */
      servicesPage: z.object({
        /** Title and description for search engines. */
        seo: seo(),
        /** The page's main heading. */
        title: text(),
        /** Introduction under the heading. */
        intro: text(),
        /** Heading above the tiles (for screen-reader users, shown small). */
        heading: text(),
        /** Closing line with a button, e.g. to the contact form. */
        closing: z.object({ text: text(), action: link() }),
      }),
      /** The video and about block. */
      about: z.object({
        /** Heading: 'Nurturing Tomorrow's Leaders Today'. */
        heading: text(),
        /** Paragraphs; "{established}" is replaced by the month and year in site.json. */
        paragraphs: z
          .array(text())
          .min(1)
          .refine((ps) => ps.some((p) => p.includes('{established}')), 'one paragraph must mention {established}'),
        /** Facilities, as a tick list. */
        points: z.array(text()).default([]),
        /** Link under the text, e.g. to /about. */
        action: link().optional(),
        /** The promotional video. */
        video: z.object({
          /** File in public/, e.g. "/media/promo.mp4". */
          src: z.string().regex(/^\/media\/[\w.-]+\.mp4$/, 'must be an .mp4 file in public/media/, e.g. /media/promo.mp4'),
          /** Still picture shown before it plays (16:9, e.g. 800x450). */
          poster: image(),
          /** What the video shows: the caption under it and its text alternative. */
          caption: text(),
        }),
      }),
      /** Heading and introduction of the team section (the members are in team.json). */
      team: z.object({
        /** Section heading. */
        heading: text(),
        /** Line under the heading. */
        intro: text().optional(),
      }),
      /** Heading and introduction of the testimonials (the items are in testimonials.json). */
      testimonials: z.object({
        /** Section heading: 'What Student Says'. */
        heading: text(),
        /** Accessible name of the carousel, e.g. "Student testimonials" (must differ from the heading). */
        carouselLabel: text(),
        /** Line under the heading. */
        intro: text().optional(),
      }),
      /** The contact block at the end of the page. */
      contact: z.object({
        /** Section heading. */
        heading: text(),
        /** Line under the heading. */
        intro: text(),
        /** Heading over the address, phone and e-mail. */
        detailsHeading: text(),
        /** Labels of the message form. */
        form: z.object({
          /** Heading over the form. */
          heading: text(),
          /** Label of the name field. */
          name: text(),
          /** Label of the phone field. */
          phone: text(),
          /** Label of the message field: 'Subject' (the subject the visitor is interested in). */
          subject: text(),
          /** Hint under the Subject field. */
          subjectHint: text().optional(),
          /** Text of the send button. */
          submit: text(),
        }),
        /** Text of the Pay Now button. */
        payNow: text(),
        /** Line next to the Pay Now button. */
        payNowIntro: text().optional(),
      }),
      /** The Pay Now dialog (the account details themselves are in site.json, under bank). */
      payment: z.object({
        /** Heading of the dialog. */
        heading: text(),
        /** Line under the heading. */
        intro: text(),
        /** Heading over the bank details. */
        bankHeading: text(),
        /** Heading over the contact details. */
        contactHeading: text(),
        /** The line above the merchant UPI ID and the link to /account, where each due has its own amount and reference. */
        upiNote: text(),
      }),
    }),
});
