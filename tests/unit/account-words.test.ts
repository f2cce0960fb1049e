/**
 * The words around a student's account in both languages: the account forms' checks (the same
 * schemas in the browser and the functions), the attendance and fee words of /account, the days
 * a student reads. English word for word as the spec says it; Hindi where the page or request is
 * Hindi (inLocale, as a page being built or a function answering a Hindi page does).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { attendanceLine } from '../../src/components/islands/AccountClasses';
import { inLocale } from '../../src/i18n/server-locale';
import { claimStateWord, dueStateWord, paymentModeWord } from '../../src/lib/student-fee-words';
import { missedInWords } from '../../src/lib/missed-words';
import { fill } from '../../src/lib/page-words';
import { routeParam } from '../../src/lib/route-param';
import { studentDay, studentWeekdays } from '../../src/lib/schemas/student-classes';
import { CertificateNumberSchema } from '../../src/lib/schemas/certificate';
import { ChangePasswordSchema, LoginSchema, RegisterSchema, ResetByLinkSchema, VerifySchema } from '../../src/lib/schemas/user';
import type { z } from 'zod';

/** The message of each field that failed, by its path. */
const messages = (schema: z.ZodType, value: unknown): Record<string, string> => {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the account forms’ checks', () => {
  it('say the spec’s English outside a Hindi page or request', () => {
    expect(messages(RegisterSchema, { age: 'adult', name: 'Asha Devi', email: 'asha@example.com', password: 'short' })).toEqual({
      password: 'Please choose a password of at least 8 characters.',
    });
    expect(messages(LoginSchema, { email: 'asha@example.com', password: '' })).toEqual({ password: 'Please enter your password.' });
    expect(messages(VerifySchema, { otp: 1.5, activationToken: '' })).toEqual({
      otp: 'Please enter the 6-digit code from the e-mail.',
      activationToken: 'Your registration has expired. Please register again.',
    });
    expect(messages(ChangePasswordSchema, { currentPassword: 'same-password', newPassword: 'same-password' })).toEqual({
      newPassword: 'Please choose a password different from the current one.',
    });
    expect(messages(ResetByLinkSchema, { link: '', password: 'x'.repeat(129) })).toEqual({
      link: 'This link is not valid. Please open the link in the latest e-mail, or ask for a new one.',
      password: 'Please keep the password to 128 characters or fewer.',
    });
  });

  it('say the same in Hindi when parsed for a Hindi page', () => {
    inLocale('hi', () => {
      expect(messages(RegisterSchema, { age: 'adult', name: 'Asha Devi', email: 'asha@example.com', password: 'short' })).toEqual({
        password: 'कृपया कम से कम 8 अक्षरों का पासवर्ड चुनें।',
      });
      expect(messages(LoginSchema, { email: 'asha@example.com', password: '' })).toEqual({ password: 'कृपया अपना पासवर्ड डालें।' });
      expect(messages(VerifySchema, { otp: 1.5, activationToken: '' })).toEqual({
        otp: 'कृपया ई-मेल में आया 6 अंकों का कोड डालें।',
        activationToken: 'आपके रजिस्ट्रेशन का समय खत्म हो गया है। कृपया फिर से रजिस्टर करें।',
      });
      expect(messages(ChangePasswordSchema, { currentPassword: '', newPassword: 'new-password' })).toEqual({
        currentPassword: 'कृपया अपना अभी का पासवर्ड डालें।',
      });
      expect(messages(ChangePasswordSchema, { currentPassword: 'same-password', newPassword: 'same-password' })).toEqual({
        newPassword: 'कृपया अभी वाले पासवर्ड से अलग पासवर्ड चुनें।',
      });
      expect(messages(ResetByLinkSchema, { link: 'token', password: 'x'.repeat(129) })).toEqual({
        password: 'कृपया पासवर्ड 128 अक्षरों से लंबा न रखें।',
      });
    });
  });

  it('decide the language when a value is checked, not when the schema was made', () => {
    const english = messages(LoginSchema, { email: 'asha@example.com', password: 'x'.repeat(200) });
    const hindi = inLocale('hi', () => messages(LoginSchema, { email: 'asha@example.com', password: 'x'.repeat(200) }));
    expect(english).toEqual({ password: 'Incorrect email or password.' });
    expect(hindi).toEqual({ password: 'ई-मेल या पासवर्ड सही नहीं है।' });
  });
});

