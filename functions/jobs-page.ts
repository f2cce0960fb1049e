/**
 * GET /jobs and /hi/jobs: the careers page as Astro built it (dist/jobs.html), with the schema.org JobPosting
 * of every opening still taking applications written into its <head> as JSON-LD, so that search
 * engines that do not run JavaScript read them (docs/decisions/023-job-postings-for-crawlers.md).
 * The cards are still filled in the browser from GET /api/jobs, as before.
 *
 * A function answer gets none of netlify.toml's [[headers]] (they apply to files the CDN serves),
 * so it carries the site-wide ones itself (PAGE_HEADERS, checked against netlify.toml by a unit
 * test); the page's own Content-Security-Policy is the <meta> in its HTML, and JSON-LD is data,
 * which that policy does not need to list. When the openings cannot be read, the page is served
 * without their data (its script still loads them), never an error page.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '@netlify/functions';
import { jobPostingElement } from '../src/lib/job-posting';
import { openJobs } from './_shared/records/open-jobs';

/** The built page, relative to the site's root: Netlify ships it beside the function (netlify.toml's included_files). */
export const PAGE_FILE = 'dist/jobs.html';
/** Its Hindi twin, served at /hi/jobs. */
export const HINDI_PAGE_FILE = 'dist/hi/jobs.html';

/** The headers netlify.toml gives every page the CDN serves (`for = "/*"`). */
export const PAGE_HEADERS: Record<string, string> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'Content-Security-Policy': "frame-ancestors 'none'; base-uri 'none'; object-src 'none'; form-action 'self'",
  'X-Frame-Options': 'DENY',
};

/** Where the built page is: beside the function on Netlify (the task root), the project folder locally. */
const pageFile = (file: string) => path.join(process.env['LAMBDA_TASK_ROOT'] ?? process.cwd(), file);

/** An attribute of the page's jobs section (`data-page-url`, `data-publisher`), its entities read. */
function attribute(html: string, name: string): string | null {
  const raw = new RegExp(`\\b${name}="([^"]*)"`).exec(html)?.[1];
  if (raw === undefined) return null;
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
  return raw.replace(/&(amp|lt|gt|quot|#39);/g, (_, entity: string) => named[entity]!);
}

/**
 * `html` with the JobPosting elements of the open jobs before its `</head>`; the page's own address
 * and the institute's name are read from its jobs section, as the page's script reads them.
 */
export async function withJobPostings(html: string): Promise<string> {
  const pageUrl = attribute(html, 'data-page-url');
  const publisher = attribute(html, 'data-publisher');
  if (!pageUrl || !publisher) throw new Error(`${PAGE_FILE} has no jobs section (data-page-url, data-publisher)`);
  const jobs = await openJobs();
  if (jobs.length === 0) return html;
  const elements = jobs.map((job) => jobPostingElement(job, pageUrl, publisher)).join('');
  // A replacer function: a replacement string would read `$&`, `` $` `` or `$'` in staff's text as
  // patterns and copy parts of the page into it.
  return html.replace('</head>', () => `${elements}</head>`);
}

export default async (req: Request): Promise<Response> => {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return new Response(`Method ${req.method} is not allowed here.\n`, {
      status: 405,
      headers: { ...PAGE_HEADERS, Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  const hindi = new URL(req.url).pathname.startsWith('/hi/');
  const page = await readFile(pageFile(hindi ? HINDI_PAGE_FILE : PAGE_FILE), 'utf8');
  let html = page;
  try {
    html = await withJobPostings(page);
  } catch (error) {
    console.error('/jobs: served without the JobPosting data, which could not be made:', error);
  }
  return new Response(req.method === 'HEAD' ? null : html, {
    status: 200,
    headers: {
      ...PAGE_HEADERS,
      'Content-Type': 'text/html; charset=utf-8',
      // Browsers ask again each time; Netlify's CDN may keep it a minute, so crawlers cost few queries
      // and a newly published opening is in the HTML within that minute (a deploy clears it).
      'Cache-Control': 'public, max-age=0, must-revalidate',
      'Netlify-CDN-Cache-Control': 'public, s-maxage=60, stale-while-revalidate=300',
    },
  });
};

export const config: Config = { path: ['/jobs', '/hi/jobs'] };
