/** Money in whole paise, written as people read it on a receipt and as a UPI link carries it. */
import { describe, expect, it } from 'vitest';
import { groupIndian } from '../../src/lib/indian-grouping';
import { formatRupees, isPaise, rupeeFigure } from '../../src/lib/money';
import { amountInWords, amountInWordsHi, numberInWords, numberInWordsHi } from '../../src/lib/money-words';
import { upiLink } from '../../src/lib/upi';

describe('amounts in paise', () => {
  it('are written with India’s grouping, paise only when there are any', () => {
    expect(formatRupees(12_345_650)).toBe('₹1,23,456.50');
    expect(formatRupees(500_000)).toBe('₹5,000');
    expect(formatRupees(1_000_000_000)).toBe('₹1,00,00,000');
    expect(formatRupees(5)).toBe('₹0.05');
    expect(formatRupees(0)).toBe('₹0');
  });

  it('are written the same on Hindi pages: India’s grouping and Latin digits', () => {
    expect(formatRupees(420_000, 'hi')).toBe('₹4,200');
    expect(formatRupees(12_345_650, 'hi')).toBe('₹1,23,456.50');
    expect(formatRupees(1_000_000_000, 'hi')).toBe('₹1,00,00,000');
    expect(formatRupees(420_000, 'en')).toBe('₹4,200');
  });

  it('give a UPI link or a spreadsheet its rupee figure with two decimals', () => {
    expect(rupeeFigure(12_345_650)).toBe('123456.50');
    expect(rupeeFigure(450_000)).toBe('4500.00');
    expect(rupeeFigure(7)).toBe('0.07');
  });

  it('are whole, non-negative, exact numbers, never fractions of a paisa', () => {
    for (const bad of [-1, 1.5, Number.NaN, 2 ** 53, '100', null]) expect(isPaise(bad), String(bad)).toBe(false);
    expect(isPaise(0)).toBe(true);
    expect(() => formatRupees(10.5)).toThrow(RangeError);
  });
});

describe('India’s grouping of whole numbers', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1_000, '1,000'],
    [4_200, '4,200'],
    [99_999, '99,999'],
    [1_00_000, '1,00,000'],
    [12_34_567, '12,34,567'],
    [1_23_45_678, '1,23,45,678'],
    [-4_200, '-4,200'],
  ])('%i → %s', (n, text) => {
    expect(groupIndian(n)).toBe(text);
    // The same as the browser's own en-IN formatting, which it replaces.
    expect(groupIndian(n)).toBe(n.toLocaleString('en-IN'));
  });
});

describe('numbers in words, with lakh and crore', () => {
  it.each([
    [0, 'zero'],
    [7, 'seven'],
    [19, 'nineteen'],
    [56, 'fifty-six'],
    [100, 'one hundred'],
    [456, 'four hundred fifty-six'],
    [1_000, 'one thousand'],
    [45_000, 'forty-five thousand'],
    [1_00_000, 'one lakh'],
    [1_23_456, 'one lakh twenty-three thousand four hundred fifty-six'],
    [99_99_999, 'ninety-nine lakh ninety-nine thousand nine hundred ninety-nine'],
    [1_00_00_000, 'one crore'],
    [1_23_45_678, 'one crore twenty-three lakh forty-five thousand six hundred seventy-eight'],
    [1_00_00_00_000, 'one hundred crore'],
    [1_00_00_005, 'one crore five'],
  ])('%i → %s', (n, words) => {
    expect(numberInWords(n)).toBe(words);
  });

  it('write a receipt’s amount in rupees and paise, ending in “only”', () => {
    expect(amountInWords(12_345_650)).toBe('One lakh twenty-three thousand four hundred fifty-six rupees and fifty paise only');
    expect(amountInWords(100)).toBe('One rupee only');
    expect(amountInWords(50)).toBe('Fifty paise only');
    expect(amountInWords(101)).toBe('One rupee and one paisa only');
    expect(amountInWords(0)).toBe('Zero rupees only');
    expect(amountInWords(4_500_00)).toBe('Four thousand five hundred rupees only');
  });
});

