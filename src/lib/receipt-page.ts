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

/** What is said when a receipt cannot be shown: English here; a page gives its own language's. */
export interface ReceiptWords {
  notYours: string;
  notFound: string;
  offline: string;
  login: string;
  staffLogin: string;
  reload: string;
}

/** The English of ReceiptWords, as the spec says it. */
export const RECEIPT_WORDS: ReceiptWords = {
  notYours: RECEIPT_NOT_YOURS,
  notFound: 'This receipt was not found. Please check the address.',
  offline: 'The receipt could not be loaded just now. Please check your connection and reload the page.',
  login: 'Please log in to your account to see this receipt.',
  staffLogin: 'Please sign in to the staff pages, then reload this page to print the receipt.',
  reload: 'The receipt could not be loaded just now. Please reload the page.',
};

/** Fetches receipt `id` as the signed-in student (`asStudent`) or as staff; `words` say why it cannot be shown. */
export async function loadReceipt(id: string, asStudent: boolean, words: ReceiptWords = RECEIPT_WORDS): Promise<ReceiptLookup> {
  // Only a record id can be one: anything else is not found, without asking the server.
  if (!/^[1-9]\d{0,17}$/.test(id)) return { kind: 'missing', message: asStudent ? words.notYours : words.notFound };
  const path = `/api/${asStudent ? 'user' : 'admin'}/fees/receipts/${id}`;
  const { ok, status, data } = await getJson<ReceiptView>(path, asStudent ? { token: readStored(TOKEN_KEY) ?? '' } : {});
  if (ok) return { kind: 'found', receipt: data };
  if (status === 0) return { kind: 'missing', message: words.offline };
  if (status === 401) return { kind: 'missing', message: asStudent ? words.login : words.staffLogin };
  return { kind: 'missing', message: data.message ?? words.reload };
}

/** A day (YYYY-MM-DD) written out in `locale`: '31 March 2027', '31 मार्च 2027'. */
export function receiptDay(day: string, locale = 'en-IN'): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}
