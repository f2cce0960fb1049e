/**
 * How long staff have left to answer a request about personal data (DPDP Rules 2025 r.14(3); the
 * institute answers within RIGHTS_ANSWER_DAYS), in words read at a glance on Today and in the list:
 * '6 days left', 'last day today', 'overdue by 2 days'. Days are India's (YYYY-MM-DD).
 */
import { daysBetween } from '../leads/waited';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Whole days from India's `today` to the request's last day `answerBy` (negative once past). */
export const daysLeft = (answerBy: string, today: string): number => daysBetween(today, answerBy);

/** Where the last day stands: '6 days left', '1 day left', 'last day today', 'overdue by 2 days'. */
export function daysLeftWords(answerBy: string, today: string): string {
  const days = daysLeft(answerBy, today);
  if (days < 0) return `overdue by ${plural(-days, 'day')}`;
  if (days === 0) return 'last day today';
  return `${plural(days, 'day')} left`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A day as staff say it: '5 December', with the year when it is not `today`'s ('5 January 2027'). */
export function answerDay(day: string, today: string): string {
  const [year, month, date] = day.split('-');
  const words = `${Number(date)} ${MONTHS[Number(month) - 1] ?? month}`;
  return year === today.slice(0, 4) ? words : `${words} ${year}`;
}

/**
 * Today's card: 'None open.', or '2 open, answer the first by 5 December (6 days left)', or, once
 * the first is past its day, '2 open, the first was due on 3 December (overdue by 2 days)'.
 */
export function openRequestsLine(open: number, answerBy: string | null, today: string): string {
  if (open === 0 || !answerBy) return 'None open.';
  const when = daysLeftWords(answerBy, today);
  return daysLeft(answerBy, today) < 0
    ? `${open} open, the first was due on ${answerDay(answerBy, today)} (${when})`
    : `${open} open, answer the first by ${answerDay(answerBy, today)} (${when})`;
}
