/**
 * Refund voucher numbers: the receipt prefix of content/site.json, RF, India's financial year
 * (April to March) and a number that runs from 1 in each year: PCI/RF/26-27/0001, at most 18
 * characters (the column allows 20). Taken in the statement that updates the counter row, so two
 * vouchers paid at once never share one; held until the payment's transaction ends.
 */
import site from '../../../content/site.json';
import type { Queryable } from '../platform/db';
import { HttpError } from '../platform/http';
import { financialYearOf } from './receipt-number';

/** The voucher number `n` of financial year `fy`. */
export const refundNumber = (fy: string, n: number, prefix = site.fees.receiptPrefix): string => `${prefix}/RF/${fy}/${String(n).padStart(4, '0')}`;

/** Takes the next voucher number of the financial year of `paidOn` (a day already checked as a payment day). */
export async function nextRefundNumber(client: Queryable, paidOn: string): Promise<{ number: string; financialYear: string }> {
  const financialYear = financialYearOf(paidOn);
  const { rows } = await client.query<{ n: number }>(
    `insert into fee_refund_counters (financial_year, last_number) values ($1, 1)
     on conflict (financial_year) do update set last_number = fee_refund_counters.last_number + 1 returning last_number as n`,
    [financialYear],
  );
  const n = rows[0]!.n;
  if (n > 9_999) throw new HttpError(409, 'This financial year has used all 9,999 refund voucher numbers. Please ask the owner to change the receipt prefix.');
  return { number: refundNumber(financialYear, n), financialYear };
}
