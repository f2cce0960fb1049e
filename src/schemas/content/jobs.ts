import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { fromContent } from './loader';
import { seo, text } from './fields';

/** One job opening. */
const job = z.object({
  /** Job title, e.g. "Computer Teacher". */
  role: text(),
  /** Employer's name. */
  company: text(),
  /** Town or area of the job. */
  location: text(),
  /** Kind of job; Full-Time unless stated. */
  type: z.enum(['Full-Time', 'Part-Time', 'Internship']).default('Full-Time'),
  /** Experience asked for, e.g. "Freshers welcome" or "1–2 years". */
  experience: text(),
  /** Qualification asked for, e.g. "Graduate with RS-CIT". */
  qualification: text(),
  /** Pay as shown, e.g. "₹10,000 – ₹15,000 a month". */
  salary: text(),
  /** Who may apply, e.g. "Male or female" or "Local candidates preferred". */
  candidate: text(),
  /** Number of posts (vacancies). */
  post: z.number({ message: 'must be the number of posts, without quotes' }).int().positive(),
  /** The employer's application form (opens in a new tab). */
  applyLink: z.url('must be a full http(s) address'),
});

/** Careers page (/jobs): `content/jobs.json`. */
export const jobs = defineCollection({
  loader: fromContent('jobs.json'),
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
    /** Heading above the list of openings. */
    heading: text(),
    /** Shown when there are no openings. */
    emptyText: text(),
    /** Current openings, newest first; an empty list shows emptyText. */
    openings: z.array(job).default([]),
  }),
});
