/**
 * Digits typed on a Hindi keyboard (०–९) are read as Latin ones by the shared field schemas, in
 * the browser and in the functions alike; and their messages come in the language the check runs
 * in (English outside any, as for the mobile app).
 */
import { describe, expect, it } from 'vitest';
import { latinDigits } from '../../src/lib/digits';
import { inLocale } from '../../src/i18n/server-locale';
import { EmailSchema, IndianMobileSchema, NameSchema, TextSchema } from '../../src/lib/schemas/fields';
import { RupeesSchema, UpiClaimSchema, UtrSchema } from '../../src/lib/schemas/fees';
import { aadhaar, accountNumber, exactDigits, ifsc, pan, voterId } from '../../src/lib/schemas/application-fields';
import { VerifySchema } from '../../src/lib/schemas/user';
import { tidy } from '../../src/components/application-form/DefinedField';
import { codeAsNumber } from '../../src/components/forms/code-input';
import { EMITRA_FORM, fieldsOf } from '../../src/lib/schemas/application-forms';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('latinDigits', () => {
  it('writes every Devanagari digit as its Latin digit and leaves everything else alone', () => {
    expect(latinDigits('०१२३४५६७८९')).toBe('0123456789');
    expect(latinDigits('+९१ ९८२९०-१२३४५')).toBe('+91 98290-12345');
    expect(latinDigits('₹२,५००.५०')).toBe('₹2,500.50');
    expect(latinDigits('मकान 12, गली ३')).toBe('मकान 12, गली 3');
    expect(latinDigits('')).toBe('');
  });

  it('does not read other scripts’ digits or look-alikes as digits', () => {
    // Bengali ৯, Gujarati ૯, Arabic-Indic ٩ and the Devanagari sign ॰ (abbreviation) stay as typed.
    expect(latinDigits('৯૯٩॰')).toBe('৯૯٩॰');
  });
});

describe('fields that take digits accept Devanagari digits and keep Latin ones', () => {
  it('a mobile number', () => {
    expect(IndianMobileSchema.parse('९८२९० १२३४५')).toBe('+919829012345');
    expect(IndianMobileSchema.parse('+९१-९८२९०१२३४५')).toBe('+919829012345');
    expect(IndianMobileSchema.parse('०९८२९०१२३४५')).toBe('+919829012345');
    expect(IndianMobileSchema.safeParse('५८२९०१२३४५').success).toBe(false);
  });

  it('an amount in rupees and a UTR', () => {
    expect(RupeesSchema('the amount').parse('२,५००')).toBe(250_000);
    expect(RupeesSchema('the amount').parse('₹ १२३४.५०')).toBe(123_450);
    expect(UtrSchema.parse('४१२३ ४५६७ ८९०१')).toBe('412345678901');
    expect(UtrSchema.safeParse('४१२३४५').success).toBe(false);
  });

  it('a UPI payment report typed on a Hindi keyboard', () => {
    const parsed = UpiClaimSchema.parse({ dueId: '7', amount: '१,५००', utr: '४१२३४५६७८९०१', paidOn: '2025-01-15' });
    expect(parsed).toMatchObject({ amount: 150_000, utr: '412345678901' });
  });
});

