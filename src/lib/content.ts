import { getCollection, type CollectionKey, type CollectionEntry } from 'astro:content';
import { getLocale } from '../paraglide/runtime.js';
import { localeOf, type Locale } from '../i18n/locales';

/** A pair of words in both languages, as content/ holds them (`words()` of the content schemas). */
interface Words {
  en: string;
  hi: string;
}

/** Content as a page reads it: each `{ en, hi }` pair is the one string of the page's language. */
export type Localized<T> = T extends Words
  ? string
  : T extends (infer Item)[]
    ? Localized<Item>[]
    : T extends Date | ((...args: never[]) => unknown)
      ? T
      : T extends object
        ? { [K in keyof T]: Localized<T[K]> }
        : T;

const isWords = (value: object): value is Words => {
  const keys = Object.keys(value);
  return keys.length === 2 && typeof (value as Words).en === 'string' && typeof (value as Words).hi === 'string';
};

/** `data` with every `{ en, hi }` pair replaced by its words in `locale`. */
export function localize<T>(data: T, locale: Locale): Localized<T> {
  if (Array.isArray(data)) return data.map((item) => localize(item, locale)) as Localized<T>;
  if (data === null || typeof data !== 'object' || data instanceof Date) return data as Localized<T>;
  if (isWords(data)) return data[locale] as Localized<T>;
  // Pictures (astro:assets metadata) and other objects without words come back as they are.
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, localize(value, locale)])) as Localized<T>;
}

/**
 * Returns the data of a collection that holds a single file (`content/home.json` and the like), in
 * the language of the page being built (its words in English or Hindi). Fails the build, naming the
 * collection, when the file is missing.
 */
export async function single<C extends CollectionKey>(collection: C, locale: Locale = localeOf(getLocale())): Promise<Localized<CollectionEntry<C>['data']>> {
  const [entry] = await getCollection(collection);
  if (!entry) throw new Error(`content/: the file for the "${collection}" collection is missing`);
  return localize(entry.data, locale) as Localized<CollectionEntry<C>['data']>;
}
