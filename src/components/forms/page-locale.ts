/**
 * The language of the page an island is on: its `<html lang>` in the browser, and while the page
 * is built the language it is built in (Paraglide's runtime reads both). Dates, department names
 * and addresses an island writes itself follow it.
 */
import '../../i18n/messages';
import { getLocale } from '../../paraglide/runtime.js';
import { localeOf, pathIn, type Locale } from '../../i18n/locales';

/** The page's language. */
export const pageLocale = (): Locale => localeOf(getLocale());

/** A site path in the page's language: `/applicationStatus` → `/hi/applicationStatus` on a Hindi page. */
export const pagePath = (path: string): string => pathIn(path, pageLocale());

/** The tag for Intl's dates and numbers in the page's language ('en-IN', 'hi-IN'). */
export const pageTag = (): string => (pageLocale() === 'hi' ? 'hi-IN' : 'en-IN');
