/**
 * Every public route: it answers, it is described for search engines and link previews, it has
 * one h1, and it shows what the spec puts on it. Header and footer are checked as a visitor
 * sees them.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { escapeRe, footerPaths, hrefRe, notFound, routes, site, telHref } from './routes';

/** Every JSON-LD object of the page, @graph entries included. */
async function structuredData(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.flatMap((text) => {
    const data = JSON.parse(text) as Record<string, unknown> | Record<string, unknown>[];
    const list = Array.isArray(data) ? data : [data];
    return list.flatMap((item) => [item, ...((item['@graph'] as Record<string, unknown>[] | undefined) ?? [])]);
  });
}

/** Every JSON-LD object of a page's HTML, @graph entries included. */
function structuredDataOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].flatMap((m) => {
    const data = JSON.parse(m[1]!) as Record<string, unknown> | Record<string, unknown>[];
    const list = Array.isArray(data) ? data : [data];
    return list.flatMap((item) => [item, ...((item['@graph'] as Record<string, unknown>[] | undefined) ?? [])]);
  });
}

/** Text of an HTML fragment as a reader gets it: tags dropped, entities read, spaces joined. */
const textOf = (fragment: string) =>
  fragment
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" })[e]!)
    .replace(/\s+/g, ' ')
    .trim();

