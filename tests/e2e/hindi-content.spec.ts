/**
 * The Hindi twins of the pages built from content/ (home, services, courses, open board, degrees,
 * BBA, NIELIT, website design, about): each shows the Hindi of its content file — its title,
 * its h1 — and no English word other than the ones the content itself keeps (names, course
 * names and codes, the English words written inside the Hindi such as WhatsApp). A heading or
 * button typed in English into a component would show up here.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { content, site } from './routes';

interface Words {
  en: string;
  hi: string;
}
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isWords = (node: Json): node is Json & Words =>
  node !== null && typeof node === 'object' && !Array.isArray(node) && Object.keys(node).length === 2 && typeof (node as never)['hi'] === 'string';

/** Words of Latin letters (3 or more) the content allows on a Hindi page: those in its Hindi, and in the fields written once. */
function allowedWords(node: Json, into = new Set<string>()): Set<string> {
  const add = (text: string) => (text.match(/[A-Za-z][A-Za-z'-]{2,}/g) ?? []).forEach((word) => into.add(word));
  if (typeof node === 'string') {
    // Paths, addresses and pictures are no text a visitor reads.
    if (!/^(\.\/|\/|https?:)/.test(node)) add(node);
  } else if (isWords(node)) add(node.hi);
  else if (Array.isArray(node)) node.forEach((item) => allowedWords(item, into));
  else if (node && typeof node === 'object') Object.values(node).forEach((value) => allowedWords(value, into));
  return into;
}

const files = ['site', 'home', 'team', 'testimonials', 'catalogue', 'open-board', 'degrees', 'bba', 'nielit', 'web-packages', 'about'];
const data = Object.fromEntries(files.map((file) => [file, content<Json>(`${file}.json`)])) as Record<string, { [key: string]: Json }>;
const allowed = allowedWords(Object.values(data));

/** The Hindi of a `{en, hi}` pair at a dotted path of a content file. */
const hi = (file: string, dotted: string): string => {
  const node = dotted.split('.').reduce<Json>((at, key) => (at as { [key: string]: Json })[key]!, data[file]!);
  if (!isWords(node)) throw new Error(`${file}.json ${dotted} holds no words in both languages`);
  return node.hi;
};

const pages: { path: string; file: string; title: string; h1: string }[] = [
  { path: '/hi', file: 'home', title: 'seo.title', h1: 'hero.headline' },
  { path: '/hi/services', file: 'home', title: 'servicesPage.seo.title', h1: 'servicesPage.title' },
  { path: '/hi/coursePage', file: 'catalogue', title: 'seo.title', h1: 'hero.title' },
  { path: '/hi/openBoard', file: 'open-board', title: 'seo.title', h1: 'hero.title' },
  { path: '/hi/Degree', file: 'degrees', title: 'seo.title', h1: 'hero.title' },
  { path: '/hi/courseDetail', file: 'bba', title: 'seo.title', h1: 'course.title' },
  { path: '/hi/nielit', file: 'nielit', title: 'seo.title', h1: 'hero.title' },
  { path: '/hi/web', file: 'web-packages', title: 'seo.title', h1: 'hero.title' },
  { path: '/hi/about', file: 'about', title: 'seo.title', h1: 'hero.title' },
];

/**
 * Latin-letter words in the page's main content (its text and the names screen readers hear)
 * that the content does not hold. Forms are the forms' own words (their messages), not content's.
 */
async function strayEnglish(page: Page): Promise<string[]> {
  const text = await page.locator('main').evaluate((main) => {
    const clone = main.cloneNode(true) as HTMLElement;
    // Whole English sentences marked as such (lang="en") are allowed.
    clone.querySelectorAll('[lang="en"], script, style, template, form').forEach((el) => el.remove());
    const named = [...clone.querySelectorAll('[aria-label], img[alt]')].map((el) => el.getAttribute('aria-label') ?? el.getAttribute('alt') ?? '');
    const texts: string[] = [];
    const walker = document.createTreeWalker(clone, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) texts.push(walker.currentNode.textContent ?? '');
    return [...texts, ...named].join(' ');
  });
  // E-mail and web addresses are not words.
  const words = text.replace(/\S*[@.]\S*\.[a-z]{2,}\S*/g, ' ').match(/[A-Za-z][A-Za-z'-]{2,}/g) ?? [];
  return [...new Set(words)].filter((word) => !allowed.has(word));
}

test.describe('Hindi pages from content/', () => {
  for (const { path, file, title, h1 } of pages) {
    test(`${path}: Hindi title and heading, no English outside names and codes`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
      await expect(page).toHaveTitle(new RegExp(`^${hi(file, title).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(hi(file, h1));
      expect(await strayEnglish(page)).toEqual([]);
    });
  }

  test('/hi: the Pay Now dialog names the bank details and its buttons in Hindi', async ({ page }) => {
    await page.goto('/hi');
    await page.getByRole('button', { name: hi('home', 'contact.payNow') }).click();
    const dialog = page.getByRole('dialog', { name: hi('home', 'payment.heading') });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(hi('home', 'payment.labels.accountNumber'), { exact: true })).toBeVisible();
    await expect(dialog.getByText(hi('site', 'bank.accountType'), { exact: true })).toBeVisible();
    await expect(dialog.getByRole('link', { name: hi('home', 'payment.accountAction') })).toHaveAttribute('href', '/hi/account');
    await dialog.getByRole('button', { name: hi('home', 'payment.labels.close') }).click();
    await expect(dialog).toBeHidden();
  });

  test('/hi/openBoard: the boards’ headings, tables and late fees in Hindi', async ({ page }) => {
    await page.goto('/hi/openBoard');
    const nios = page.locator('#nios');
    await expect(nios.getByRole('heading', { name: 'NIOS क्या है?' })).toBeVisible();
    await expect(nios.getByRole('columnheader', { name: hi('open-board', 'labels.stage') }).first()).toBeVisible();
    await expect(nios.getByText('₹200 लेट फ़ीस').first()).toBeVisible();
    await expect(nios.getByText('कम से कम आयु 14 वर्ष;', { exact: false })).toBeVisible();
  });

  test('/hi: the footer and contact strip give the address and hours in Hindi', async ({ page }) => {
    await page.goto('/hi');
    await expect(page.getByRole('contentinfo')).toContainText(hi('site', 'address.locality'));
    await expect(page.getByRole('contentinfo')).toContainText(hi('site', 'credit'));
    await expect(page.getByText(hi('site', 'hours')).first()).toBeAttached();
    await expect(page.getByText(hi('site', 'announcementDefault').replace('{phone}', site.phone))).toBeAttached();
  });
});
