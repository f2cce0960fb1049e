/**
 * The Hindi twins of the citizen-service, careers, downloads, legal, status and educator pages,
 * as a visitor's browser shows them on a 360 px phone: their words come from content/ in Hindi,
 * their links stay on /hi/, and what must stay the same in both languages (the forms' PDFs, the
 * 28 questions, the phone) stays. The English pages: routes.spec.ts and every-page.spec.ts; axe,
 * links and words on every Hindi page: every-page.spec.ts.
 */
import type { Page } from '@playwright/test';
import type { Job } from '../../src/lib/schemas/job';
import { jobFields } from '../support/record-fields';
import { expect, test } from './fixtures';
import { content, telHref } from './routes';

test.use({ viewport: { width: 360, height: 740 } });

interface Words {
  en: string;
  hi: string;
}

const main = (page: Page) => page.getByRole('main');

test.describe('service pages in Hindi', () => {
  test('E-Mitra: Hindi headings, the buttons lead to the Hindi query and application pages, 3 PDFs, 11 documents', async ({ page }) => {
    await page.goto('/hi/emitra');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
    await expect(page).toHaveTitle(/^ई-मित्र \|/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ई-मित्र');
    const hero = page.locator('.page-hero');
    await expect(hero.getByRole('link', { name: 'पूछताछ भेजें' })).toHaveAttribute('href', '/hi/contactForm');
    await expect(hero.getByRole('link', { name: 'ई-मित्र के लिए ऑनलाइन आवेदन करें' })).toHaveAttribute('href', '/hi/EmitraForm');
    // The apply-online button is still the accented one.
    await expect(hero.getByRole('link', { name: 'ई-मित्र के लिए ऑनलाइन आवेदन करें' })).toHaveClass(/btn--accent/);
    await expect(main(page).getByRole('heading', { name: 'कियोस्क पर मिलने वाली सेवाएँ' })).toBeVisible();
    const pdfs = main(page).locator('a[href$=".pdf"]');
    await expect(pdfs).toHaveCount(3);
    await expect(pdfs.first()).toHaveAccessibleName(/ई-मित्र कियोस्क आवेदन फ़ॉर्म.*\(PDF, नए टैब में खुलता है\)/);
    await expect(page.getByRole('group', { name: 'ज़रूरी दस्तावेज़' }).getByRole('listitem')).toHaveCount(11);
  });

  test('CSC: 28 questions in Hindi that open on click, and the FAQ data in Hindi', async ({ page }) => {
    await page.goto('/hi/cscService');
    const faq = main(page).locator('details.faq');
    await expect(faq).toHaveCount(28);
    await expect(faq.first().locator('summary')).toHaveText('CSC क्या है?');
    await faq.first().locator('summary').click();
    await expect(faq.first()).toContainText('डिजिटल इंडिया');
    await expect(main(page).getByRole('heading', { name: 'योजना एक नज़र में' })).toBeVisible();
    const data = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text) as unknown);
    const faqPage = data.flat().find((item) => (item as { '@type'?: string })['@type'] === 'FAQPage') as { mainEntity: { name: string }[] };
    expect(faqPage.mainEntity).toHaveLength(28);
    expect(faqPage.mainEntity[0]!.name).toBe('CSC क्या है?');
  });

  test('IIBF and Aadhar: Hindi cards, course codes as they are', async ({ page }) => {
    await page.goto('/hi/iibf');
    await expect(main(page).getByRole('heading', { name: 'BC/BF परीक्षा' })).toBeVisible();
    await expect(main(page)).toContainText('JAIIB');
    await expect(page.locator('.page-hero').getByRole('link', { name: 'मुझे वापस फ़ोन करें' })).toHaveAttribute('href', '/hi/IIBFForm');
    await page.goto('/hi/aadharPage');
    await expect(main(page).getByRole('heading', { name: 'LMS ट्रेनिंग' })).toBeVisible();
    await expect(main(page).getByRole('heading', { name: 'ज़रूरी दस्तावेज़' })).toBeVisible();
  });
});

