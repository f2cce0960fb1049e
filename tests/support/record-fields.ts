/**
 * The fields of the records staff publish, as they type them: a job opening (a shop in Sojat City
 * looking for a computer operator) and a course, for the tests that need a valid one.
 */
import type { Job } from '../../src/lib/schemas/job';

/** What staff type for an opening (the closing day has a default and is left to each test). */
export type JobFields = Omit<Job, '_id' | 'version' | 'createdAt' | 'updatedAt' | 'closesOn'>;

/** A valid opening's fields, with `overrides`. */
export const jobFields = (overrides: Partial<JobFields> = {}): JobFields => ({
  role: 'Computer Operator',
  company: 'Marwar Traders',
  location: 'Sojat City',
  type: 'Part-Time',
  experience: 'Fresher',
  qualification: '12th pass with RS-CIT',
  salary: '₹12,000 a month',
  candidate: 'Local candidates preferred',
  post: '2',
  applyLink: 'https://forms.example.in/operator',
  ...overrides,
});

/** A valid course's fields, named `title`. */
export const courseFields = (title: string) => ({
  title,
  category: 'Accounting',
  price: 4200,
  duration: '3 months',
  description: 'Tally Prime with GST, from vouchers to returns.',
  image: '/images/courses/tally.webp',
});
