/**
 * What a student missed, in words, for staff and the student alike: leave apart from absence.
 * A module of its own, so the account page's island carries these few words and nothing else of
 * the attendance words. English unless a language is given (staff read English; the student's
 * page passes its own). Written out here rather than as interface messages, so the staff app and
 * the functions that count attendance carry no message runtime for them.
 */
import type { Locale } from '../i18n/locales';

const WORDS: Record<Locale, { absent: (n: number) => string; leave: (n: number) => string }> = {
  en: { absent: (n) => `${n} absent`, leave: (n) => `${n} on leave` },
  hi: { absent: (n) => `${n} बार अनुपस्थित`, leave: (n) => `${n} बार छुट्टी पर` },
};

/** What was missed, leave apart from absence: '2 absent, 1 on leave', '1 on leave', '' when nothing ('2 बार अनुपस्थित' in Hindi). */
export function missedInWords(absent: number, leave: number, locale: Locale = 'en'): string {
  const words = WORDS[locale] ?? WORDS.en;
  return [absent > 0 && words.absent(absent), leave > 0 && words.leave(leave)].filter(Boolean).join(', ');
}
