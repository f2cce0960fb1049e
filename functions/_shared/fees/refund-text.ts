/**
 * The student's WhatsApp message about a refund paid (content/whatsapp.json `refund`), in English
 * or Hindi: the amount, how and when it was paid, the voucher's and the receipt's numbers; and the
 * wa.me link that opens it, ready for staff to send from their own phone.
 */
import site from '../../../content/site.json';
import whatsapp from '../../../content/whatsapp.json';
import { formatRupees } from '../../../src/lib/money';
import { PAYMENT_MODE_PHRASES, type PaymentMode } from '../../../src/lib/fee-words';
import type { RefundVoucher } from '../../../src/lib/refund-voucher';
import { whatsAppLink } from '../../../src/lib/whatsapp';

/** How the money went back, as the Hindi message says it. */
const MODE_PHRASES_HI: Record<PaymentMode, string> = { cash: 'नकद में', upi: 'UPI से', bank: 'बैंक ट्रांसफ़र से', cheque: 'चेक से' };

const dayWords = {
  en: new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
  hi: new Intl.DateTimeFormat('hi-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC', numberingSystem: 'latn' }),
};

/** The refund's message in `language` and the link that opens it in WhatsApp to the student's mobile. */
export function refundMessage(voucher: RefundVoucher, language: 'en' | 'hi'): { text: string; link: string } {
  const values: Record<string, string> = {
    name: voucher.student.name,
    amount: formatRupees(voucher.amountPaise),
    mode: (language === 'hi' ? MODE_PHRASES_HI : PAYMENT_MODE_PHRASES)[voucher.mode],
    day: dayWords[language].format(new Date(`${voucher.paidOn}T00:00:00Z`)),
    number: voucher.number,
    receipt: voucher.receipt.number,
    institute: site.name,
  };
  // Each known placeholder once, never a value filled in again.
  const text = whatsapp.refund[language].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
  return { text, link: whatsAppLink(voucher.student.phone ?? '', text) };
}
