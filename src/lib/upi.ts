/**
 * A UPI payment request (NPCI's `upi://pay` deep link, which a QR code carries too): the payee's
 * UPI ID (pa) and name (pn), the amount (am, rupees with two decimals), a note (tn), the
 * institute's reference for the due (tr) and the currency (cu=INR). Values are percent-encoded,
 * spaces as %20 (some payer apps show a `+` literally); the `@` of a UPI ID stays as it is, as
 * the payer apps' own QR codes write it.
 */
import { rupeeFigure } from './money';

/** What a UPI payment request names. */
export interface UpiRequest {
  /** The payee's UPI ID (a merchant ID: payments to a personal ID are often flagged as risky). */
  payee: string;
  /** The payee's name as the payer's app shows it. */
  payeeName: string;
  /** The amount in paise (whole, more than zero). */
  paise: number;
  /** What the payer's app shows as the payment's note, e.g. 'Fees PCI-2026-00042 instalment 2'. */
  note: string;
  /** The institute's reference of the due, returned in the payer's statement. */
  reference: string;
}

/** A UPI ID: a handle, `@`, and the bank's or app's name (name.surname@okaxis, 9829012345@ybl). */
export const UPI_ID = /^[a-zA-Z0-9.\-_]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;

const encode = (value: string) => encodeURIComponent(value.trim()).replace(/%40/g, '@');

/** The `upi://pay?…` link of a request; throws on an impossible request (a bug: the schemas check the parts first). */
export function upiLink(request: UpiRequest): string {
  if (!UPI_ID.test(request.payee)) throw new RangeError(`not a UPI ID: ${request.payee}`);
  if (!(request.paise > 0)) throw new RangeError('a UPI request needs an amount above zero');
  const params: [string, string][] = [
    ['pa', request.payee],
    ['pn', request.payeeName],
    ['am', rupeeFigure(request.paise)],
    ['tn', request.note],
    ['tr', request.reference],
    ['cu', 'INR'],
  ];
  return `upi://pay?${params.map(([key, value]) => `${key}=${encode(value)}`).join('&')}`;
}
