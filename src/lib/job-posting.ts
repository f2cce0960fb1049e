/**
 * What /jobs says about one opening outside its card: the text a share carries, and the
 * schema.org JobPosting that search engines read (JSON-LD).
 */
import { indiaDay } from './india-time';
import type { Job } from './schemas/job';

/** schema.org's employmentType for each of our job types. */
const EMPLOYMENT_TYPE: Record<Job['type'], string> = { 'Full-Time': 'FULL_TIME', 'Part-Time': 'PART_TIME', Internship: 'INTERN' };

/** The text a share of `job` carries (the page address is added by the share itself). */
export const shareText = (job: Job) => `${job.role} (${job.type}) at ${job.company}, ${job.location}. Apply: ${job.applyLink}`;

/** The WhatsApp link that shares `job` where the browser has no share sheet of its own. */
export const whatsAppHref = (job: Job, url: string) => `https://wa.me/?text=${encodeURIComponent(`${shareText(job)} ${url}`)}`;

/** The anchor of `job`'s card on /jobs. */
export const jobAnchor = (job: Pick<Job, '_id'>) => `job-${job._id}`;

/**
 * The JobPosting of `job` (https://schema.org/JobPosting, with the properties Google's job
 * search reads); `pageUrl` is the absolute address of /jobs, `publisher` the name of the institute
 * that lists it (it names the identifier). Its days are India's: `datePosted` the day it was
 * saved there, `validThrough` the end of its closing day in India's time.
 */
export function jobPosting(job: Job, pageUrl: string, publisher: string) {
  const posts = /^\d+$/.test(job.post.trim()) ? Number(job.post) : undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.role,
    description: [
      `${job.role} at ${job.company}, ${job.location} (${job.type}).`,
      `Qualification: ${job.qualification}.`,
      `Experience: ${job.experience}.`,
      `Salary: ${job.salary}.`,
      `Candidate: ${job.candidate}.`,
      `Posts: ${job.post}.`,
    ].join(' '),
    identifier: { '@type': 'PropertyValue', name: publisher, value: job._id },
    // The day in India it was published: one posted at 03:07 on 25 Nov in India is 25 Nov, not UTC's 24th.
    datePosted: indiaDay(job.createdAt),
    validThrough: `${job.closesOn}T23:59:59+05:30`,
    employmentType: EMPLOYMENT_TYPE[job.type],
    hiringOrganization: { '@type': 'Organization', name: job.company },
    jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: job.location, addressCountry: 'IN' } },
    educationRequirements: job.qualification,
    experienceRequirements: job.experience,
    ...(posts !== undefined && { totalJobOpenings: posts }),
    directApply: false,
    url: `${pageUrl}#${jobAnchor(job)}`,
  };
}

/**
 * The JSON-LD element of `job`'s JobPosting, as HTML: data the browser never runs (so the page's
 * policy needs no hash for it), marked with the job's id. `<` is written as \u003c, so no text
 * from the job can end the element early.
 */
export function jobPostingElement(job: Job, pageUrl: string, publisher: string): string {
  const json = JSON.stringify(jobPosting(job, pageUrl, publisher)).replace(/</g, '\\u003c');
  const id = job._id.replace(/[^0-9]/g, '');
  return `<script type="application/ld+json" data-job-posting="${id}">${json}</script>`;
}
