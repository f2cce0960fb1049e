/**
 * The language of the person a request or a mail is about: the page's language an island names
 * in the x-language header (src/i18n/locales.ts), stored with what the person sent (migration
 * 017) and used again for every e-mail to them. Mail to a visitor or student is written with its
 * messages called in that language explicitly ({ locale }), never in whatever language the
 * request happens to run in; mail to staff stays English.
 */
import site from '../../../content/site.json';
import { LANGUAGE_HEADER, localeOf, pathIn, type Locale } from '../../../src/i18n/locales';

export type { Locale };

/** The language a request's page named; English when it named none (the mobile app, curl). */
export const languageOf = (req: Request): Locale => localeOf(req.headers.get(LANGUAGE_HEADER));

/** The language a request's page named, or null when it named none (so a stored language may stand instead). */
export const namedLanguage = (req: Request): Locale | null => (req.headers.has(LANGUAGE_HEADER) ? languageOf(req) : null);

/** Words of content/ in `locale`: a `{ en, hi }` pair's own, plain text (a name, a number) as it is. */
export const inLanguage = (value: string | { en: string; hi: string }, locale: Locale): string => (typeof value === 'string' ? value : value[locale]);

/** A page of the site in `locale` (`/account` → `/hi/account`): a link in a Hindi mail opens the Hindi page. */
export const pageIn = (path: string, locale: Locale): string => pathIn(path, locale);

/** The institute's postal address in one line, in `locale`. */
export function instituteAddressLine(locale: Locale): string {
  const { street, locality, district, postalCode } = site.address as Record<string, string | { en: string; hi: string }>;
  return `${inLanguage(street!, locale)}, ${inLanguage(locality!, locale)}, ${inLanguage(district!, locale)} ${inLanguage(postalCode!, locale)}`;
}

/** A day as people read it in a mail: '26 Nov 2026' in English, '26 नवंबर 2026' in Hindi (India's calendar). */
export function dayInWords(when: Date | string, locale: Locale): string {
  const options: Intl.DateTimeFormatOptions =
    locale === 'hi'
      ? { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' }
      : { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' };
  return new Intl.DateTimeFormat(locale === 'hi' ? 'hi-IN' : 'en-IN', { ...options, numberingSystem: 'latn' }).format(new Date(when));
}
