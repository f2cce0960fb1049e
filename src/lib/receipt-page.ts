/**
 * Loading a receipt in the browser, for its printable page (/fees/receipt/{id}) and for
 * /payment-success/{id}: from the student's own endpoint (with the account token) or the staff one
 * (with the staff cookie), and what to say when it cannot be shown.
 */
import { getJson } from './api';
import { RECEIPT_NOT_YOURS, type ReceiptView } from './fee-receipt';
import { TOKEN_KEY, readStored } from '../stores/auth';

/** A receipt found, or the sentence saying why there is none. */
export type ReceiptLookup = { kind: 'found'; receipt: ReceiptView } | { kind: 'missing'; message: string };

/** Fetches receipt `id` as the signed-in student (`asStudent`) or as staff. */
export async function loadReceipt(id: string, asStudent: boolean): Promise<ReceiptLookup> {
  // Only a record id can be one: anything else is not found, without asking the server.
  if (!/^[1-9]\d{0,17}$/.test(id)) return { kind: 'missing', message: asStudent ? RECEIPT_NOT_YOURS : 'This receipt was not found. Please check the address.' };
  const path = `/api/${asStudent ? 'user' : 'admin'}/fees/receipts/${id}`;
  const { ok, status, data } = await getJson<ReceiptView>(path, asStudent ? { token: readStored(TOKEN_KEY) ?? '' } : {});
  if (ok) return { kind: 'found', receipt: data };
  if (status === 0) return { kind: 'missing', message: 'The receipt could not be loaded just now. Please check your connection and reload the page.' };
  if (status === 401)
    return {
      kind: 'missing',
      message: asStudent
        ? 'Please log in to your account to see this receipt.'
        : 'Please sign in to the staff pages, then reload this page to print the receipt.',
    };
  return { kind: 'missing', message: data.message ?? 'The receipt could not be loaded just now. Please reload the page.' };
}

/** A day (YYYY-MM-DD) written out in `locale`: '31 March 2027', '31 मार्च 2027'. */
export function receiptDay(day: string, locale = 'en-IN'): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}
