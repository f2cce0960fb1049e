/**
 * The public pages of the records staff publish, on a 360 px phone: /jobs (cards, Apply Now,
 * Call Us, Share, JobPosting data, the empty text, more pages), /course-list and its search
 * (/course-list/{input}) and /course/{id} for a signed-in student. The API's answers are served
 * in the browser (page.route), so each state is exact; the pages come from the real server,
 * static, and fetch the records once they have painted. (The announcement line, newest first:
 * islands.spec.ts, and the API's order in tests/api/records.test.ts.)
 */
import type { Page } from '@playwright/test';
import type { Course } from '../../src/lib/schemas/course';
import type { Job } from '../../src/lib/schemas/job';
import { PAGE_DEFAULT } from '../../src/lib/schemas/records';
import { expectNoViolations } from './axe';
import { expect, test } from './fixtures';
import { content, site, telHref } from './routes';
import { jobFields } from '../support/record-fields';

test.use({ viewport: { width: 360, height: 740 } });

const jobs: Job[] = [
  {
    _id: '42',
    ...jobFields({ type: 'Full-Time' }),
    closesOn: '2026-12-20',
    version: 3,
    createdAt: '2026-11-20T09:15:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
  },
  {
    _id: '41',
    role: 'Accounts Intern <b>bold</b>',
    company: 'Pali Co-operative Bank',
    location: 'Pali',
    type: 'Internship',
    experience: 'None',
    qualification: 'B.Com, Tally Prime',
    salary: '₹6,000 a month',
    candidate: 'Women candidates encouraged',
    post: 'Accounts trainee',
    applyLink: 'https://forms.example.in/intern',
    closesOn: '2026-12-31',
    version: 1,
    // 03:07 on 18 Nov in India: UTC's day is still the 17th.
    createdAt: '2026-11-17T21:37:00.000Z',
    updatedAt: '2026-11-17T21:37:00.000Z',
  },
];

const courses: Course[] = [
  {
    _id: '7',
    title: 'Tally Prime with GST',
    category: 'Accounting',
    price: 4200,
    duration: '3 months',
    description: 'Vouchers, ledgers, GST returns and payroll in Tally Prime.',
    image: 'https://images.example.in/tally.svg',
    version: 1,
    createdAt: '2026-11-20T09:15:00.000Z',
    updatedAt: '2026-11-20T09:15:00.000Z',
  },
  {
    _id: '6',
    title: 'Web Design Basics',
    category: 'Web Development',
    price: 6500,
    duration: '6 months',
    description: 'HTML, CSS and a first website of your own, published online.',
    image: '/logo.svg',
    version: 2,
    createdAt: '2026-11-19T09:15:00.000Z',
    updatedAt: '2026-11-19T09:15:00.000Z',
  },
  {
    _id: '5',
    title: 'RS-CIT',
    category: 'Digital Literacy',
    price: 4200,
    duration: '3 months',
    description: 'The Rajasthan state certificate in information technology.',
    image: '/logo.svg',
    version: 1,
    createdAt: '2026-11-18T09:15:00.000Z',
    updatedAt: '2026-11-18T09:15:00.000Z',
  },
];

const jobsContent = { emptyText: content<{ emptyText: { en: string } }>('jobs.json').emptyText.en };
const pageUrl = new URL('/jobs', site.website).href;
const tinySvg = '<svg xmlns="http://www.w3.org/2000/svg" width="3" height="2"><rect width="3" height="2" fill="#0b4f8a"/></svg>';

/** Answers the list at `route` from `items`, in pages of the size asked for, keyset like the API. */
async function serveList<T extends { _id: string }>(page: Page, route: string, items: T[], pageSize?: number) {
  const asked: string[] = [];
  await page.route(
    (url) => url.pathname === route,
    (request) => {
      const url = new URL(request.request().url());
      asked.push(url.search);
      const after = url.searchParams.get('after');
      const limit = pageSize ?? Number(url.searchParams.get('limit') ?? PAGE_DEFAULT);
      const rest = after ? items.filter((item) => Number(item._id) < Number(after)) : items;
      const shown = rest.slice(0, limit);
      // A bare list; the next page named in the Link header, as the API answers.
      const next = new URL(url);
      next.searchParams.set('after', shown.at(-1)?._id ?? '');
      const headers: Record<string, string> = rest.length > limit ? { link: `<${next.pathname}${next.search}>; rel="next"` } : {};
      return request.fulfill({ json: shown, headers });
    },
  );
  return asked;
}