describe('a certificate number looked up', () => {
  it('is refused in the language of the page that asked', () => {
    expect(messages(CertificateNumberSchema, 'PCI-27')).toEqual({ '': 'This is not a certificate number. A certificate number looks like PCI-2027-7F3K9Q.' });
    expect(inLocale('hi', () => messages(CertificateNumberSchema, 'PCI-27'))).toEqual({
      '': 'यह सर्टिफ़िकेट नंबर नहीं है। सर्टिफ़िकेट नंबर PCI-2027-7F3K9Q जैसा होता है।',
    });
    expect(CertificateNumberSchema.parse(' pci-2027-7f3k9q ')).toBe('PCI-2027-7F3K9Q');
  });
});

describe('attendance in words on a Hindi /account', () => {
  const leave = { day: '2026-11-20', mark: 'Leave' as const, reason: 'Exam at school' };
  const absent = { day: '2026-11-21', mark: 'Absent' as const };

  it('counts leave apart from absence, in Hindi', () => {
    expect(missedInWords(2, 1, 'hi')).toBe('2 बार अनुपस्थित, 1 बार छुट्टी पर');
    expect(missedInWords(0, 1, 'hi')).toBe('1 बार छुट्टी पर');
    inLocale('hi', () => {
      expect(attendanceLine({ held: 4, attended: 2, percent: 50, absences: [absent, leave] })).toBe(
        '4 कक्षाओं में से 2 में आपकी हाज़िरी (50%); 1 बार अनुपस्थित, 1 बार छुट्टी पर।',
      );
      expect(attendanceLine({ held: 1, attended: 1, percent: 100, absences: [] })).toBe('1 कक्षा में से 1 में आपकी हाज़िरी (100%)।');
      expect(attendanceLine({ held: 0, attended: 0, percent: null, absences: [] })).toBe('अभी तक कोई कक्षा नहीं हुई।');
    });
  });

  it('stays English for staff, whatever the request’s language', () => {
    expect(inLocale('hi', () => missedInWords(2, 1))).toBe('2 absent, 1 on leave');
  });
});

describe('fee words on a Hindi /account', () => {
  it('name the states and modes in Hindi, and in English by default', () => {
    expect(dueStateWord('overdue', 'hi')).toBe('तारीख़ निकल गई');
    expect(dueStateWord('overdue')).toBe('Overdue');
    expect(claimStateWord('pending', 'hi')).toBe('ऑफ़िस की पुष्टि का इंतज़ार');
    expect(claimStateWord('pending')).toBe('Waiting for the office to confirm');
    expect(paymentModeWord('cash', 'hi')).toBe('नकद');
    expect(paymentModeWord('bank')).toBe('Bank transfer');
  });
});

describe('days a student reads', () => {
  it('writes Hindi months out, with the year only when it is not this one', () => {
    expect(studentDay('2026-11-30', '2026', 'hi')).toBe('सोम, 30 नवंबर');
    expect(studentDay('2027-01-26', '2026', 'hi')).toBe('मंगल, 26 जनवरी 2027');
    expect(studentDay('2026-11-30', '2026')).toBe('Mon, 30 Nov');
    expect(studentDay('not a day', '2026', 'hi')).toBe('not a day');
  });

  it('names a batch’s weekdays in Hindi', () => {
    expect(studentWeekdays('Mon, Wed, Fri', 'hi')).toBe('सोम, बुध, शुक्र');
    expect(studentWeekdays('Sat, Sun')).toBe('Sat, Sun');
  });
});

describe('a page’s words for its script', () => {
  it('fills each placeholder and leaves unknown ones', () => {
    expect(fill('{day} को रद्द किया गया। कारण: {reason}', { day: '3 मार्च 2027', reason: 'गलत नाम' })).toBe('3 मार्च 2027 को रद्द किया गया। कारण: गलत नाम');
    expect(fill('Revoked on {day}', {})).toBe('Revoked on {day}');
  });
});

describe('the id in the address of a Hindi twin', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is read as on the English page', () => {
    vi.stubGlobal('location', { pathname: '/hi/course/12' });
    expect(routeParam('/course/')).toBe('12');
    vi.stubGlobal('location', { pathname: '/hi/certificate/PCI-2027-7F3K9Q/print' });
    expect(routeParam('/certificate/')).toBe('PCI-2027-7F3K9Q/print');
    vi.stubGlobal('location', { pathname: '/course/12' });
    expect(routeParam('/course/')).toBe('12');
  });
});