test.describe('careers in Hindi', () => {
  const job: Job = {
    _id: '42',
    ...jobFields({ type: 'Full-Time' }),
    closesOn: '2026-12-20',
    version: 1,
    createdAt: '2026-11-20T09:15:00.000Z',
    updatedAt: '2026-11-20T09:15:00.000Z',
  };

  test('the empty-list text in Hindi', async ({ page }) => {
    await page.route(
      (url) => url.pathname === '/api/jobs',
      (route) => route.fulfill({ json: [] }),
    );
    await page.goto('/hi/jobs');
    const { emptyText } = content<{ emptyText: Words }>('jobs.json');
    await expect(main(page).getByText(emptyText.hi)).toBeVisible();
  });

  test('an opening as staff typed it, with the words around it in Hindi', async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { configurable: true, value: undefined }));
    await page.route(
      (url) => url.pathname === '/api/jobs',
      (route) => route.fulfill({ json: [job] }),
    );
    await page.goto('/hi/jobs');
    await expect(main(page).getByRole('status')).toHaveText('1 नौकरी');
    const card = main(page).locator('#job-42');
    await expect(card.getByRole('heading', { name: job.role })).toBeVisible();
    for (const name of ['अनुभव', 'योग्यता', 'वेतन', 'उम्मीदवार', 'पद']) await expect(card.locator('dt', { hasText: name })).toBeVisible();
    await expect(card.getByRole('link', { name: `अभी आवेदन करें — ${job.role} के लिए (नए टैब में खुलता है)` })).toHaveAttribute('href', job.applyLink);
    await expect(card.getByRole('link', { name: 'फ़ोन करें' })).toHaveAttribute('href', telHref);
    await expect(card.getByRole('link', { name: `शेयर करें — ${job.role} की नौकरी — WhatsApp पर (नए टैब में खुलता है)` })).toBeVisible();
  });
});

test.describe('information pages in Hindi', () => {
  test('downloads: Hindi columns; each link named by the Hindi form name, still a PDF in a new tab', async ({ page }) => {
    await page.goto('/hi/download');
    const table = main(page).getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText(['क्र.सं.', 'फ़ॉर्म का नाम', 'डाउनलोड']);
    const links = table.getByRole('link', { name: /^डाउनलोड/ });
    await expect(links).toHaveCount(18);
    await expect(links.first()).toHaveAccessibleName('डाउनलोड मूल निवास / बोनाफाइड प्रमाण पत्र आवेदन पत्र (PDF, नए टैब में खुलता है)');
    await expect(links.first()).toHaveAttribute('target', '_blank');
    // The English name beside the Hindi is marked as English.
    await expect(table.locator('.downloads__en').first()).toHaveAttribute('lang', 'en');
  });

  test('privacy policy: the Hindi document, its date in Hindi words, the retention days filled in, links kept on /hi/', async ({ page }) => {
    await page.goto('/hi/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('गोपनीयता नीति');
    await expect(main(page).locator('.legal__updated')).toHaveText('पिछला बदलाव: 29 नवंबर 2026');
    const headings = main(page).getByRole('heading', { level: 2 });
    for (const name of ['सूचना', 'संपर्क बंद करवाना', 'कुकीज़', 'रिफ़ंड नीति', 'हमसे संपर्क करें'])
      await expect(headings.filter({ hasText: name }).first(), name).toBeVisible();
    await expect(main(page)).not.toContainText('{days}');
    await expect(main(page).getByRole('link', { name: 'आवेदन की स्थिति' })).toHaveAttribute('href', '/hi/applicationStatus');
    // The contents list leads to its sections.
    await page.getByText('इस पेज पर').click();
    await page.getByRole('navigation', { name: 'इस पेज पर' }).getByRole('link', { name: 'कुकीज़' }).click();
    await expect(page).toHaveURL(/#/);
    await expect(headings.filter({ hasText: 'कुकीज़' })).toBeInViewport();
  });

  test('terms: the Hindi document and help box, the contact link on /hi/', async ({ page }) => {
    await page.goto('/hi/terms');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('नियम और शर्तें');
    const help = main(page).getByRole('complementary', { name: 'मदद चाहिए?' });
    await expect(help.getByRole('link', { name: 'संपर्क करें' })).toHaveAttribute('href', '/hi/contactForm');
    await expect(main(page)).toContainText('30 दिन');
  });

  test('application status, contact and 404: Hindi headings and labels', async ({ page }) => {
    await page.goto('/hi/applicationStatus');
    await expect(main(page).getByLabel('आवेदन का रेफ़रेंस')).toBeVisible();
    await expect(main(page).getByRole('heading', { name: 'रेफ़रेंस नहीं मिल रहा?' })).toBeVisible();
    await page.goto('/hi/contactForm');
    await expect(main(page).getByRole('heading', { name: 'हमें संदेश भेजें' })).toBeVisible();
    await expect(main(page).getByRole('heading', { name: 'मिलने आएँ या फ़ोन करें' })).toBeVisible();
    await page.goto('/hi/404');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('पेज नहीं मिला');
    await expect(main(page).getByRole('heading', { name: 'लोकप्रिय पेज' })).toBeVisible();
  });
});