/** Records every Content-Security-Policy violation the page reports. */
async function watchPolicy(page: Page) {
  await page.addInitScript(() => {
    const w = window as typeof window & { __violations: string[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__violations.push(`${e.violatedDirective} ${e.blockedURI || 'inline'}`));
  });
  return () => page.evaluate(() => (window as typeof window & { __violations: string[] }).__violations);
}

/** Takes the browser's share sheet away (as most desktop browsers), or gives it one that records what it was asked. */
async function shareSheet(page: Page, present: boolean) {
  await page.addInitScript((present) => {
    const w = window as typeof window & { __shared: ShareData[] };
    w.__shared = [];
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value: present ? (data: ShareData) => (w.__shared.push(data), Promise.resolve()) : undefined,
    });
  }, present);
}

const main = (page: Page) => page.getByRole('main');
const jobCard = (page: Page, role: string) =>
  main(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: role, exact: true }) });

test.describe('/jobs', () => {
  test('the page itself carries no card, only the place they load into (its JobPosting data for crawlers: tests/http/jobs-page.test.ts)', async ({
    request,
  }) => {
    const html = await (await request.get('/jobs')).text();
    expect(html).toContain('Loading the job openings…');
    expect(html).not.toMatch(/\bid="job-\d+"/);
  });

  test('shows each opening with Apply Now, Call Us and a WhatsApp Share where there is no share sheet; axe finds nothing', async ({ page }) => {
    const violations = await watchPolicy(page);
    await shareSheet(page, false);
    await serveList(page, '/api/jobs', jobs);
    await page.goto('/jobs');

    await expect(main(page).getByRole('status')).toHaveText('2 openings');
    await expect(page.getByText(jobsContent.emptyText)).toBeHidden();
    const operator = jobCard(page, 'Computer Operator');
    await expect(operator).toContainText('Marwar Traders · Sojat City');
    await expect(operator).toContainText('Full-Time');
    for (const text of ['Fresher', '12th pass with RS-CIT', '₹12,000 a month', 'Local candidates preferred']) await expect(operator).toContainText(text);
    // Text from the API stays text: markup in it is shown, never parsed.
    await expect(jobCard(page, 'Accounts Intern <b>bold</b>')).toBeVisible();
    await expect(main(page).locator('b')).toHaveCount(0);

    const apply = operator.getByRole('link', { name: 'Apply Now for Computer Operator (opens in a new tab)' });
    await expect(apply).toHaveAttribute('href', 'https://forms.example.in/operator');
    await expect(apply).toHaveAttribute('target', '_blank');
    await expect(apply).toHaveAttribute('rel', /\bnoopener\b/);
    await expect(operator.getByRole('link', { name: 'Call Us' })).toHaveAttribute('href', telHref);

    const share = operator.getByRole('link', { name: 'Share the Computer Operator opening on WhatsApp (opens in a new tab)' });
    const text = `Computer Operator (Full-Time) at Marwar Traders, Sojat City. Apply: https://forms.example.in/operator ${pageUrl}#job-42`;
    await expect(share).toHaveAttribute('href', `https://wa.me/?text=${encodeURIComponent(text)}`);
    await expect(share).toHaveAttribute('target', '_blank');
    await expect(share).toHaveAttribute('rel', /\bnoopener\b/);
    await expect(main(page).locator('#job-42')).toHaveCount(1);

    await expectNoViolations(page, '/jobs with two openings at 360px');
    expect(await violations(), 'CSP violations').toEqual([]);
  });

  test('gives each opening its JobPosting as JSON-LD, which the policy lets in as data', async ({ page }) => {
    const violations = await watchPolicy(page);
    await serveList(page, '/api/jobs', jobs);
    await page.goto('/jobs');
    // Only these two: an opening of the server's own database may also be in the page as served.
    const data = page.locator('head script[type="application/ld+json"]:is([data-job-posting="42"], [data-job-posting="41"])');
    await expect(data).toHaveCount(2);
    const postings = (await data.allTextContents()).map((text) => JSON.parse(text));
    expect(postings[0]).toEqual({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Computer Operator',
      description: expect.stringContaining('Computer Operator at Marwar Traders, Sojat City (Full-Time).'),
      identifier: { '@type': 'PropertyValue', name: site.name, value: '42' },
      datePosted: '2026-11-20',
      validThrough: '2026-12-20T23:59:59+05:30',
      employmentType: 'FULL_TIME',
      hiringOrganization: { '@type': 'Organization', name: 'Marwar Traders' },
      jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Sojat City', addressCountry: 'IN' } },
      educationRequirements: '12th pass with RS-CIT',
      experienceRequirements: 'Fresher',
      totalJobOpenings: 2,
      directApply: false,
      url: `${pageUrl}#job-42`,
    });
    for (const field of ['Qualification: 12th pass with RS-CIT.', 'Salary: ₹12,000 a month.', 'Posts: 2.']) expect(postings[0].description).toContain(field);
    // A post given as a name, not a number, is no count of openings.
    // Dated on India's day, not UTC's.
    expect(postings[1]).toMatchObject({ employmentType: 'INTERN', datePosted: '2026-11-18', validThrough: '2026-12-31T23:59:59+05:30' });
    expect(postings[1]).not.toHaveProperty('totalJobOpenings');
    expect(await violations(), 'CSP violations').toEqual([]);
  });

  test('Share opens the browser’s share sheet where there is one', async ({ page }) => {
    await shareSheet(page, true);
    await serveList(page, '/api/jobs', jobs);
    await page.goto('/jobs');
    const share = jobCard(page, 'Computer Operator').getByRole('link', { name: 'Share the Computer Operator opening' });
    await expect(share).not.toHaveAttribute('target');
    await share.click();
    await expect(page).toHaveURL(/\/jobs$/);
    const shared = await page.evaluate(() => (window as typeof window & { __shared: ShareData[] }).__shared);
    expect(shared).toEqual([
      {
        title: 'Computer Operator',
        text: 'Computer Operator (Full-Time) at Marwar Traders, Sojat City. Apply: https://forms.example.in/operator',
        url: `${pageUrl}#job-42`,
      },
    ]);
  });

  test('shows the empty text when there is no opening; axe finds nothing', async ({ page }) => {
    await serveList(page, '/api/jobs', []);
    await page.goto('/jobs');
    await expect(main(page).getByText('No job openings available right now. Check back soon!')).toBeVisible();
    await expect(main(page).getByRole('link', { name: /Apply Now/ })).toHaveCount(0);
    await expect(page.locator('script[data-job-posting]')).toHaveCount(0);
    await expectNoViolations(page, '/jobs with no openings at 360px');
  });

  test('shows more openings, a page at a time, when there are more than one page holds', async ({ page }) => {
    const many = Array.from({ length: 3 }, (_, i) => ({ ...jobs[0]!, _id: String(90 - i), role: `Operator ${i + 1}` }));
    const asked = await serveList(page, '/api/jobs', many, 2);
    await page.goto('/jobs');
    await expect(main(page).getByRole('heading', { level: 3 })).toHaveText(['Operator 1', 'Operator 2']);
    await main(page).getByRole('button', { name: 'Show more openings' }).click();
    await expect(main(page).getByRole('heading', { level: 3 })).toHaveText(['Operator 1', 'Operator 2', 'Operator 3']);
    await expect(main(page).getByRole('button', { name: 'Show more openings' })).toBeHidden();
    await expect(main(page).getByRole('status')).toHaveText('3 openings');
    expect(asked.map((search) => new URLSearchParams(search).get('after'))).toEqual([null, '89']);
  });

  test('says so when the openings cannot be loaded', async ({ page }) => {
    await page.route(
      (url) => url.pathname === '/api/jobs',
      (route) => route.fulfill({ status: 503, json: { message: 'Unavailable' } }),
    );
    await page.goto('/jobs');
    await expect(main(page).getByRole('status')).toHaveText('The job openings could not be loaded just now. Please reload the page, or call us.');
    await expect(page.getByText(jobsContent.emptyText)).toBeHidden();
  });
});

