/**
 * The visitor's choice of language, in the browser. The switch (header and mobile menu) opens the
 * same page in the other language with its query and hash, and the choice is remembered on this
 * phone. A page in the other language than the one remembered — or, before any choice, than the
 * one the browser puts first — offers a one-line switch at the bottom of the screen: never a
 * redirect, so crawlers and shared links get the page they asked for, and nothing moves.
 */
import type { Locale } from './locales';

/**
 * localeOf of ./locales, repeated here: the islands import ./locales too, and a module shared
 * with them would become a chunk of its own, turning this page-wide inline script into two more
 * files on every page.
 */
const localeOf = (value: string | null | undefined): Locale => ((value ?? '').trim().toLowerCase().split(/[-_]/)[0] === 'hi' ? 'hi' : 'en');

const KEY = 'language';

/** The language chosen on this phone, if any (storage may be blocked). */
function chosen(): Locale | undefined {
  try {
    const value = localStorage.getItem(KEY);
    return value ? localeOf(value) : undefined;
  } catch {
    return undefined;
  }
}

function choose(locale: string | undefined) {
  try {
    if (locale) localStorage.setItem(KEY, localeOf(locale));
  } catch {
    // Not remembered: the switch still works.
  }
}

/** The first of the browser's languages that the site has, if it names one. */
function preferred(): Locale | undefined {
  const first = (navigator.languages ?? [navigator.language]).map((tag) => tag.toLowerCase().split('-')[0]).find((tag) => tag === 'en' || tag === 'hi');
  return first ? localeOf(first) : undefined;
}

export function startLanguageChoice() {
  document.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-language-switch]');
      if (!link) return;
      choose(link.dataset['languageSwitch']);
      link.href = `${link.pathname}${location.search}${location.hash}`;
    },
    { capture: true },
  );

  const offer = document.querySelector<HTMLElement>('[data-language-offer]');
  const page = localeOf(document.documentElement.lang);
  const wanted = chosen() ?? (preferred() === 'hi' ? 'hi' : undefined);
  if (!offer || !wanted || wanted === page) return;
  offer.hidden = false;
  offer.querySelector('[data-language-offer-dismiss]')?.addEventListener('click', () => {
    choose(page);
    offer.hidden = true;
  });
}
