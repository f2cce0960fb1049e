/**
 * Every page passes here as it is built: its messages come in the page's language (taken from
 * its address, /hi/… for Hindi), and a Hindi page's links lead to the Hindi pages
 * (src/i18n/hindi-links.ts), so a visitor who reads Hindi stays in Hindi from page to page.
 */
import { defineMiddleware } from 'astro:middleware';
import { toHindiLinks } from './i18n/hindi-links';
import { localeOf } from './i18n/locales';
import { inLocale } from './i18n/server-locale';

export const onRequest = defineMiddleware(async (context, next) => {
  const locale = localeOf(context.currentLocale);
  const response = await inLocale(locale, () => next());
  if (locale !== 'hi' || !response.headers.get('content-type')?.startsWith('text/html')) return response;
  return new Response(toHindiLinks(await response.text()), { status: response.status, statusText: response.statusText, headers: response.headers });
});