test.describe('/course-list', () => {
  test.beforeEach(async ({ page }) => {
    await page.route('https://images.example.in/**', (route) => route.fulfill({ contentType: 'image/svg+xml', body: tinySvg }));
  });

  test('lists the published courses from every page of the list, each with its page and Buy Now; axe finds nothing', async ({ page }) => {
    const violations = await watchPolicy(page);
    const asked = await serveList(page, '/api/courses', courses, 2);
    await page.goto('/course-list');
    const cards = main(page).getByRole('article');
    await expect(cards).toHaveCount(3);
    await expect(main(page).getByRole('status')).toHaveText('3 courses');
    expect(asked).toHaveLength(2);

    const tally = cards.filter({ hasText: 'Tally Prime with GST' });
    await expect(tally).toContainText('Accounting');
    await expect(tally).toContainText('3 months');
    await expect(tally).toContainText('₹4,200');
    await expect(tally.getByRole('link', { name: 'Tally Prime with GST', exact: true })).toHaveAttribute('href', '/course/7');
    const buy = tally.getByRole('link', { name: 'Buy Now for Tally Prime with GST (opens in a new tab)' });
    await expect(buy).toHaveAttribute('href', site.appStoreUrl);
    await expect(buy).toHaveAttribute('rel', /\bnoopener\b/);
    // A picture from another https:// address is allowed on this page, and shown.
    const picture = tally.locator('img');
    await expect(picture).toHaveAttribute('src', 'https://images.example.in/tally.svg');
    await picture.scrollIntoViewIfNeeded();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(3);

    await expectNoViolations(page, '/course-list at 360px');
    expect(await violations(), 'CSP violations').toEqual([]);
  });

  test('/course-list/{input} shows the courses holding every word of the search', async ({ page }) => {
    await serveList(page, '/api/courses', courses);
    await page.goto('/course-list/tally');
    await expect(main(page).getByRole('heading', { name: 'Search results' })).toBeVisible();
    await expect(main(page).getByRole('article')).toHaveCount(1);
    await expect(main(page).getByRole('article')).toContainText('Tally Prime with GST');
    await expect(main(page).getByRole('status')).toHaveText('1 course for “tally”');
    await expect(page.getByRole('searchbox', { name: 'Search courses' })).toHaveValue('tally');

    // Category, duration and description are searched too.
    await page.goto('/course-list/3%20months');
    await expect(main(page).getByRole('status')).toHaveText('2 courses for “3 months”');
    await page.goto('/course-list/website%20html');
    await expect(main(page).getByRole('article')).toHaveText([/Web Design Basics/]);

    await page.goto('/course-list/no-such-course-zz');
    await expect(main(page).getByText('No courses match “no-such-course-zz”.')).toBeVisible();
    await expect(main(page).getByRole('article')).toHaveCount(0);
    await expectNoViolations(page, '/course-list/{input} with no match at 360px');

    const search = page.getByRole('searchbox', { name: 'Search courses' });
    await search.fill('web design');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/course-list\/web%20design$/);
    await expect(search).toHaveValue('web design');
    await expect(main(page).getByRole('article')).toHaveCount(1);
  });

  test('says No courses available. when none is published', async ({ page }) => {
    await serveList(page, '/api/courses', []);
    await page.goto('/course-list');
    await expect(main(page).getByText('No courses available.', { exact: true })).toBeVisible();
    await expect(main(page).getByRole('article')).toHaveCount(0);
    await expectNoViolations(page, '/course-list with no course at 360px');
    await page.goto('/course-list/tally');
    await expect(main(page).getByText('No courses available.', { exact: true })).toBeVisible();
    await expect(main(page).getByText(/No courses match/)).toBeHidden();
  });
});

