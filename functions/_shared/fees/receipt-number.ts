/**
 * Receipt numbers: the prefix of content/site.json (`fees.receiptPrefix`), India's financial year
 * (April to March) and a number that runs from 1 in each year: PCI/26-27/00042, at most 16
 * characters. The counter row is updated in the statement that takes the number, so two receipts
 * made at once never share one; it is held until the receipt's transaction ends.
 */
import site from '../../../content/site.json';
import type { Queryable } from '../platform/db';
import { HttpError } from '../platform/http';
import { FIRST_PAYMENT_DAY } from '../../../src/lib/schemas/payment-day';
import { isRealDay } from '../../../src/lib/schemas/real-day';

/** The financial year of an India day: 2026-11-25 → '26-27', 2027-03-31 → '26-27', 2027-04-01 → '27-28'. */
export function financialYearOf(day: string): string {
  const year = Number(day.slice(0, 4));
  const start = Number(day.slice(5, 7)) >= 4 ? year : year - 1;
  const yy = (n: number) => String(n % 100).padStart(2, '0');
  return `${yy(start)}-${yy(start + 1)}`;
}

/** The receipt number `n` of financial year `fy`. */
export const receiptNumber = (fy: string, n: number, prefix = site.fees.receiptPrefix): string => `${prefix}/${fy}/${String(n).padStart(5, '0')}`;

/** Takes the next receipt number of the financial year of `paidOn` (a day from the institute's founding on). */
export async function nextReceiptNumber(client: Queryable, paidOn: string): Promise<{ number: string; financialYear: string }> {
  // A series is only ever made from a day the institute could take money: never PCI/00-01 from year 1.
  if (!isRealDay(paidOn) || paidOn < FIRST_PAYMENT_DAY)
    throw new HttpError(400, `No receipt can be dated ${paidOn}: the date of payment must be on or after ${FIRST_PAYMENT_DAY}.`);
  const financialYear = financialYearOf(paidOn);
  const { rows } = await client.query<{ n: number }>(
    `insert into fee_receipt_counters (financial_year, last_number) values ($1, 1)
     on conflict (financial_year) do update set last_number = fee_receipt_counters.last_number + 1 returning last_number as n`,
    [financialYear],
  );
  const n = rows[0]!.n;
  if (n > 99_999) throw new HttpError(409, 'This financial year has used all 99,999 receipt numbers. Please ask the owner to change the receipt prefix.');
  return { number: receiptNumber(financialYear, n), financialYear };
}