/** The head of a page's HTML: its title, its canonical addresses and its meta tags. */
function parseHead(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const attributes = (tag: string) => Object.fromEntries([...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map((m) => [m[1]!, textOf(m[2]!)]));
  const metas = [...head.matchAll(/<meta\b[^>]*>/g)].map((m) => attributes(m[0]));
  return {
    title: textOf(/<title>([\s\S]*?)<\/title>/.exec(head)?.[1] ?? ''),
    canonicals: [...head.matchAll(/<link\b[^>]*rel="canonical"[^>]*>/g)].map((m) => attributes(m[0])['href']),
    meta: (kind: 'name' | 'property', key: string) => metas.find((m) => m[kind] === key)?.['content'],
  };
}

/** Whether a JSON-LD object is of a schema.org type. */
const isType = (item: Record<string, unknown>, type: string) => [item['@type']].flat().includes(type);

/** Matches a rupee amount written either way: "Rs. 1800", "₹1,800", "₹ 1800". */
const rupees = (amount: number) => {
  const plain = String(amount);
  const grouped = amount.toLocaleString('en-IN');
  return new RegExp(`(Rs\\.?|₹)\\s?(${escapeRe(grouped)}|${plain})(?!\\d)`);
};

/**
 * The block a heading introduces: the innermost element of <main> holding both the heading and
 * a list (or what `holding` finds): a section, or a card.
 */
const block = (page: Page, name: string | RegExp, holding: Locator = page.getByRole('list')) =>
  page
    .getByRole('main')
    .locator('*')
    .filter({ has: page.getByRole('heading', { name }) })
    .filter({ has: holding })
    .last();

/** Expects a link (by accessible name) to go exactly to a path. */
async function expectLink(scope: Page | Locator, name: string | RegExp, path: string) {
  const link = scope.getByRole('link', { name }).first();
  await expect(link, `link "${name}"`).toHaveAttribute('href', hrefRe(path));
}

test.describe('every route', () => {
  // What these check is in the HTML the server sends, where search engines and link previews
  // read it: the answer is read as text, without a browser (what scripts do to a page is checked
  // by the other specs).
  test('each answers with its title, description, canonical address, preview tags and one h1', async ({ request }) => {
    for (const route of routes) {
      const response = await request.get(route.path);
      expect(response.status(), route.path).toBe(200);
      const html = await response.text();
      const head = parseHead(html);

      expect(head.title, `${route.path}: title`).toMatch(new RegExp(`^${escapeRe(route.title)}.* \\| ${escapeRe(site.name)}$`));
      expect(head.title.length, `${route.path}: title length (search engines cut at about 60–70 characters)`).toBeLessThanOrEqual(110);
      expect(head.meta('name', 'description')?.trim().length ?? 0, `${route.path}: meta description length`).toBeGreaterThanOrEqual(50);

      expect(head.canonicals, `${route.path}: one canonical address`).toEqual([new URL(route.canonical ?? route.path, site.website).href]);
      if (route.unlisted) expect(head.meta('name', 'robots'), route.path).toMatch(/noindex/);
      else expect(head.meta('name', 'robots'), route.path).toBeUndefined();

      expect(head.meta('property', 'og:title'), `${route.path}: og:title`).toBe(head.title);
      expect(head.meta('property', 'og:description'), `${route.path}: og:description`).toMatch(/\S/);
      expect(head.meta('property', 'og:image'), `${route.path}: og:image`).toMatch(/^https:\/\//);

      const h1s = [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => textOf(m[1]!));
      expect(h1s.length, `${route.path}: one h1`).toBe(1);
      if (typeof route.h1 === 'string') expect(h1s[0], `${route.path}: h1`).toBe(route.h1);
      else expect(h1s[0], `${route.path}: h1`).toMatch(route.h1);

      const org = structuredDataOf(html).find((item) => isType(item, 'EducationalOrganization'));
      expect(org, `${route.path}: JSON-LD EducationalOrganization`).toBeDefined();
      expect(org?.['name']).toBe(site.name);
    }
  });

  test('titles are unique (the /degree spelling is the /Degree page)', async ({ request }) => {
    const titles = new Map<string, string>();
    for (const route of routes.filter((r) => !r.canonical)) {
      const html = await (await request.get(route.path)).text();
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
      expect(titles.get(title), `${route.path} has the same title as ${titles.get(title)}`).toBeUndefined();
      titles.set(title, route.path);
    }
  });

  test('an unknown address answers 404 with a page that helps the visitor on', async ({ page }) => {
    const response = await page.goto(notFound.path);
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle(new RegExp(` \\| ${escapeRe(site.name)}$`));
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFound.h1);
    await expectLink(page.getByRole('main'), /home/i, '/');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  test('/contact redirects permanently to /contactForm', async ({ page, request }) => {
    const response = await request.get('/contact', { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(new URL(response.headers()['location'] ?? '', 'http://x').pathname).toBe('/contactForm');
    await page.goto('/contact');
    await expect(page).toHaveURL(/\/contactForm$/);
  });

  test('robots.txt allows crawling and points at the sitemap, which lists the public pages', async ({ request }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    const text = await robots.text();
    expect(text).toMatch(/^User-agent: \*/m);
    expect(text).toContain(`Sitemap: ${new URL('/sitemap-index.xml', site.website).href}`);

    const index = await request.get('/sitemap-index.xml');
    expect(index.status()).toBe(200);
    const sitemaps = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(sitemaps.length).toBeGreaterThan(0);
    const urls: string[] = [];
    for (const sitemap of sitemaps) {
      const response = await request.get(sitemap);
      expect(response.status(), sitemap).toBe(200);
      urls.push(...[...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!));
    }
    for (const route of routes.filter((r) => !r.canonical && !r.unlisted)) {
      expect(urls, `sitemap lists ${route.path}`).toContain(new URL(route.path, site.website).href);
    }
    for (const route of routes.filter((r) => r.unlisted)) {
      const listed = urls.map((u) => new URL(u).pathname);
      expect(listed, `sitemap leaves out ${route.path} (noindex)`).not.toContain(route.canonical ?? route.path);
    }
    expect(
      urls.some((u) => /\/404$/.test(u)),
      'the 404 page is not in the sitemap',
    ).toBe(false);
  });
});

test.describe('header', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('contact strip, menu and buttons', async ({ page }) => {
    await page.goto('/about');
    const banner = page.getByRole('banner');
    const phone = banner.getByRole('link', { name: site.phone }).first();
    await expect(phone).toHaveAttribute('href', telHref);
    await expectLink(banner, site.email, `mailto:${site.email}`);
    await expectLink(banner, site.name, '/');

    const menu = page.getByRole('navigation', { name: 'Main', exact: true });
    for (const [name, path] of [
      ['Home', '/'],
      ['About', '/about'],
      ['Download', '/download'],
      ['Jobs', '/jobs'],
      ['Contact Us', '/contactForm'],
    ] as const) {
      await expectLink(menu, new RegExp(`^${name}$`), path);
    }
    await expect(menu.getByText('Services', { exact: false }).first()).toBeVisible();

    const app = banner.getByRole('link', { name: /Download App/ }).first();
    await expect(app).toHaveAttribute('href', site.appStoreUrl);
    await expect(app).toHaveAttribute('target', '_blank');
    await expect(app).toHaveAttribute('rel', /noopener/);
    await expect(app).toHaveAccessibleName(/new tab/);
    await expectLink(banner, 'Admin Login', '/adminLogin');
    await expectLink(banner, 'Student Login', '/login');
  });

  test('announcement: the default with the phone when there is no message', async ({ page }) => {
    await page.route('**/api/marquee', (route) => route.fulfill({ json: [] }));
    await page.goto('/');
    await expect(page.getByText(`Admissions Open | Call Now ${site.phone}`)).toBeAttached();
  });

  test('announcement: the first message when there are some', async ({ page }) => {
    await page.route('**/api/marquee', (route) =>
      route.fulfill({
        json: [
          { _id: '1', message: 'RS-CIT batch starts Monday' },
          { _id: '2', message: 'Second message' },
        ],
      }),
    );
    await page.goto('/');
    await expect(page.getByText('RS-CIT batch starts Monday')).toBeAttached();
    await expect(page.getByText('Second message')).toHaveCount(0);
  });

  test('announcement: the failure text when the list cannot be loaded', async ({ page }) => {
    await page.route('**/api/marquee', (route) => route.fulfill({ status: 500, json: { error: 'down' } }));
    await page.goto('/');
    await expect(page.getByText('Failed to load updates. Check again later.')).toBeAttached();
  });
});

test.describe('footer', () => {
  test('links, channels, visitor counter and copyright', async ({ page }) => {
    await page.route('**/api/visitor', (route) => route.fulfill({ json: { count: 12345 } }));
    await page.goto('/privacy');
    const footer = page.getByRole('contentinfo');
    for (const path of footerPaths) {
      await expect(footer.locator(`a[href="${path}"]`).first(), `footer link to ${path}`).toBeVisible();
    }
    for (const social of site.social) {
      const link = footer.getByRole('link', { name: new RegExp(social.name) });
      await expect(link).toHaveAttribute('href', social.href);
      await expect(link).toHaveAttribute('target', '_blank');
    }
    await expect(footer.getByRole('link', { name: new RegExp(escapeRe(site.messagingChannel.label.en)) })).toHaveAttribute('href', site.messagingChannel.href);
    await expect(footer.getByText('Visitors total')).toBeVisible();
    await expect(footer.getByText('12,345')).toBeVisible();
    await expect(footer.getByText(new RegExp(`© ?${site.copyrightYear}`))).toBeVisible();
  });

  test('the visitor counter stays at 0 when the count cannot be loaded', async ({ page }) => {
    await page.route('**/api/visitor', (route) => route.fulfill({ status: 500, json: {} }));
    const failed = page.waitForResponse('**/api/visitor');
    await page.goto('/terms');
    await failed;
    const counter = page.getByRole('contentinfo').getByText('Visitors total').locator('..');
    await expect(counter).toHaveText(/^\s*Visitors total\s*0\s*$/);
  });
});

test.describe('home', () => {
  const tiles = [
    { title: 'Courses', count: '29 Courses', href: '/coursePage' },
    { title: 'Degree Courses', count: '25 Courses', href: '/degree' },
    { title: 'Open Board', count: '10+2', href: '/openBoard' },
    { title: 'E-Mitra', href: '/emitra' },
    { title: 'CSC Services', href: '/cscService' },
    { title: 'Aadhar Service', href: '/aadharPage' },
    { title: 'IIBF Services', href: '/iibf' },
    { title: 'NIELIT Courses', count: '5 Courses', href: '/nielit' },
    { title: 'Website Design', href: '/web' },
  ];

  test('hero, nine service tiles, about, team, testimonials and contact', async ({ page }) => {
    await page.goto('/');
    const main = page.getByRole('main');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crafting Careers, Empowering Learners');
    await expectLink(main, 'Get Started', '/coursePage');

    const services = main
      .getByRole('list')
      .filter({ has: page.getByRole('link', { name: 'Website Design', exact: true }) })
      .first();
    await expect(services.getByRole('listitem')).toHaveCount(9);
    for (const tile of tiles) {
      const link = services.getByRole('link', { name: tile.title, exact: true });
      await expect(link, tile.title).toHaveAttribute('href', hrefRe(tile.href));
      const item = services.getByRole('listitem').filter({ has: page.getByRole('link', { name: tile.title, exact: true }) });
      if (tile.count) await expect(item).toContainText(tile.count);
    }
    await expectLink(main, 'View More', '/services');

    await expect(main.getByRole('heading', { name: "Nurturing Tomorrow's Leaders Today" })).toBeVisible();
    await expect(main.locator('video')).toHaveCount(1);
    await expect(main.getByRole('heading', { name: 'What Student Says' })).toBeVisible();
    await expect(main.getByRole('heading', { name: /team/i })).toBeVisible();

    // Contact block: a message form and the institute's address, phone and e-mail.
    const form = main.locator('form').first();
    await expect(form.getByLabel(/name/i).first()).toBeVisible();
    await expect(form.getByLabel(/phone|mobile/i).first()).toHaveAttribute('type', 'tel');
    await expect(form.getByLabel(/subject/i).first()).toBeVisible();
    await expect(main.getByRole('link', { name: site.phone }).first()).toHaveAttribute('href', telHref);
    await expect(main.getByRole('link', { name: site.email }).first()).toBeVisible();
  });

  test('the video plays muted and looping', async ({ page }) => {
    await page.goto('/');
    const video = page.getByRole('main').locator('video');
    await expect(video).toHaveJSProperty('muted', true);
    await expect(video).toHaveJSProperty('loop', true);
  });

  test('the video poster and controls come only when the video comes near the screen', async ({ page }) => {
    await page.goto('/');
    const video = page.getByRole('main').locator('video');
    await expect(video).not.toHaveAttribute('poster');
    // The browser's controls cost a long task to build: not while the first screen loads.
    await expect(video).not.toHaveAttribute('controls');
    await video.scrollIntoViewIfNeeded();
    await expect(video).toHaveAttribute('poster', /\/_astro\/video-poster\.[\w-]+\.webp$/);
    await expect(video).toHaveJSProperty('controls', true);
    expect(await video.evaluate((v: HTMLVideoElement) => fetch(v.poster).then((r) => r.status))).toBe(200);
  });

  test('lists the organization and offers no course markup it cannot back', async ({ page }) => {
    await page.goto('/');
    const data = await structuredData(page);
    expect(data.some((item) => isType(item, 'EducationalOrganization'))).toBe(true);
  });
});

test.describe('open board', () => {
  test('hero, three boards, eligibility, dates and fees', async ({ page }) => {
    await page.goto('/openBoard');
    await expect(page).toHaveTitle(/^Open-Board \| /);
    const main = page.getByRole('main');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Open Board Admission');
    await expectLink(main, 'Contact for Admission', '/contactForm');

    const boards = main.getByRole('heading', { level: 2 });
    await expect(boards.filter({ hasText: /National/ })).toHaveCount(1);
    await expect(boards.filter({ hasText: /Rajasthan/ })).toHaveCount(1);
    await expect(boards.filter({ hasText: /Sikkim/ })).toHaveCount(1);

    for (const text of ['16 March', '31 July', '16 September', '31 January', 'April', 'October']) {
      await expect(main.getByText(text).first(), text).toBeAttached();
    }
    const body = (await main.innerText()).replace(/\s+/g, ' ');
    for (const amount of [200, 400, 700, 1800]) expect(body, `fee ${amount}`).toMatch(rupees(amount));
    expect(body).toMatch(/\b14\b/);
    expect(body).toMatch(/\b15\b/);
    expect(body).toMatch(/\b5\b.*subjects|subjects.*\b5\b|five subjects/i);

    // The Sikkim block ends with Apply Now.
    const sikkim = main
      .locator('section')
      .filter({ has: page.getByRole('heading', { level: 2, name: /Sikkim/ }) })
      .last();
    await expect(
      sikkim
        .getByRole('link', { name: /^Apply Now$/i })
        .or(sikkim.getByRole('button', { name: /^Apply Now$/i }))
        .first(),
    ).toBeVisible();
  });
});

test.describe('degree courses', () => {
  const ug = ['BBA', 'BCA', 'B.Com', 'BA', 'B.Sc', 'B.Lib', 'BSW', 'BJMC', 'B.Tech', 'LLB', 'B.VOC'];
  const pg = ['MBA', 'MCA', 'M.Com', 'MA', 'M.Sc', 'M.Lib', 'MSW', 'MJMC', 'M.Tech', 'LLM', 'M.VOC'];
  const diploma = ['D.Lib', 'DCA', 'PGDCA', 'Yoga'];

  test('programme tiles: only BBA links, to /courseDetail', async ({ page }) => {
    await page.goto('/Degree');
    const main = page.getByRole('main');
    for (const name of [...ug, ...pg, ...diploma]) {
      await expect(main.getByText(new RegExp(`^\\s*${escapeRe(name)}\\b`)).first(), name).toBeVisible();
    }
    const detailLinks = main.locator('a[href="/courseDetail"]');
    await expect(detailLinks).toHaveCount(1);
    await expect(detailLinks).toContainText('BBA');
    const programmes = main
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: /Undergraduate|UG/ }) })
      .first();
    const links = await programmes.getByRole('link').evaluateAll((els) => els.map((a) => a.getAttribute('href')));
    expect(
      links.filter((href) => href !== '/courseDetail'),
      'no other programme tile links anywhere',
    ).toEqual([]);
  });

  test('why choose us, scribble wall and the two promotions', async ({ page }) => {
    await page.goto('/Degree');
    const main = page.getByRole('main');
    const why = block(page, 'Why Choose Us?');
    await expect(why.getByRole('listitem')).toHaveCount(5);
    const wall = block(page, 'Scribble Wall');
    await expect(wall.getByRole('listitem')).toHaveCount(3);
    await expect(wall.locator('img')).toHaveCount(3);
    await expect(main.getByRole('heading', { name: 'Join Us' })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Become Partner' })).toBeVisible();
    await expect(main.locator('a[href="/apply"]').first()).toBeVisible();
    await expect(main.locator('a[href="/contactForm"]').first()).toBeVisible();
  });
});

test.describe('BBA detail', () => {
  test('rating, seven universities and the fee table', async ({ page }) => {
    await page.goto('/courseDetail');
    const main = page.getByRole('main');
    await expect(main.getByText(/4\.8/).first()).toBeVisible();
    await expect(main.getByText(/out of 5|\/ ?5/).first()).toBeAttached();
    await expect(block(page, /Top universities/i).getByRole('listitem')).toHaveCount(7);
    const table = main.getByRole('table');
    await expect(table.getByRole('columnheader').first()).toBeVisible();
    await expect(table.locator('tbody tr')).toHaveCount(4);
    for (const fee of ['25,300', '23,000', '12,000', '40,200']) await expect(table, fee).toContainText(fee);
  });
});

test.describe('courses', () => {
  const categories = [
    'Digital Literacy',
    'Digital Marketing',
    'Web Development',
    'Graphic Design',
    'Office Skills',
    'Finance and Accounts',
    'LAW',
    'Commmunication Skills',
    'Programming Language',
    'All Courses',
  ];

  test('ten category tabs, Digital Literacy first and selected, RS-CIT ₹4,200 for 3 months', async ({ page }) => {
    await page.goto('/coursePage');
    const tabs = page.getByRole('tablist').getByRole('tab');
    await expect(tabs).toHaveText(categories);
    await expect(page.getByRole('tab', { name: 'Digital Literacy' })).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel');
    await expect(panel).toHaveCount(1);
    await expect(panel).toContainText('RS-CIT');
    const rscit = panel.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'RS-CIT', exact: true }) });
    await expect(rscit).toContainText(rupees(4200));
    await expect(rscit).toContainText(/3 months/i);
  });

  test('clicking a tab shows its own cards', async ({ page }) => {
    await page.goto('/coursePage');
    await page.getByRole('tab', { name: 'LAW' }).click();
    await expect(page.getByRole('tab', { name: 'LAW' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Digital Literacy' })).toHaveAttribute('aria-selected', 'false');
    const panel = page.getByRole('tabpanel');
    await expect(panel).toHaveCount(1);
    await expect(panel).toContainText('RJS');
    await expect(page.getByRole('heading', { name: 'RS-CIT', exact: true })).toBeHidden();

    await page.getByRole('tab', { name: 'All Courses' }).click();
    await expect(page.getByRole('tabpanel')).toContainText('RS-CIT');
    await expect(page.getByRole('tabpanel')).toContainText('RJS');
  });

  test('Buy Now opens the app store listing in a new tab', async ({ page }) => {
    await page.goto('/coursePage');
    const buy = page.getByRole('tabpanel').getByRole('link', { name: /Buy Now/ });
    expect(await buy.count()).toBeGreaterThan(0);
    for (const link of await buy.all()) {
      await expect(link).toHaveAttribute('href', site.appStoreUrl);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
      await expect(link).toHaveAccessibleName(/new tab/);
    }
  });

  test('describes its courses as schema.org Course', async ({ page }) => {
    await page.goto('/coursePage');
    const courses = (await structuredData(page)).filter((item) => isType(item, 'Course') || JSON.stringify(item).includes('"Course"'));
    expect(courses.length).toBeGreaterThan(0);
  });
});

test.describe('service pages', () => {
  test('E-Mitra: query, online application, three PDF forms, 11 documents', async ({ page }) => {
    await page.goto('/emitra');
    const main = page.getByRole('main');
    await expectLink(main, /^SEND A QUERY$/i, '/contactForm');
    await expectLink(main, /^APPLY ONLINE FOR E-MITRA$/i, '/EmitraForm');
    const pdfs = main.locator('a[href$=".pdf"]');
    await expect(pdfs).toHaveCount(3);
    await expect(block(page, /documents/i).getByRole('listitem')).toHaveCount(11);
  });

  test('CSC: query, call back, online application, 12 documents, and 28 FAQ questions that open on click', async ({ page }) => {
    await page.goto('/cscService');
    const main = page.getByRole('main');
    await expectLink(main, /^SEND A QUERY$/i, '/contactForm');
    await expectLink(main, /^GIVE ME CALL BACK$/i, '/contactForm');
    await expectLink(main, /^APPLY ONLINE FOR CSC$/i, '/CSCForm');
    await expect(block(page, /documents/i).getByRole('listitem')).toHaveCount(12);
    const faq = block(page, /FAQ|Frequently asked/i, page.locator('details'));
    const questions = faq.locator('details');
    await expect(questions).toHaveCount(28);
    const first = questions.first();
    await expect(first).not.toHaveAttribute('open');
    await first.locator('summary').click();
    await expect(first).toHaveAttribute('open', '');
    await expect(first.locator(':scope > :not(summary)').first()).toBeVisible();
    // Facts the spec gives, answers of closed questions included.
    const body = ((await main.textContent()) ?? '').replace(/\s+/g, ' ');
    for (const fact of ['18', '512', '08:00 AM', '08:00 PM']) expect(body, fact).toContain(fact);
  });

  test('IIBF: call back and online application go to the form, query to contact, 7 documents', async ({ page }) => {
    await page.goto('/iibf');
    const main = page.getByRole('main');
    await expectLink(main, /^GIVE ME CALL BACK$/i, '/IIBFForm');
    await expectLink(main, /^APPLY ONLINE FOR IIBF$/i, '/IIBFForm');
    await expectLink(main, /^SEND A QUERY$/i, '/contactForm');
    await expect(block(page, /documents/i).getByRole('listitem')).toHaveCount(7);
  });

  test('Aadhar: query link, four service cards and a documents card', async ({ page }) => {
    await page.goto('/aadharPage');
    const main = page.getByRole('main');
    await expectLink(main, /^SEND A QUERY$/i, '/contactForm');
    for (const name of [/LMS/, /authori[sz]ation letter/i, /exam/i, /cent(er|re) setup/i]) {
      await expect(main.getByRole('heading', { name }).first(), String(name)).toBeVisible();
    }
    await expect(main.getByRole('heading', { name: /documents/i }).first()).toBeVisible();
  });

  test('NIELIT: six courses with duration, query and admission form links', async ({ page }) => {
    await page.goto('/nielit');
    const main = page.getByRole('main');
    for (const course of ['O Level', 'CCC', 'CCC+', 'ACC', 'BCC', 'ECC']) {
      await expect(main.getByRole('heading', { name: course, exact: true }), course).toBeVisible();
    }
    const body = (await main.innerText()).replace(/\s+/g, ' ');
    for (const duration of ['1 year', '3 months', '20 hours', '36 hours', '200 hours']) expect(body.toLowerCase()).toContain(duration);
    await expect(main.locator('a[href="/contactForm"]').first()).toBeVisible();
    await expect(main.locator('a[href="/NeilitForm"]').first()).toBeVisible();
  });

  test('website packages: Basic 4,999, Standard 9,999, Premium 14,999', async ({ page }) => {
    await page.goto('/web');
    const main = page.getByRole('main');
    for (const [name, price] of [
      ['Basic', 4999],
      ['Standard', 9999],
      ['Premium', 14999],
    ] as const) {
      const card = main
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name, exact: true }) })
        .or(main.locator('article').filter({ has: page.getByRole('heading', { name, exact: true }) }));
      await expect(card.first(), name).toContainText(rupees(price));
    }
  });

  test('jobs: the empty-list text when there are no openings', async ({ page }) => {
    // However many openings the test server's database holds (public-records.spec.ts covers the rest).
    await page.route(
      (url) => url.pathname === '/api/jobs',
      (route) => route.fulfill({ json: [] }),
    );
    await page.goto('/jobs');
    await expect(page.getByRole('main').getByText('No job openings available right now. Check back soon!')).toBeVisible();
  });
});

