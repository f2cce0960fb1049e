/**
 * The site's two languages and their addresses: English at the spec's paths, Hindi at the same
 * path under /hi/ (`/about` ↔ `/hi/about`, `/` ↔ `/hi`). Plain functions, so the pages, the
 * islands and the functions all use the same rules.
 */

/** The languages, English first (the default, and the spec's). */
export const LOCALES = ['en', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];

/** The default language: any client that does not say otherwise (the mobile app, curl) gets it. */
export const DEFAULT_LOCALE: Locale = 'en';

/** The value of <html lang> and hreflang for each language. */
export const LANGUAGE_TAG: Record<Locale, string> = { en: 'en-IN', hi: 'hi-IN' };

/** The language's own name, as its switch shows it. */
export const LANGUAGE_NAME: Record<Locale, string> = { en: 'English', hi: 'हिन्दी' };

/** The request header an island sends with every call to the API: the language of its page. */
export const LANGUAGE_HEADER = 'x-language';

/** Whether a value names one of the site's languages. */
export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/** A language from a header, a stored field or a tag ('hi', 'hi-IN'); English for anything else. */
export function localeOf(value: string | null | undefined): Locale {
  const primary = (value ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(primary) ? primary : DEFAULT_LOCALE;
}

const HINDI_PREFIX = /^\/hi(?=\/|$)/;

/** The language of a page from its path: under /hi/ is Hindi, anything else English. */
export const localeOfPath = (pathname: string): Locale => (HINDI_PREFIX.test(pathname) ? 'hi' : 'en');

/**
 * The same page's path in `locale`: `/about` → `/hi/about`, `/hi/about` → `/about`, `/` ↔ `/hi`.
 * Only the path: a caller keeps its own query and hash.
 */
export function pathIn(pathname: string, locale: Locale): string {
  const english = pathname.replace(HINDI_PREFIX, '') || '/';
  if (locale === 'en') return english;
  return english === '/' ? '/hi' : `/hi${english}`;
}
