/**
 * The fields of a job opening as staff post one (a shop in Sojat City looking for a computer
 * operator), for the tests that need a valid opening; `overrides` changes what a test is about.
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
