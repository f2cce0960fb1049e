/**
 * What a student missed, in words, for staff and the student alike: leave apart from absence.
 * A module of its own, so the account page's island carries these few words and nothing else of
 * the attendance words. English unless a language is given (staff read English; the student's
 * page passes its own).
 */
import { account_missed_absent, account_missed_leave } from '../i18n/messages';
import type { Locale } from '../i18n/locales';

/** What was missed, leave apart from absence: '2 absent, 1 on leave', '1 on leave', '' when nothing ('2 बार अनुपस्थित' in Hindi). */
export function missedInWords(absent: number, leave: number, locale: Locale = 'en'): string {
  return [absent > 0 && account_missed_absent({ count: absent }, { locale }), leave > 0 && account_missed_leave({ count: leave }, { locale })]
    .filter(Boolean)
    .join(', ');
}