describe('numbers and amounts in Hindi words, with लाख and करोड़', () => {
  it('names every number 1–99 by its own word (they are irregular)', () => {
    const cases: [number, string][] = [
      [1, 'एक'],
      [2, 'दो'],
      [5, 'पाँच'],
      [6, 'छह'],
      [9, 'नौ'],
      [10, 'दस'],
      [11, 'ग्यारह'],
      [15, 'पंद्रह'],
      [18, 'अठारह'],
      [19, 'उन्नीस'],
      [20, 'बीस'],
      [21, 'इक्कीस'],
      [25, 'पच्चीस'],
      [28, 'अट्ठाईस'],
      [29, 'उनतीस'],
      [33, 'तैंतीस'],
      [35, 'पैंतीस'],
      [38, 'अड़तीस'],
      [39, 'उनतालीस'],
      [42, 'बयालीस'],
      [44, 'चवालीस'],
      [45, 'पैंतालीस'],
      [49, 'उनचास'],
      [51, 'इक्यावन'],
      [53, 'तिरेपन'],
      [56, 'छप्पन'],
      [59, 'उनसठ'],
      [60, 'साठ'],
      [64, 'चौंसठ'],
      [67, 'सड़सठ'],
      [69, 'उनहत्तर'],
      [72, 'बहत्तर'],
      [75, 'पचहत्तर'],
      [78, 'अठहत्तर'],
      [79, 'उन्यासी'],
      [80, 'अस्सी'],
      [84, 'चौरासी'],
      [89, 'नवासी'],
      [90, 'नब्बे'],
      [91, 'इक्यानबे'],
      [96, 'छियानबे'],
      [99, 'निन्यानबे'],
    ];
    for (const [n, words] of cases) expect(numberInWordsHi(n), String(n)).toBe(words);
    // Every number 1–99 has one word of its own: no blanks, none repeated.
    const all = Array.from({ length: 99 }, (_, i) => numberInWordsHi(i + 1));
    expect(all.every((w) => /^[\u0900-\u097F]+$/.test(w))).toBe(true);
    expect(new Set(all).size).toBe(99);
  });

  it('counts hundreds, thousands, lakhs and crores as India does', () => {
    expect(numberInWordsHi(100)).toBe('एक सौ');
    expect(numberInWordsHi(101)).toBe('एक सौ एक');
    expect(numberInWordsHi(999)).toBe('नौ सौ निन्यानबे');
    expect(numberInWordsHi(1000)).toBe('एक हज़ार');
    expect(numberInWordsHi(45_035)).toBe('पैंतालीस हज़ार पैंतीस');
    expect(numberInWordsHi(1_00_000)).toBe('एक लाख');
    expect(numberInWordsHi(1_23_456)).toBe('एक लाख तेईस हज़ार चार सौ छप्पन');
    expect(numberInWordsHi(99_99_999)).toBe('निन्यानबे लाख निन्यानबे हज़ार नौ सौ निन्यानबे');
    expect(numberInWordsHi(1_00_00_000)).toBe('एक करोड़');
    expect(numberInWordsHi(1_23_45_678)).toBe('एक करोड़ तेईस लाख पैंतालीस हज़ार छह सौ अठहत्तर');
    expect(numberInWordsHi(100_00_00_000)).toBe('एक सौ करोड़');
    expect(numberInWordsHi(0)).toBe('शून्य');
    expect(() => numberInWordsHi(-1)).toThrow(RangeError);
  });

  it('writes an amount as a receipt does: रुपये … पैसे मात्र', () => {
    expect(amountInWordsHi(1_23_456_50)).toBe('एक लाख तेईस हज़ार चार सौ छप्पन रुपये और पचास पैसे मात्र');
    expect(amountInWordsHi(100)).toBe('एक रुपया मात्र');
    expect(amountInWordsHi(1_100)).toBe('ग्यारह रुपये मात्र');
    expect(amountInWordsHi(6_900)).toBe('उनहत्तर रुपये मात्र');
    expect(amountInWordsHi(10_000)).toBe('एक सौ रुपये मात्र');
    expect(amountInWordsHi(1_000_00)).toBe('एक हज़ार रुपये मात्र');
    expect(amountInWordsHi(2_500_50)).toBe('दो हज़ार पाँच सौ रुपये और पचास पैसे मात्र');
    expect(amountInWordsHi(1_00_000_00)).toBe('एक लाख रुपये मात्र');
    expect(amountInWordsHi(1_00_00_000_00)).toBe('एक करोड़ रुपये मात्र');
    expect(amountInWordsHi(50)).toBe('पचास पैसे मात्र');
    expect(amountInWordsHi(101)).toBe('एक रुपया और एक पैसा मात्र');
    expect(amountInWordsHi(0)).toBe('शून्य रुपये मात्र');
    expect(() => amountInWordsHi(1.5)).toThrow(RangeError);
  });
});

describe('a UPI payment request', () => {
  const request = {
    payee: 'institute.fees@okaxis',
    payeeName: 'Pragati Computer Institute',
    paise: 450_050,
    note: 'Fees instalment 2',
    reference: 'PCI-DUE-00042',
  };

  it('carries pa, pn, am, tn, tr and cu=INR, spaces as %20 and the UPI ID’s @ as it is', () => {
    expect(upiLink(request)).toBe(
      'upi://pay?pa=institute.fees@okaxis&pn=Pragati%20Computer%20Institute&am=4500.50&tn=Fees%20instalment%202&tr=PCI-DUE-00042&cu=INR',
    );
  });

  it('encodes what would break the link, and refuses an impossible request', () => {
    expect(upiLink({ ...request, note: 'Fees & books #2' })).toContain('tn=Fees%20%26%20books%20%232&');
    expect(() => upiLink({ ...request, payee: 'not a upi id' })).toThrow(RangeError);
    expect(() => upiLink({ ...request, paise: 0 })).toThrow(RangeError);
  });
});
