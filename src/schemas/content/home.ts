import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { fromContent } from './loader';
import { seoWords, words, href, linkWords } from './fields';

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
  /** Tile heading, e.g. "Courses" (the English as the spec words it). */
  title: words(),
  /** Small count or badge under the heading, e.g. "29 Courses" or "10+2"; leave out if none. */
  count: words().optional(),
  /** One short line for the home page tile. */
  summary: words(z.string().trim().min(1, 'must not be empty').max(110, 'keep the tile line under 110 characters')),
  /** One paragraph for the /services page. */
  description: words(z.string().trim().min(120, 'write a full paragraph (at least 120 characters)')),
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
      seo: seoWords(),
      /** The opening text block (the page's h1; text only, so it paints at once). */
      hero: z.object({
        /** Small line above the headline. */
        eyebrow: words().optional(),
        /** The headline: the spec fixes it as 'Crafting Careers, Empowering Learners'. */
        headline: words().refine((w) => w.en === HEADLINE, { message: `the spec fixes the headline as '${HEADLINE}'`, path: ['en'] }),
        /** One or two sentences under the headline. */
        subline: words(z.string().trim().min(1, 'must not be empty').max(220, 'keep the subline under 220 characters')),
        /** The main button: Get Started, to /coursePage. */
        getStarted: linkWords().refine((l) => l.href === '/coursePage', 'Get Started goes to /coursePage'),
        /** The second button: Apply Now, to /apply. */
        apply: linkWords(),
        /** Three or four short facts under the buttons, e.g. "Smart-board classrooms". */
        highlights: z.array(words()).max(4).default([]),
      }),
      /** The banner carousel: exactly 3 pictures, all with the same shape (e.g. 1200x450). */
      banners: z.object({
        /** Accessible name of the carousel. */
        label: words(),
        /** The pictures, each with a description for people who cannot see it. */
        slides: z
          .array(
            z.object({
              /** The picture (all three must have the same width:height ratio). */
              image: image(),
              /** What the picture shows. */
              alt: words(),
            }),
          )
          .length(3, 'the spec shows 3 banner pictures'),
      }),
      /** The service tiles. */
      services: z.object({
        /** Heading above the tiles on the home page. */
        heading: words(),
        /** Line under the heading. */
        intro: words().optional(),
        /** The nine tiles, in the spec's order, with the spec's titles and links. */
        tiles: z
          .array(serviceTile)
          .length(SERVICES.length, `the spec lists ${SERVICES.length} service tiles`)
          .superRefine((tiles, ctx) => {
            tiles.forEach((tile, i) => {
              const [title, path] = SERVICES[i]!;
              if (tile.title.en !== title || tile.href !== path)
                ctx.addIssue({ code: 'custom', path: [i], message: `tile ${i + 1} must be '${title}' linking to ${path}` });
            });
          }),
        /** The View More button, to /services. */
        more: linkWords().refine((l) => l.href === '/services', 'View More goes to /services'),
      }),
      /** The /services page, which shows the same nine tiles with their paragraphs. */
      servicesPage: z.object({
        /** Title and description for search engines. */
        seo: seoWords(),
        /** The page's main heading. */
        title: words(),
        /** Introduction under the heading. */
        intro: words(),
        /** Heading above the tiles (for screen-reader users, shown small). */
        heading: words(),
        /** Closing line with a button, e.g. to the contact form. */
        closing: z.object({ text: words(), action: linkWords() }),
      }),
      /** The video and about block. */
      about: z.object({
        /** Heading: 'Nurturing Tomorrow's Leaders Today'. */
        heading: words(),
        /** Paragraphs; "{established}" is replaced by the month and year in site.json. */
        paragraphs: z
          .array(words())
          .min(1)
          .refine((ps) => ps.some((p) => p.en.includes('{established}') && p.hi.includes('{established}')), 'one paragraph must mention {established} (in both languages)'),
        /** Facilities, as a tick list. */
        points: z.array(words()).default([]),
        /** Link under the text, e.g. to /about. */
        action: linkWords().optional(),
        /** The promotional video. */
        video: z.object({
          /** File in public/, e.g. "/media/promo.mp4". */
          src: z.string().regex(/^\/media\/[\w.-]+\.mp4$/, 'must be an .mp4 file in public/media/, e.g. /media/promo.mp4'),
          /** Still picture shown before it plays (16:9, e.g. 800x450). */
          poster: image(),
          /** What the video shows: the caption under it and its text alternative. */
          caption: words(),
        }),
      }),
      /** Heading and introduction of the team section (the members are in team.json). */
      team: z.object({
        /** Section heading. */
        heading: words(),
        /** Line under the heading. */
        intro: words().optional(),
      }),
      /** Heading and introduction of the testimonials (the items are in testimonials.json). */
      testimonials: z.object({
        /** Section heading: 'What Student Says'. */
        heading: words(),
        /** Accessible name of the carousel, e.g. "Student testimonials" (must differ from the heading). */
        carouselLabel: words(),
        /** Line under the heading. */
        intro: words().optional(),
      }),
      /** The contact block at the end of the page. */
      contact: z.object({
        /** Section heading. */
        heading: words(),
        /** Line under the heading. */
        intro: words(),
        /** Heading over the address, phone and e-mail. */
        detailsHeading: words(),
        /** Labels of the message form. */
        form: z.object({
          /** Heading over the form. */
          heading: words(),
          /** Label of the name field. */
          name: words(),
          /** Label of the phone field. */
          phone: words(),
          /** Label of the message field: 'Subject' (the subject the visitor is interested in). */
          subject: words(),
          /** Hint under the Subject field. */
          subjectHint: words().optional(),
          /** Text of the send button. */
          submit: words(),
        }),
        /** Text of the Pay Now button. */
        payNow: words(),
        /** Line next to the Pay Now button. */
        payNowIntro: words().optional(),
      }),
      /** The Pay Now dialog (the account details themselves are in site.json, under bank). */
      payment: z.object({
        /** Heading of the dialog. */
        heading: words(),
        /** Line under the heading. */
        intro: words(),
        /** Heading over the bank details. */
        bankHeading: words(),
        /** Heading over the contact details. */
        contactHeading: words(),
        /** The line above the merchant UPI ID and the link to /account, where each due has its own amount and reference. */
        upiNote: words(),
        /** The sentence that sends a student to /account to pay a due (amount, reference, QR code, UTR). */
        accountText: words(),
        /** The button to /account. */
        accountAction: words(),
        /** Names of the rows of bank and contact details, and of the close button. */
        labels: z.object({
          accountName: words(),
          bank: words(),
          accountType: words(),
          accountNumber: words(),
          ifsc: words(),
          branchCode: words(),
          phone: words(),
          website: words(),
          email: words(),
          address: words(),
          close: words(),
        }),
      }),
    }),
});