describe('the application forms’ numbers accept Devanagari digits and keep Latin ones', () => {
  const label = () => 'x';
  it('Aadhaar (its check digit read from the Latin number), Jan Aadhaar, pincode and mobile', () => {
    expect(aadhaar(label).parse('२३४१२३४१२३४६')).toBe('234123412346');
    expect(aadhaar(label).parse('२३४१ २३४१ २३४६')).toBe('234123412346');
    expect(aadhaar(label).safeParse('२३४१२३४१२३४७').success).toBe(false);
    expect(exactDigits(label, 10, label).parse('१२३४५ ६७८९०')).toBe('1234567890');
    expect(exactDigits(label, 6, label).parse('३०५००१')).toBe('305001');
    expect(exactDigits(label, 6, label).safeParse('३०५००').success).toBe(false);
  });

  it('bank account, PAN, IFSC and voter ID numbers', () => {
    expect(accountNumber(label).parse('१२३४ ५६७८ ९०१२')).toBe('123456789012');
    expect(pan(label).parse('abcde१२३४f')).toBe('ABCDE1234F');
    expect(ifsc(label).parse('sbin०००१२३४')).toBe('SBIN0001234');
    expect(voterId(label).parse('abc१२३४५६७')).toBe('ABC1234567');
  });

  it('a digits field keeps Devanagari digits as typed, drops anything else, and stops at its length', () => {
    const pincode = fieldsOf(EMITRA_FORM).find((f) => f.name === 'pincode')!;
    expect(tidy(pincode, '३०५-००१ a')).toBe('३०५००१');
    expect(tidy(pincode, '३०५००१२')).toBe('३०५००१');
  });

  it('the e-mailed code, typed in either digits, is read as the number the API takes', () => {
    expect(codeAsNumber('०४२७१९')).toBe(42_719);
    expect(codeAsNumber(' 123456 ')).toBe(123_456);
    expect(codeAsNumber('१२३456')).toBe(123_456);
    for (const typed of ['', '१२३४५६७', '12a456', '1e5', '-12345', null]) expect(codeAsNumber(typed)).toBeNaN();
    // The API's schema is unchanged: a number, never the typed text.
    expect(VerifySchema.parse({ otp: codeAsNumber('०४२७१९'), activationToken: 'token' }).otp).toBe(42_719);
    expect(VerifySchema.safeParse({ otp: '123456', activationToken: 'token' }).success).toBe(false);
  });
});

describe('the shared fields’ messages come in the language of the check', () => {
  it('in English outside any request, word for word as the specification has them', () => {
    expect(firstMessage(NameSchema.safeParse(''))).toBe('Please enter your name.');
    expect(firstMessage(NameSchema.safeParse('A1'))).toBe("Please use only letters, spaces, full stops (.), apostrophes (') and hyphens (-) in the name.");
    expect(firstMessage(EmailSchema.safeParse('nobody'))).toBe('Please enter a valid e-mail address, like name@example.com.');
    expect(firstMessage(IndianMobileSchema.safeParse('12345'))).toBe('Please enter a valid 10-digit Indian mobile number.');
    expect(firstMessage(TextSchema('your message', 5, 10).safeParse('hi'))).toBe('Please write at least 5 characters for your message.');
    expect(firstMessage(UtrSchema.safeParse(undefined))).toBe('Please enter the 12-digit UTR of the payment.');
  });

  it('in Hindi within a Hindi request, from the same schemas (built once, before any request)', () => {
    const hindi = <T>(check: () => T) => inLocale('hi', check);
    expect(hindi(() => firstMessage(NameSchema.safeParse('')))).toBe('कृपया अपना नाम लिखें।');
    expect(hindi(() => firstMessage(NameSchema.safeParse('A1')))).toBe("कृपया नाम में केवल अक्षर, खाली जगह, पूर्ण विराम (.), एपॉस्ट्रॉफ़ी (') और हाइफ़न (-) ही लिखें।");
    expect(hindi(() => firstMessage(NameSchema.safeParse('Asha\u0000')))).toBe('अपना नाम: कृपया इसमें से छिपे हुए कंट्रोल कैरेक्टर (जैसे NUL) हटाएँ, इन्हें सहेजा नहीं जा सकता।');
    expect(hindi(() => firstMessage(IndianMobileSchema.safeParse('12345')))).toBe('कृपया सही 10 अंकों का भारतीय मोबाइल नंबर लिखें।');
    expect(hindi(() => firstMessage(TextSchema(() => 'अपना संदेश', 5, 10).safeParse('hi')))).toBe('अपना संदेश: कृपया कम से कम 5 अक्षर लिखें।');
    expect(hindi(() => firstMessage(UpiClaimSchema.shape.amount.safeParse('0')))).toBe('कृपया चुकाई गई राशि ₹0 से ज़्यादा लिखें।');
    // The same schema outside the request is English again.
    expect(firstMessage(NameSchema.safeParse(''))).toBe('Please enter your name.');
  });
});
