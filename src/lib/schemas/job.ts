/** Job openings (GET /api/jobs public; writes staff-only), shared by the admin island, /jobs and the functions. */
import { z } from './zod';
import { TextSchema } from './fields';
import { plainText } from './plain-text';
import { VersionSchema } from './records';
import { FutureDaySchema, indiaToday } from './lead';

/** How many days an opening takes applications when staff do not say (its closing day's default). */
export const JOB_OPEN_DAYS = 30;

/** The default closing day of an opening saved today: JOB_OPEN_DAYS from India's today. */
export const defaultClosingDay = (now = new Date()) => indiaToday(new Date(now.getTime() + JOB_OPEN_DAYS * 86_400_000));

/** The job types, Full-Time first (the default). */
export const JOB_TYPES = ['Full-Time', 'Part-Time', 'Internship'] as const;

/** The fields of a job opening, all required but the closing day. */
export const JobFieldsSchema = z.object({
  /** The position, e.g. 'Computer Operator'. */
  role: TextSchema('the role', 2, 120),
  /** Who is hiring. */
  company: TextSchema('the company', 2, 120),
  /** Where the work is. */
  location: TextSchema('the location', 2, 120),
  /** Full-Time (default), Part-Time or Internship. */
  type: z.enum(JOB_TYPES, { message: 'Please choose Full-Time, Part-Time or Internship.' }).default('Full-Time'),
  /** Experience asked for, e.g. 'Fresher' or '1–2 years'. */
  experience: TextSchema('the experience', 1, 80),
  /** Qualification asked for, e.g. '12th pass with RS-CIT'. */
  qualification: TextSchema('the qualification', 2, 200),
  /** Pay, as written, e.g. '₹12,000 a month'. */
  salary: TextSchema('the salary', 1, 80),
  /** Who should apply (the kind of candidate). */
  candidate: TextSchema('the candidate', 2, 200),
  /** Number of posts, or the post's name, as written. */
  post: TextSchema('the post', 1, 80),
  /** Where candidates apply: an https:// address (opens in a new tab). */
  applyLink: z
    .string({ message: 'Please enter the apply link.' })
    .trim()
    .check(plainText('the apply link'))
    .min(1, 'Please enter the apply link.')
    .max(500, 'Please shorten the apply link to 500 characters.')
    .refine((v) => /^https:\/\/[^\s]+$/i.test(v), 'Please enter the apply link as an https:// address.'),
  /**
   * The last day it takes applications (YYYY-MM-DD, India's calendar; today or later, within a
   * year): search engines stop showing the opening after it. Left out: JOB_OPEN_DAYS from today.
   */
  closesOn: FutureDaySchema('the closing day').default(() => defaultClosingDay()),
});
export type JobFields = z.infer<typeof JobFieldsSchema>;
export type JobFieldsInput = z.input<typeof JobFieldsSchema>;

/** PUT /api/jobs/{id}: the fields and the version they were based on. */
export const JobUpdateSchema = JobFieldsSchema.extend({ version: VersionSchema });

/** A job opening as the API gives it. */
export interface Job extends JobFields {
  _id: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}
