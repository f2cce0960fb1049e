import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { fromContent } from './loader';
import { seoWords, words } from './fields';
import { documentList, faqItem, serviceHero } from './service-page';

/** A titled bullet list (objectives, benefits, services…). */
const pointList = z.object({
  /** Heading of the list. */
  heading: words(),
  /** Optional sentence under the heading. */
  intro: words().optional(),
  /** The points, one per line. */
  items: z.array(words()).min(2),
});

/** CSC (Common Services Centre) page: `content/csc.json`. */
export const csc = defineCollection({
  loader: fromContent('csc.json'),
  schema: z.object({
    /** Title and description for search engines. */
    seo: seoWords(),
    /** Opening band with SEND A QUERY, GIVE ME CALL BACK and APPLY ONLINE FOR CSC. */
    hero: serviceHero([
      ['SEND A QUERY', '/contactForm'],
      ['GIVE ME CALL BACK', '/contactForm'],
      ['APPLY ONLINE FOR CSC', '/CSCForm'],
    ]),
    /** What a CSC is, in a few paragraphs. */
    about: z.object({
      /** Heading of the block. */
      heading: words(),
      /** Paragraphs, in order. */
      paragraphs: z.array(words()).min(1),
    }),
    /** Who may become a VLE: citizen, age 18, 10th pass, Aadhaar and PAN, bank account. */
    eligibility: pointList.extend({
      /** The five conditions the spec lists. */
      items: z.array(words()).length(5, 'the spec lists 5 eligibility criteria'),
    }),
    /** Heading of the objectives, benefits and services, e.g. 'The scheme at a glance'. */
    schemeHeading: words(),
    /** Computer, internet and premises a kiosk needs (the spec fixes 512 Kbps, 512MB RAM, 120GB disk). */
    requirements: pointList,
    /** Objectives of the CSC scheme. */
    objectives: pointList,
    /** What a VLE gains. */
    benefits: pointList,
    /** Services a CSC offers. */
    services: pointList,
    /** Documents an applicant brings: the spec fixes 12. */
    documents: documentList(12),
    /** The FAQ accordion: the spec fixes 28 questions. */
    faq: z.object({
      /** Heading of the accordion (keep "FAQ" or "Frequently asked"). */
      heading: words(),
      /** The questions, in order. */
      items: z.array(faqItem()).length(28, 'the spec lists 28 FAQ questions'),
    }),
    /** Closing band repeating the buttons. */
    closing: z.object({
      /** Heading of the band. */
      heading: words(),
      /** Sentence under the heading. */
      text: words(),
    }),
  }),
});
