/**
 * The printed refund voucher's words in English and Hindi (/fees/refund/{id}): it is printed in
 * the student's language, and staff may switch it to the other. The figures come from the
 * voucher's snapshot; only these words change with the language.
 */
import { formatMobile } from './mobile';
import { formatRupees } from './money';
import { amountInWords, amountInWordsHi } from './money-words';
import { PAYMENT_MODE_LABELS, PAYMENT_MODE_LABELS_HI } from './fee-words';
import type { RefundVoucher } from './refund-voucher';

export type VoucherLanguage = 'en' | 'hi';

/** The voucher's headings and notes in each language. */
export const VOUCHER_WORDS = {
  en: {
    title: 'Refund voucher',
    number: 'Voucher no.',
    paidOn: 'Date',
    student: 'Student',
    phone: 'Mobile',
    course: 'Course',
    batch: 'Batch',
    receipt: 'Against receipt',
    returnsLabel: 'Refund of',
    returns: { receipt: 'Fees paid on the receipt', advance: 'Advance held on the receipt' },
    amount: 'Amount refunded',
    inWords: 'In words',
    mode: 'Paid back by',
    utr: 'UTR',
    cheque: 'Cheque no.',
    reason: 'Reason',
    dues: 'Dues open again',
    approvedBy: 'Approved by',
    paidBy: 'Paid by',
    received: 'Received by the student',
    note: 'Fees are not refundable as a rule; the institute approved this refund as an exception. The receipt named above keeps its number and figures.',
  },
  hi: {
    title: 'रिफ़ंड वाउचर',
    number: 'वाउचर संख्या',
    paidOn: 'दिनांक',
    student: 'छात्र',
    phone: 'मोबाइल',
    course: 'कोर्स',
    batch: 'बैच',
    receipt: 'रसीद',
    returnsLabel: 'किसकी वापसी',
    returns: { receipt: 'रसीद से जमा फ़ीस', advance: 'रसीद पर जमा अग्रिम राशि' },
    amount: 'वापस की गई राशि',
    inWords: 'शब्दों में',
    mode: 'वापसी का माध्यम',
    utr: 'UTR',
    cheque: 'चेक संख्या',
    reason: 'कारण',
    dues: 'फिर से बकाया',
    approvedBy: 'स्वीकृति',
    paidBy: 'भुगतान किया',
    received: 'छात्र के हस्ताक्षर',
    note: 'नियम के अनुसार फ़ीस वापस नहीं होती; संस्थान ने यह रिफ़ंड विशेष रूप से स्वीकार किया है। ऊपर लिखी रसीद की संख्या और राशि वैसी ही रहती हैं।',
  },
} as const;

/** A due's label in Hindi where it is one the plans make ('Instalment 2 of 3' → 'किस्त 2 (3 में से)'); any other as written. */
export function voucherDueLabel(label: string, language: VoucherLanguage): string {
  if (language === 'en') return label;
  const instalment = /^Instalment (\d+) of (\d+)$/.exec(label);
  if (instalment) return `किस्त ${instalment[1]} (${instalment[2]} में से)`;
  return label === 'Course fee' ? 'कोर्स फ़ीस' : label;
}

/** A day (YYYY-MM-DD) in words in the voucher's language, with Latin digits: '31 March 2027', '31 मार्च 2027'. */
export function voucherDay(day: string, language: VoucherLanguage): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(language === 'hi' ? 'hi-IN' : 'en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
    numberingSystem: 'latn',
  }).format(date);
}

/** Each fact of voucher `v` in `language`, as the page prints it (label and value; empty values left out). */
export function voucherFacts(v: RefundVoucher, language: VoucherLanguage): { key: string; label: string; value: string }[] {
  const w = VOUCHER_WORDS[language];
  const facts = [
    { key: 'number', label: w.number, value: v.number },
    { key: 'paidOn', label: w.paidOn, value: voucherDay(v.paidOn, language) },
    { key: 'student', label: w.student, value: v.student.name },
    { key: 'phone', label: w.phone, value: v.student.phone ? formatMobile(v.student.phone) : '' },
    { key: 'course', label: w.course, value: v.course ?? '' },
    { key: 'batch', label: w.batch, value: v.batch ?? '' },
    { key: 'receipt', label: w.receipt, value: `${v.receipt.number} (${voucherDay(v.receipt.paidOn, language)}, ${formatRupees(v.receipt.amountPaise)})` },
    { key: 'returns', label: w.returnsLabel, value: w.returns[v.returns] },
    { key: 'mode', label: w.mode, value: (language === 'hi' ? PAYMENT_MODE_LABELS_HI : PAYMENT_MODE_LABELS)[v.mode] },
    { key: 'utr', label: w.utr, value: v.utr ?? '' },
    { key: 'cheque', label: w.cheque, value: v.chequeNumber ?? '' },
    { key: 'reason', label: w.reason, value: v.reason },
    {
      key: 'dues',
      label: w.dues,
      value: v.dues.map((d) => `${voucherDueLabel(d.label, language)} (${d.reference}) ${formatRupees(d.amountPaise)}`).join(', '),
    },
    { key: 'approvedBy', label: w.approvedBy, value: v.approvedBy },
    { key: 'paidBy', label: w.paidBy, value: v.paidBy },
  ];
  return facts.filter((f) => f.value !== '');
}

/** The amount refunded in words in `language`. */
export const voucherAmountWords = (v: RefundVoucher, language: VoucherLanguage): string =>
  language === 'hi' ? amountInWordsHi(v.amountPaise) : amountInWords(v.amountPaise);