test.describe('/course/{id} for a signed-in student', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('token', 'a-signed-in-student'));
    await page.route('**/api/user/me', (route) => route.fulfill({ json: { user: { _id: 'u1', name: 'Asha Meena', email: 'asha@example.in', role: 'user' } } }));
  });

  test('shows the course; axe finds nothing', async ({ page }) => {
    const violations = await watchPolicy(page);
    await page.route('**/api/courses/6', (route) => route.fulfill({ json: courses[1] }));
    await page.goto('/course/6');
    const detail = main(page);
    await expect(detail.getByRole('heading', { name: 'Web Design Basics', level: 2 })).toBeVisible();
    for (const text of ['Web Development', 'HTML, CSS and a first website of your own, published online.', '6 months', '₹6,500'])
      await expect(detail).toContainText(text);
    await expect(detail.getByRole('link', { name: 'Buy Now for Web Design Basics (opens in a new tab)' })).toHaveAttribute('href', site.appStoreUrl);
    await expect(detail.getByRole('link', { name: 'See all courses' })).toHaveAttribute('href', '/course-list');
    await expect(detail.locator('img[data-course-image]')).toHaveAttribute('src', '/logo.svg');
    await expectNoViolations(page, '/course/{id} at 360px');
    expect(await violations(), 'CSP violations').toEqual([]);
  });

  test('says the course was not found for an unknown or impossible id', async ({ page }) => {
    await page.route('**/api/courses/*', (route) => route.fulfill({ status: 404, json: { message: 'This course was not found. It may have been deleted.' } }));
    for (const path of ['/course/999', '/course/web-101']) {
      await page.goto(path);
      await expect(main(page).getByRole('status').filter({ hasText: 'not found' })).toHaveText('This course was not found. It may have been removed.');
      await expect(main(page).getByRole('link', { name: 'See all courses' })).toHaveAttribute('href', '/course-list');
    }
  });
});
