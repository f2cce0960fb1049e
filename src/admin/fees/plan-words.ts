/**
 * The words of a fee plan on the Fee plans screen: what it is for and when each instalment falls due.
 */
import { formatRupees } from '../../lib/money';
import { formatDay } from '../ui/dates';

/** When an instalment falls due, in words: 'at the start', '2 months after the start', 'on 5 Jan 2027'. */
export function dueWords(i: { dueOn: string | null; dueMonths: number | null }): string {
  if (i.dueOn) return `on ${formatDay(i.dueOn)}`;
  if (!i.dueMonths) return 'at the start';
  return `${i.dueMonths} ${i.dueMonths === 1 ? 'month' : 'months'} after the start`;
}

/** The late fee in words: '₹200 late fee after 5 days’ grace' or 'No late fee'. */
export function lateFeeWords(lateFeePaise: number, graceDays: number): string {
  if (!lateFeePaise) return 'No late fee';
  return `${formatRupees(lateFeePaise)} late fee after ${graceDays} ${graceDays === 1 ? 'day' : 'days'}’ grace`;
}
