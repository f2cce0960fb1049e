/** Money in whole paise, written as people read it on a receipt and as a UPI link carries it. */
import { describe, expect, it } from 'vitest';
import { amountInWords, formatRupees, isPaise, numberInWords, rupeeFigure } from '../../src/lib/money';
import { upiLink } from '../../src/lib/upi';

describe('amounts in paise', () => {
  it('are written with India’s grouping, paise only when there are any', () => {
    expect(formatRupees(12_345_650)).toBe('₹1,23,456.50');
    expect(formatRupees(500_000)).toBe('₹5,000');
    expect(formatRupees(1_000_000_000)).toBe('₹1,00,00,000');
    expect(formatRupees(5)).toBe('₹0.05');
    expect(formatRupees(0)).toBe('₹0');
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
