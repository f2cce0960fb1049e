/**
 * The links of a Hindi page lead to Hindi pages: `href="/about"` becomes `href="/hi/about"`
 * wherever the address is a page with a Hindi twin. Files (PDFs, pictures), the API, the staff
 * pages and addresses already under /hi/ are left as they are, and so is every link that says
 * which language it opens (hreflang: the language switch and the alternates).
 */
import { pathIn } from './locales';

/** Staff pages: English only (src/pages/hi/ has no twin of them). */
const ENGLISH_ONLY = /^\/(adminPanel|adminLogin|adminInvite|adminDashboard)(\/|$)/;

/** Whether a site path is a page that has a Hindi twin. */
export function hasHindiTwin(pathname: string): boolean {
  if (/^\/hi(\/|$)/.test(pathname)) return false;
  if (/^\/(api|_astro|forms|media)\//.test(pathname)) return false;
  if (ENGLISH_ONLY.test(pathname)) return false;
  // A file: the last segment has an extension (.pdf, .svg, .xml, .webmanifest…).
  return !/\.[a-z0-9]+$/i.test(pathname.split('/').pop() ?? '');
}

/** A site address (`/about?x=1#y`) in Hindi, or unchanged when its page has no twin. */
export function hindiHref(href: string): string {
  const match = /^(\/[^?#]*)(.*)$/.exec(href);
  if (!match || href.startsWith('//')) return href;
  const [, pathname, rest] = match as unknown as [string, string, string];
  return hasHindiTwin(pathname) ? `${pathIn(pathname, 'hi')}${rest}` : href;
}

/** Every `<a href="/…">` of a page's HTML that leads to a page with a twin, led to the twin. */
export function toHindiLinks(html: string): string {
  return html.replace(/<a\b[^>]*>/gi, (tag) => {
    if (/\shreflang=/i.test(tag)) return tag;
    return tag.replace(/(\shref=")(\/[^"]*)"/i, (_, before: string, href: string) => `${before}${hindiHref(href)}"`);
  });
}
