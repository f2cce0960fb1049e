/** Courses staff publish (GET /api/courses public; writes staff-only), shared by the admin island and the functions. */
import { z } from './zod';
import { TextSchema } from './fields';
import { plainText } from './plain-text';
import { VersionSchema } from './records';

/** The fields of a course, all required but the picture. */
export const CourseFieldsSchema = z.object({
  /** The course's name, e.g. 'Tally Prime with GST'. */
  title: TextSchema('the title', 2, 120),
  /** The group it belongs to, e.g. 'Accounting'. */
  category: TextSchema('the category', 2, 60),
  /** Fee in rupees, a whole number. */
  // An empty field is no price (plain coercion would read '' as 0).
  price: z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : typeof v === 'string' ? Number(v.trim()) : v),
    z
      .number({ message: 'Please enter the price in rupees.' })
      .int('Please enter the price in whole rupees.')
      .min(0, 'The price cannot be negative.')
      .max(10_00_000, 'Please check the price: it is more than 10,00,000 rupees.'),
  ),
  /** How long it runs, e.g. '3 months'. */
  duration: TextSchema('the duration', 1, 40),
  /** What the course teaches. */
  description: TextSchema('the description', 10, 2000, { multiline: true }),
  /**
   * Address of the course's picture, or '' for none (the public pages then show the institute's
   * logo): a full https:// address, an uploaded picture (/api/course-pictures/…) or a file of the
   * site's public/ folder (/og-image.jpg).
   */
  image: z.preprocess(
    // Left out or blank is no picture.
    (v) => (v === undefined || v === null ? '' : v),
    z
      .string({ message: 'Please enter the picture’s address, or leave it empty.' })
      .trim()
      .check(plainText('the image address'))
      .max(500, 'Please shorten the image address to 500 characters.')
      .refine(
        (v) => v === '' || /^https:\/\/[^\s]+$/i.test(v) || /^\/[^\s/][^\s]*$/.test(v),
        'Please enter an https:// address or a path on this site beginning with /.',
      ),
  ),
});
export type CourseFields = z.infer<typeof CourseFieldsSchema>;
export type CourseFieldsInput = z.input<typeof CourseFieldsSchema>;

/** PUT /api/courses/{id}: the fields and the version they were based on. */
export const CourseUpdateSchema = CourseFieldsSchema.extend({ version: VersionSchema });

/** A course as the API gives it. */
export interface Course extends CourseFields {
  _id: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}
