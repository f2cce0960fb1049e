/**
 * Money as the office writes it. Amounts are whole paise in integers everywhere (never floating
 * point); these turn them into what people read: ₹1,23,456.50 with India's grouping and the rupee
 * figure a UPI link carries ("123456.50"). Hindi pages write figures the same way: Latin digits
 * and India's grouping (₹4,200), as Hindi print in Rajasthan does. The amount in words, which
 * only a receipt needs, is in money-words.ts (its word tables stay out of the pages that only
 * show figures).
 */
import type { Locale } from '../i18n/locales';

/** India's grouping, made on first use (a page's first Intl formatter loads the browser's locale data). */
let grouped: Intl.NumberFormat | undefined;
const group = (rupees: number) => (grouped ??= new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0, numberingSystem: 'latn' })).format(rupees);

/** Whether `paise` is an amount: a whole, non-negative number of paise within JavaScript's exact integers. */
export const isPaise = (paise: unknown): paise is number => typeof paise === 'number' && Number.isSafeInteger(paise) && paise >= 0;

/** Throws unless `paise` is an amount (a bug, never a person's input: schemas check that first). */
export function checked(paise: number): number {
  if (!isPaise(paise)) throw new RangeError(`not an amount of paise: ${String(paise)}`);
  return paise;
}

/**
 * An amount in rupees with India's grouping: 12345650 → '₹1,23,456.50'; whole rupees without
 * paise: 500000 → '₹5,000'. The same in both languages (`locale` is taken so that every caller
 * can pass the page's language, as it does to the date formatters).
 */
export function formatRupees(paise: number, _locale: Locale = 'en'): string {
  const rupees = Math.floor(checked(paise) / 100);
  const rest = paise % 100;
  return `₹${group(rupees)}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`;
}

/** The rupee figure of a UPI link or a spreadsheet cell, always with two decimals: 12345650 → '123456.50'. */
export const rupeeFigure = (paise: number): string => `${Math.floor(checked(paise) / 100)}.${String(paise % 100).padStart(2, '0')}`;
