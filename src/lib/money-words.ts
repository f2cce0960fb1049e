/**
 * The amount in words a receipt prints, in English ("One lakh twenty-three thousand four hundred
 * fifty-six rupees and fifty paise only") and in Hindi, with India's grouping (thousand, lakh,
 * crore). Whole paise in, as everywhere (src/lib/money.ts).
 */
import { checked } from './money';

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

/**
 * Hindi numbers 1–99 (index = number). Each is its own word, not built from tens and ones
 * (उनतीस is 29, पैंतीस 35, उनहत्तर 69), so the whole table is written out.
 */
// prettier-ignore: ten to a line, as the table is read and checked.
// prettier-ignore
const HINDI_BELOW_HUNDRED = [
  '',
  'एक', 'दो', 'तीन', 'चार', 'पाँच', 'छह', 'सात', 'आठ', 'नौ', 'दस',
  'ग्यारह', 'बारह', 'तेरह', 'चौदह', 'पंद्रह', 'सोलह', 'सत्रह', 'अठारह', 'उन्नीस', 'बीस',
  'इक्कीस', 'बाईस', 'तेईस', 'चौबीस', 'पच्चीस', 'छब्बीस', 'सत्ताईस', 'अट्ठाईस', 'उनतीस', 'तीस',
  'इकतीस', 'बत्तीस', 'तैंतीस', 'चौंतीस', 'पैंतीस', 'छत्तीस', 'सैंतीस', 'अड़तीस', 'उनतालीस', 'चालीस',
  'इकतालीस', 'बयालीस', 'तैंतालीस', 'चवालीस', 'पैंतालीस', 'छियालीस', 'सैंतालीस', 'अड़तालीस', 'उनचास', 'पचास',
  'इक्यावन', 'बावन', 'तिरेपन', 'चौवन', 'पचपन', 'छप्पन', 'सत्तावन', 'अट्ठावन', 'उनसठ', 'साठ',
  'इकसठ', 'बासठ', 'तिरसठ', 'चौंसठ', 'पैंसठ', 'छियासठ', 'सड़सठ', 'अड़सठ', 'उनहत्तर', 'सत्तर',
  'इकहत्तर', 'बहत्तर', 'तिहत्तर', 'चौहत्तर', 'पचहत्तर', 'छिहत्तर', 'सतहत्तर', 'अठहत्तर', 'उन्यासी', 'अस्सी',
  'इक्यासी', 'बयासी', 'तिरासी', 'चौरासी', 'पचासी', 'छियासी', 'सत्तासी', 'अट्ठासी', 'नवासी', 'नब्बे',
  'इक्यानबे', 'बानबे', 'तिरानबे', 'चौरानबे', 'पचानबे', 'छियानबे', 'सत्तानबे', 'अट्ठानबे', 'निन्यानबे',
] as const;

/** 1–999 in Hindi: 456 → 'चार सौ छप्पन'. */
const hindiBelowThousand = (n: number): string =>
  [n >= 100 ? `${HINDI_BELOW_HUNDRED[Math.floor(n / 100)]} सौ` : '', HINDI_BELOW_HUNDRED[n % 100]].filter(Boolean).join(' ');

/**
 * A whole number in Hindi words with India's units (करोड़, लाख, हज़ार, सौ):
 * 12345678 → 'एक करोड़ तेईस लाख पैंतालीस हज़ार छह सौ अठहत्तर'. Beyond 99 crore the crores are
 * counted the same way: 1000000000 → 'एक सौ करोड़'.
 */
export function numberInWordsHi(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a whole number: ${String(n)}`);
  if (n === 0) return 'शून्य';
  const crore = Math.floor(n / 10_000_000);
  const parts = [
    crore ? `${numberInWordsHi(crore)} करोड़` : '',
    Math.floor(n / 100_000) % 100 ? `${HINDI_BELOW_HUNDRED[Math.floor(n / 100_000) % 100]} लाख` : '',
    Math.floor(n / 1000) % 100 ? `${HINDI_BELOW_HUNDRED[Math.floor(n / 1000) % 100]} हज़ार` : '',
    n % 1000 ? hindiBelowThousand(n % 1000) : '',
  ];
  return parts.filter(Boolean).join(' ');
}

/**
 * An amount in Hindi words as a receipt writes it, ending in "मात्र" (only):
 * 12345650 → 'एक लाख तेईस हज़ार चार सौ छप्पन रुपये और पचास पैसे मात्र'; 100 → 'एक रुपया मात्र';
 * 50 → 'पचास पैसे मात्र'.
 */
export function amountInWordsHi(paise: number): string {
  const rupees = Math.floor(checked(paise) / 100);
  const rest = paise % 100;
  const parts = [
    rupees || !rest ? `${numberInWordsHi(rupees)} ${rupees === 1 ? 'रुपया' : 'रुपये'}` : '',
    rest ? `${numberInWordsHi(rest)} ${rest === 1 ? 'पैसा' : 'पैसे'}` : '',
  ].filter(Boolean);
  return `${parts.join(' और ')} मात्र`;
}
