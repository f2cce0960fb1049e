/**
 * Money as the office writes it. Amounts are whole paise in integers everywhere (never floating
 * point); these turn them into what people read: ₹1,23,456.50 with India's grouping, the amount in
 * words for a receipt ("One lakh twenty-three thousand four hundred fifty-six rupees and fifty
 * paise only"), and the rupee figure a UPI link carries ("123456.50").
 */

const grouped = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** Whether `paise` is an amount: a whole, non-negative number of paise within JavaScript's exact integers. */
export const isPaise = (paise: unknown): paise is number => typeof paise === 'number' && Number.isSafeInteger(paise) && paise >= 0;

/** Throws unless `paise` is an amount (a bug, never a person's input: schemas check that first). */
function checked(paise: number): number {
  if (!isPaise(paise)) throw new RangeError(`not an amount of paise: ${String(paise)}`);
  return paise;
}

/** An amount in rupees with India's grouping: 12345650 → '₹1,23,456.50'; whole rupees without paise: 500000 → '₹5,000'. */
export function formatRupees(paise: number): string {
  const rupees = Math.floor(checked(paise) / 100);
  const rest = paise % 100;
  return `₹${grouped.format(rupees)}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`;
}

/** The rupee figure of a UPI link or a spreadsheet cell, always with two decimals: 12345650 → '123456.50'. */
export const rupeeFigure = (paise: number): string => `${Math.floor(checked(paise) / 100)}.${String(paise % 100).padStart(2, '0')}`;

const ONES = [
  '',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** 1–99 in words: 56 → 'fifty-six'. */
const belowHundred = (n: number): string => (n < 20 ? ONES[n]! : `${TENS[Math.floor(n / 10)]}${n % 10 ? `-${ONES[n % 10]}` : ''}`);

/** 1–999 in words: 456 → 'four hundred fifty-six'. */
const belowThousand = (n: number): string =>
  [n >= 100 ? `${ONES[Math.floor(n / 100)]} hundred` : '', n % 100 ? belowHundred(n % 100) : ''].filter(Boolean).join(' ');

/**
 * A whole number in words with India's units (crore, lakh, thousand, hundred):
 * 12345678 → 'one crore twenty-three lakh forty-five thousand six hundred seventy-eight'. Beyond
 * 99 crore the crores are themselves counted the same way: 1000000000 → 'one hundred crore'.
 */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a whole number: ${String(n)}`);
  if (n === 0) return 'zero';
  const crore = Math.floor(n / 10_000_000);
  const parts = [
    crore ? `${numberInWords(crore)} crore` : '',
    Math.floor(n / 100_000) % 100 ? `${belowHundred(Math.floor(n / 100_000) % 100)} lakh` : '',
    Math.floor(n / 1000) % 100 ? `${belowHundred(Math.floor(n / 1000) % 100)} thousand` : '',
    n % 1000 ? belowThousand(n % 1000) : '',
  ];
  return parts.filter(Boolean).join(' ');
}

/**
 * An amount in words as a receipt writes it, capitalised and ending in "only":
 * 12345650 → 'One lakh twenty-three thousand four hundred fifty-six rupees and fifty paise only';
 * 100 → 'One rupee only'; 50 → 'Fifty paise only'.
 */
export function amountInWords(paise: number): string {
  const rupees = Math.floor(checked(paise) / 100);
  const rest = paise % 100;
  const parts = [
    rupees || !rest ? `${numberInWords(rupees)} ${rupees === 1 ? 'rupee' : 'rupees'}` : '',
    rest ? `${numberInWords(rest)} ${rest === 1 ? 'paisa' : 'paise'}` : '',
  ].filter(Boolean);
  const words = `${parts.join(' and ')} only`;
  return words[0]!.toUpperCase() + words.slice(1);
}
