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
import { say, type Words } from './words';
import { getLocale } from '../../paraglide/runtime.js';
import {
  validation_day_format,
  validation_payment_day_future,
  validation_payment_day_too_early,
  validation_real_date,
  validation_text_required,
} from '../../i18n/messages';

/** The first day a payment can have been made: the first of the month the institute was founded (e.g. 2014-04-01). */
export const FIRST_PAYMENT_DAY = `${foundingDate}-01`;

const MONTHS = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  hi: ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्टूबर', 'नवंबर', 'दिसंबर'],
};

/** A YYYY-MM-DD day in words, in the language of the page or request: '1 April 2014', '1 अप्रैल 2014'. */
const inWords = (day: string) => `${Number(day.slice(8, 10))} ${MONTHS[getLocale()][Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;

/**
 * Why `day` cannot be a payment day, in words, or null when it can be: before FIRST_PAYMENT_DAY
 * or after `today` (India's). `label` names it as the form does ('the date of payment').
 */
export function paymentDayProblem(day: string, today: string, label: Words = 'the date of payment'): string | null {
  const named = say(label);
  const Label = `${named.charAt(0).toUpperCase()}${named.slice(1)}`;
  if (day < FIRST_PAYMENT_DAY) return validation_payment_day_too_early({ label: Label, day: inWords(FIRST_PAYMENT_DAY), institute: shortName });
  if (day > today) return validation_payment_day_future({ label: Label, day: inWords(today) });
  return null;
}

/** A payment day: YYYY-MM-DD, a real day, from FIRST_PAYMENT_DAY to today in India (read when parsed). */
export const PaymentDaySchema = (label: Words) =>
  z
    .string({ error: () => validation_text_required({ label: say(label) }) })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: () => validation_day_format({ label: say(label) }) })
    .refine(isRealDay, { error: () => validation_real_date() })
    .superRefine((day, ctx) => {
      if (!isRealDay(day)) return;
      const problem = paymentDayProblem(day, indiaToday(), label);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
