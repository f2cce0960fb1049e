/**
 * The language a lead or student used on the site, as staff see it: a record names a language
 * only when it is not English (the default), and staff read it as a word. Small on purpose: the
 * staff screens that only show it need nothing else of the WhatsApp messages.
 */

/** The languages a message to a person is written in. */
export type PersonLanguage = 'en' | 'hi';

/** What staff call each language. */
export const LANGUAGE_WORDS: Record<PersonLanguage, string> = { en: 'English', hi: 'Hindi' };

/** The language of a lead, student or due (their record names only a language other than English). */
export const languageOf = (person: { language?: 'hi' | undefined }): PersonLanguage => person.language ?? 'en';