test.describe('information pages', () => {
  test('downloads: 18 forms, each opening an existing PDF in a new tab', async ({ page, request }) => {
    await page.goto('/download');
    const table = page.getByRole('main').getByRole('table');
    await expect(table.getByRole('columnheader').first()).toBeVisible();
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(18);
    const links = table.getByRole('link', { name: /Download/ });
    await expect(links).toHaveCount(18);
    const hrefs = new Set<string>();
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
      await expect(link).toHaveAccessibleName(/new tab/);
      hrefs.add((await link.getAttribute('href')) ?? '');
    }
    for (const href of hrefs) {
      const response = await request.get(href);
      expect(response.status(), href).toBe(200);
      expect(response.headers()['content-type'], href).toMatch(/^application\/pdf/);
    }
  });

  test('about: who we are, what we do, five recognitions', async ({ page }) => {
    await page.goto('/about');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Who we are?' })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'What do we do?' })).toBeVisible();
    await expect(main.getByRole('button', { name: /full size/i })).toHaveCount(5);
  });

  test('privacy policy: its sections', async ({ page }) => {
    await page.goto('/privacy');
    const headings = page.getByRole('main').getByRole('heading', { level: 2 });
    for (const name of [/commitment/i, /notice/i, /opt.?out/i, /security/i, /quality/i, /business relationships/i, /cookies/i, /refund/i, /contact/i]) {
      await expect(headings.filter({ hasText: name }).first(), String(name)).toBeVisible();
    }
  });

  test('terms: its sections and a help box with the helpline and the contact form', async ({ page }) => {
    await page.goto('/terms');
    const main = page.getByRole('main');
    const headings = main.getByRole('heading');
    for (const name of [/eligibility/i, /registration/i, /refund/i, /force majeure/i, /indemnity/i]) {
      await expect(headings.filter({ hasText: name }).first(), String(name)).toBeVisible();
    }
    const body = (await main.innerText()).replace(/\s+/g, ' ');
    expect(body).toMatch(/30 days/);
    expect(body).toMatch(/1, 6 or 12 months|1, 6, or 12 months/);
    await expect(main.locator('a[href="/contactForm"]').first()).toBeVisible();
    await expect(main.locator('a[href^="tel:"]').first()).toBeVisible();
  });

  test('contact: address, e-mail, phone and a message form with five required fields', async ({ page }) => {
    await page.goto('/contactForm');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: site.phone }).first()).toHaveAttribute('href', telHref);
    await expect(main.getByRole('link', { name: site.email }).first()).toBeVisible();
    const form = main.locator('form').first();
    for (const label of [/name/i, /e-?mail/i, /phone|mobile/i, /subject/i, /message/i]) {
      await expect(form.getByLabel(label).first(), String(label)).toHaveAttribute('required', '');
    }
    await expect(form.getByLabel(/e-?mail/i).first()).toHaveAttribute('type', 'email');
    await expect(form.getByLabel(/message/i).first()).toHaveAttribute('rows', '5');
  });

  test('apply: the lead form with all fields required', async ({ page }) => {
    await page.goto('/apply');
    const form = page.getByRole('main').locator('form').first();
    for (const label of [/name/i, /e-?mail/i, /phone|mobile/i, /department/i, /course/i]) {
      await expect(form.getByLabel(label).first(), String(label)).toBeVisible();
    }
    await expect(form.getByLabel(/phone|mobile/i).first()).toHaveAttribute('type', 'tel');
    await expect(form.getByRole('checkbox')).toHaveCount(1);
    await expect(form.getByRole('button', { name: 'Enroll Now' })).toBeVisible();
  });
});
