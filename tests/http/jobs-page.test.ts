/**
 * /jobs as a crawler that runs no JavaScript reads it: the HTML the server sends carries the
 * schema.org JobPosting of each opening staff published that still takes applications (India's
 * days: datePosted, validThrough), and none of one whose closing day has passed
 * (functions/jobs-page.ts; docs/decisions/023-job-postings-for-crawlers.md).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const { url, databaseUrl } = inject('server');

/** Runs one statement on the server's database. */
async function sql<T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** A job as staff publish it; `closes` is SQL for its closing day (India's today is `today`). */
async function publish(role: string, closes: string, createdAt: string): Promise<string> {
  const today = `(now() at time zone 'Asia/Kolkata')::date`;
  const [row] = await sql<{ id: string }>(
    `insert into jobs (role, company, location, type, experience, qualification, salary, candidate, post, apply_link, closes_on, created_at)
     values ($1, 'Marwar Traders', 'Sojat City', 'Part-Time', 'Fresher', '12th pass with RS-CIT', '₹9,000 a month', 'Local candidates', '2',
             'https://forms.example.in/operator', ${closes.replaceAll('today', today)}, $2)
     returning id::text`,
    [role, createdAt],
  );
  return row!.id;
}

/** The JobPosting data of the HTML, by job id. */
function postingsOf(html: string): Map<string, Record<string, unknown>> {
  const found = new Map<string, Record<string, unknown>>();
  for (const m of html.matchAll(/<script type="application\/ld\+json" data-job-posting="(\d+)">([\s\S]*?)<\/script>/g)) found.set(m[1]!, JSON.parse(m[2]!));
  return found;
}

describe('/jobs for crawlers', () => {
  const tag = Math.random().toString(36).slice(2, 8);
  let open: string;
  let closed: string;
  let closingDay: string;

  beforeAll(async () => {
    // Saved at 03:07 on 25 November, India's time: the UTC day is still the 24th.
    open = await publish(`Computer Operator ${tag} </script><b>`, 'today + 10', '2026-11-24T21:37:00Z');
    closed = await publish(`Accounts Clerk ${tag}`, 'today - 1', '2026-10-01T06:00:00Z');
    [{ day: closingDay }] = (await sql<{ day: string }>(`select closes_on::text as day from jobs where id = $1`, [open])) as [{ day: string }];
  });
  afterAll(async () => {
    await sql('delete from jobs where id = any($1::bigint[])', [[open, closed]]);
  });

  it('carries the JobPosting of each open opening in the HTML served, with India’s days', async () => {
    const res = await fetch(new URL('/jobs', url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    // The page as built: its own policy, its list waiting for the script.
    expect(html).toMatch(/<meta http-equiv="content-security-policy"/i);
    expect(html).toContain('Loading the job openings…');

    const postings = postingsOf(html);
    expect(postings.get(open)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: `Computer Operator ${tag} </script><b>`,
      datePosted: '2026-11-25',
      validThrough: `${closingDay}T23:59:59+05:30`,
      employmentType: 'PART_TIME',
      hiringOrganization: { '@type': 'Organization', name: 'Marwar Traders' },
      jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Sojat City', addressCountry: 'IN' } },
      totalJobOpenings: 2,
      url: expect.stringMatching(new RegExp(`/jobs#job-${open}$`)),
    });
    // In the head, before the page's body.
    expect(html.indexOf(`data-job-posting="${open}"`)).toBeLessThan(html.indexOf('</head>'));
    // An opening past its closing day is not offered to search engines.
    expect(postings.has(closed)).toBe(false);
  });

  it('keeps the site’s security headers, which a function answer does not get from netlify.toml', async () => {
    const res = await fetch(new URL('/jobs', url));
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
  });
});
