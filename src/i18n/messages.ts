/**
 * The interface's words in English and Hindi (content/messages/<area>/{en,hi}.json, compiled by
 * Paraglide JS into src/paraglide/). Import each message by name from here:
 *
 *   import { nav_home } from '../i18n/messages';
 *   nav_home()                    // in the page's language
 *   nav_home({}, { locale: 'hi' }) // in a given one (an e-mail in the applicant's language)
 *
 * A message is a function holding both languages; a bundle carries only the messages it
 * imports. The language is the page's (<html lang>) in the browser, and on the server the one
 * `inLocale` (src/i18n/server-locale.ts) runs the work in, English otherwise.
 */
import { defineCustomClientStrategy } from '../paraglide/runtime.js';
import { localeOf } from './locales';

defineCustomClientStrategy('custom-page', {
  getLocale: () => (typeof document === 'undefined' ? undefined : localeOf(document.documentElement.lang)),
  // The language changes only by opening the page's twin (the switch is a link).
  setLocale: () => undefined,
});

export * from '../paraglide/messages/_index.js';
