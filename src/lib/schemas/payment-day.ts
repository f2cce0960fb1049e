/**
 * The day money was paid (Collect, a student's report of a UPI payment, its confirmation): a real
 * day, not before the institute could take money (the month it was founded, content/site.json
 * `foundingDate`) and not after today in India. One check for the browser's forms and the
 * functions; a receipt's number (its financial year) is only ever made from such a day.
 */
// Named imports, so an island carries these two fields and not the whole of site.json.
import { foundingDate, shortName } from '../../../content/site.json';
import { z } from './zod';
import { indiaToday, isRealDay } from './real-day';

/** The first day a payment can have been made: the first of the month the institute was founded (e.g. 2014-04-01). */
export const FIRST_PAYMENT_DAY = `${foundingDate}-01`;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A YYYY-MM-DD day in words, in English: '1 April 2014'. */
const inWords = (day: string) => `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;

/**
 * Why `day` cannot be a payment day, in words, or null when it can be: before FIRST_PAYMENT_DAY
 * or after `today` (India's). `label` names it as the form does ('the date of payment').
 */
export function paymentDayProblem(day: string, today: string, label = 'the date of payment'): string | null {
  const Label = `${label[0]!.toUpperCase()}${label.slice(1)}`;
  if (day < FIRST_PAYMENT_DAY) return `${Label} cannot be before ${inWords(FIRST_PAYMENT_DAY)}, when ${shortName} began taking fees.`;
  if (day > today) return `${Label} cannot be after today (${inWords(today)}).`;
  return null;
}

/** A payment day: YYYY-MM-DD, a real day, from FIRST_PAYMENT_DAY to today in India (read when parsed). */
export const PaymentDaySchema = (label: string) =>
  z
    .string({ message: `Please enter ${label}.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `Please enter ${label} as YYYY-MM-DD.`)
    .refine(isRealDay, 'Please enter a real date.')
    .superRefine((day, ctx) => {
      if (!isRealDay(day)) return;
      const problem = paymentDayProblem(day, indiaToday(), label);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
