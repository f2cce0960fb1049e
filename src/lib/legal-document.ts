import { getEntry, type CollectionEntry } from 'astro:content';
import { localeOf } from '../i18n/locales';

/** The legal documents of content/legal/: each in English (`privacy.md`) and Hindi (`privacy.hi.md`). */
export type LegalName = 'privacy' | 'terms';

/**
 * The legal document `name` in the language of the page being built (`Astro.currentLocale`):
 * content/legal/<name>.md in English, content/legal/<name>.hi.md in Hindi. Fails the build,
 * naming the file, when that language's document is missing or its heading is not in Hindi.
 */
export async function legalDocument(name: LegalName, currentLocale: string | undefined): Promise<CollectionEntry<'legal'>> {
  const hindi = localeOf(currentLocale) === 'hi';
  const file = `content/legal/${name}${hindi ? '.hi' : ''}.md`;
  const entry = await getEntry('legal', `legal/${name}${hindi ? '.hi' : ''}`);
  if (!entry) throw new Error(`${file} is missing: every legal document needs ${hindi ? 'its Hindi twin beside the English' : 'its English text'}`);
  if (hindi && !/[\u0900-\u097F]/.test(entry.data.heading)) throw new Error(`${file}: write the heading in Hindi (in Devanagari)`);
  return entry;
}
