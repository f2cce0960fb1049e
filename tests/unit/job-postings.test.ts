/**
 * The JobPosting data of /jobs (src/lib/job-posting.ts) in India's days, the element that carries
 * it in the served HTML, and how Netlify ships and heads the page function (functions/jobs-page.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import { describe, expect, it, vi } from 'vitest';
import { HINDI_PAGE_FILE, PAGE_FILE, PAGE_HEADERS, withJobPostings } from '../../functions/jobs-page';
import { jobPosting, jobPostingElement } from '../../src/lib/job-posting';
import type { Job } from '../../src/lib/schemas/job';
import { JobFieldsSchema, defaultClosingDay } from '../../src/lib/schemas/job';
import { jobFields } from '../support/record-fields';

const root = path.resolve(import.meta.dirname, '../..');

/** The openings the page function reads (set by a test; the database is not needed here). */
const open = vi.hoisted(() => ({ jobs: [] as Job[] }));
vi.mock('../../functions/_shared/records/open-jobs', () => ({ openJobs: async () => open.jobs }));

const job: Job = {
  _id: '7',
  ...jobFields({ type: 'Full-Time', candidate: 'Local candidates' }),
  closesOn: '2026-12-31',
  version: 1,
  // 03:07 on 25 November in India.
  createdAt: '2026-11-24T21:37:00.000Z',
  updatedAt: '2026-11-24T21:37:00.000Z',
};

describe('the JobPosting of an opening', () => {
  it('is dated by India’s calendar, and valid to the end of its closing day in India', () => {
    const data = jobPosting(job, 'https://institute.example.in/jobs', 'Pragati Institute');
    expect(data.datePosted).toBe('2026-11-25');
    expect(data.validThrough).toBe('2026-12-31T23:59:59+05:30');
    expect(data.url).toBe('https://institute.example.in/jobs#job-7');
  });

  it('is one JSON-LD element marked with the job’s id, which no text of the job can end early', () => {
    const hostile = { ...job, role: 'Operator </script><script>alert(1)</script>', company: 'A & B "Traders"' };
    const element = jobPostingElement(hostile, 'https://institute.example.in/jobs', 'Pragati Institute');
    expect(element).toMatch(/^<script type="application\/ld\+json" data-job-posting="7">[^<]*<\/script>$/);
    const data = JSON.parse(element.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, ''));
    expect(data.title).toBe('Operator </script><script>alert(1)</script>');
    expect(data.hiringOrganization.name).toBe('A & B "Traders"');
  });
});

describe('the page served with its openings', () => {
  const page =
    '<!doctype html><html lang="en"><head><title>Jobs</title></head><body><section data-page-url="https://institute.example.in/jobs" data-publisher="Pragati Institute"></section></body></html>';

  it("carries text staff typed as text: $` $' $& $1 $$ never pull in parts of the page", async () => {
    const typed = "Operator $` $' $& $1 $$ $<name>";
    open.jobs = [{ ...job, role: typed, company: `Traders ${typed}` }];
    const html = await withJobPostings(page);
    expect(html.match(/<html/g)).toHaveLength(1);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<body>/g)).toHaveLength(1);
    const scripts = [...html.matchAll(/<script type="application\/ld\+json" data-job-posting="7">([^<]*)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    const data = JSON.parse(scripts[0]![1]!);
    expect(data.title).toBe(typed);
    expect(data.hiringOrganization.name).toBe(`Traders ${typed}`);
    // Everything else is the page as built, the JSON-LD just before its </head>.
    expect(html.replace(scripts[0]![0], '')).toBe(page);
    expect(html.indexOf(scripts[0]![0]) + scripts[0]![0].length).toBe(html.indexOf('</head>'));
  });
});

describe('the closing day of an opening', () => {
  const fields = { ...job, closesOn: undefined };
  it('is 30 days from India’s today when staff leave it out', () => {
    expect(JobFieldsSchema.parse(fields).closesOn).toBe(defaultClosingDay());
    // 20:00 UTC on 24 November is 01:30 on the 25th in India.
    expect(defaultClosingDay(new Date('2026-11-24T20:00:00Z'))).toBe('2026-12-25');
  });

  it('must be a real day, today or later, within a year', () => {
    const error = (closesOn: string) => JobFieldsSchema.safeParse({ ...fields, closesOn }).error?.issues[0]?.message;
    expect(error('2026-02-30')).toBe('Please choose the closing day.');
    expect(error('2020-01-01')).toBe('Please choose the closing day from today onwards.');
    expect(error('2099-01-01')).toBe('Please choose the closing day within a year.');
  });
});

describe('the page function on Netlify', () => {
  const config = parse(readFileSync(path.join(root, 'netlify.toml'), 'utf8')) as unknown as {
    functions: Record<string, { included_files?: string[] }>;
    headers: { for: string; values: Record<string, string> }[];
  };

  it('carries the built page with it', () => {
    expect(config.functions['jobs-page']?.included_files).toContain(PAGE_FILE);
    expect(config.functions['jobs-page']?.included_files).toContain(HINDI_PAGE_FILE);
  });

  it('sends the headers netlify.toml gives every page (which a function answer does not get)', () => {
    expect(PAGE_HEADERS).toEqual(config.headers.find((rule) => rule.for === '/*')?.values);
  });
});
