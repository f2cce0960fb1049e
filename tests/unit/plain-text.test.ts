/**
 * The one check of text a person sends (src/lib/schemas/plain-text.ts), as the text schemas of
 * the forms and the functions use it: control characters and broken characters are refused with a
 * message naming the field; what a person cannot correct (a file's name, where a visit came from)
 * is cleaned instead. And the day check (real-day.ts) and the paging cursor's parts.
 */
import { describe, expect, it } from 'vitest';
import { BIGINT_ID, DAY, TIMESTAMP } from '../../functions/_shared/platform/paging';
import { EmailSchema, NameSchema, TextSchema } from '../../src/lib/schemas/fields';
import { MarqueeMessageSchema } from '../../src/lib/schemas/marquee';
import { brokenCharacterMessage, controlCharacterMessage, plainText, strippedText, textProblem, wellFormed } from '../../src/lib/schemas/plain-text';
import { isRealDay } from '../../src/lib/schemas/real-day';
import { FileNameSchema } from '../../src/lib/schemas/uploads';
import { NewPasswordSchema } from '../../src/lib/schemas/user';
import { z } from '../../src/lib/schemas/zod';

const CONTROLS = ['\u0000', '\u0001', '\u0007', '\u0008', '\u000b', '\u000c', '\u000e', '\u001b', '\u001f', '\u007f', '\u0080', '\u0085', '\u009b', '\u009f'];
const BROKEN = ['\ud800', '\udbff', '\udc00', '\udfff', '\ude00\ud83d'];

/** The messages a schema gives for `value` (none when it is taken). */
const messagesOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues.map((i) => i.message) ?? [];

describe('textProblem', () => {
  it('finds every C0 control, DEL and every C1 control, wherever it is', () => {
    for (const c of CONTROLS) {
      for (const text of [`${c}Asha`, `As${c}ha`, `Asha${c}`]) expect(textProblem(text), JSON.stringify(text)).toBe('control');
    }
  });

  it('lets tabs and line breaks through only in text of several lines', () => {
    for (const c of ['\t', '\n', '\r', '\r\n']) {
      expect(textProblem(`Line one${c}line two`), JSON.stringify(c)).toBe('control');
      expect(textProblem(`Line one${c}line two`, { multiline: true }), JSON.stringify(c)).toBeNull();
    }
    expect(textProblem('Line one\n\u0000', { multiline: true })).toBe('control');
  });

  it('finds a lone surrogate (half an emoji), and takes whole emoji, Devanagari and other scripts', () => {
    for (const half of BROKEN) expect(textProblem(`Asha ${half} Verma`), JSON.stringify(half)).toBe('broken');
    for (const text of ['आशा वर्मा 🙏', 'Zoë O’Brien', '😀😀', '₹12,000 a month', 'नमस्ते\u200d', '']) expect(textProblem(text), text).toBeNull();
  });
});

describe('wellFormed', () => {
  it('gives the same answers in a browser without String.prototype.isWellFormed', () => {
    const cases = ['', 'plain', '😀', 'a\ud83d', '\ude00a', '\ud83d\ude00\ud83d', '\udc00\ud800', 'x'.repeat(1000) + '\ud800'];
    const native = cases.map((text) => text.isWellFormed());
    const original = String.prototype.isWellFormed;
    // An older browser: the method is not there.
    Object.defineProperty(String.prototype, 'isWellFormed', { value: undefined, configurable: true, writable: true });
    try {
      expect(cases.map((text) => wellFormed(text))).toEqual(native);
    } finally {
      Object.defineProperty(String.prototype, 'isWellFormed', { value: original, configurable: true, writable: true });
    }
    expect(native).toEqual([true, true, true, false, false, false, false, false]);
  });
});

describe('plainText in a schema', () => {
  const Subject = z.string().check(plainText('the subject'));

  it('refuses with a message that names the field', () => {
    expect(messagesOf(Subject, 'Tally\u0000batch')).toEqual([controlCharacterMessage('the subject')]);
    expect(messagesOf(Subject, 'Tally \ud83d batch')).toEqual([brokenCharacterMessage('the subject')]);
    expect(controlCharacterMessage('the subject')).toBe('Please remove the hidden control characters (such as NUL) from the subject: they cannot be stored.');
    expect(brokenCharacterMessage('the subject')).toBe(
      'Please type the subject again: it holds a broken character (half of an emoji or symbol), which cannot be stored.',
    );
    expect(Subject.parse('Tally batch 🙏')).toBe('Tally batch 🙏');
  });

  it('is in the shared text schemas: free text, names, e-mail addresses, announcements and new passwords', () => {
    const message = TextSchema('your message', 5, 3000, { multiline: true });
    expect(message.parse('  Hello,\r\n\tWhen does the batch start?  ')).toBe('Hello,\r\n\tWhen does the batch start?');
    expect(messagesOf(message, 'Hello\u0000 there')).toContain(controlCharacterMessage('your message'));
    expect(messagesOf(TextSchema('a subject', 2, 150), 'Fees\nfor Tally')).toContain(controlCharacterMessage('a subject'));
    expect(messagesOf(TextSchema('a subject', 2, 150), 'Fees \udc00')).toContain(brokenCharacterMessage('a subject'));
    expect(messagesOf(NameSchema, 'Asha\u0085 Verma')[0]).toBe(controlCharacterMessage('your name'));
    expect(messagesOf(EmailSchema, 'asha\u0000@example.in')[0]).toBe(controlCharacterMessage('your e-mail address'));
    expect(messagesOf(MarqueeMessageSchema, { message: 'Admissions\u001b[2J open' })).toEqual([controlCharacterMessage('the announcement')]);
    expect(messagesOf(NewPasswordSchema, 'a long pass\ud800phrase')).toEqual([brokenCharacterMessage('the password')]);
  });

  it('leaves blank text to the field’s own message (whitespace is trimmed first)', () => {
    expect(messagesOf(MarqueeMessageSchema, { message: '   \n\t ' })).toEqual(['Please write the announcement.']);
    expect(messagesOf(TextSchema('a subject', 2, 150), ' \t ')).toEqual(['Please write at least 2 characters for a subject.']);
  });
});

describe('strippedText: what is cleaned rather than refused', () => {
  it('drops control characters and lone surrogates, keeping whole emoji', () => {
    expect(strippedText('\u0000Face\u0007book\u0085 😀\ud800')).toBe('Facebook 😀');
    expect(strippedText('a\udc00\ud83d\ude00b\ud83d', '_')).toBe('a_😀b_');
  });

  it('makes a device’s file name safe to store and show', () => {
    expect(FileNameSchema.parse('scan\u0000\u0085\ud800/..\\x.pdf')).toBe('scan____.._x.pdf');
  });
});

describe('isRealDay', () => {
  it('takes the days that exist, in years 1 to 9999', () => {
    for (const day of ['2026-02-28', '2024-02-29', '2000-02-29', '0001-01-01', '9999-12-31', '2026-04-30']) expect(isRealDay(day), day).toBe(true);
  });

  it('refuses the days that do not (Postgres would fail on them)', () => {
    for (const day of [
      '2026-02-29',
      '2026-02-30',
      '1900-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '0000-01-01',
      '2026-1-1',
      '2026-01-01x',
      ' 2026-01-01',
      '20260101',
    ]) {
      expect(isRealDay(day), day).toBe(false);
    }
  });
});

describe('the parts of a paging cursor', () => {
  it('an id is a positive Postgres bigint', () => {
    for (const id of ['1', '42', '9223372036854775807']) expect(BIGINT_ID.test(id), id).toBe(true);
    for (const id of ['0', '-1', '01', '9223372036854775808', '9999999999999999999', '99999999999999999999', '1e3', '1\u0000', ''])
      expect(BIGINT_ID.test(id), id).toBe(false);
  });

  it('a time is a real moment as Postgres prints it', () => {
    for (const at of ['2026-05-01 10:00:00+00', '2026-05-01 23:59:59.123456+05:30', '2024-02-29 00:00:00-03:30', '2026-12-31 10:00:00.5+14'])
      expect(TIMESTAMP.test(at), at).toBe(true);
    for (const at of [
      '2026-13-45 25:61:61+00',
      '2026-02-30 10:00:00+00',
      '0000-01-01 00:00:00+00',
      '2026-05-01 24:00:00+00',
      '2026-05-01 10:60:00+00',
      '2026-05-01 10:00:60+00',
      '2026-05-01 10:00:00+99',
      '2026-05-01 10:00:00+05:60',
      '2026-05-01 10:00:00',
      '2026-05-01 10:00:00\u0000+00',
    ]) {
      expect(TIMESTAMP.test(at), at).toBe(false);
    }
  });

  it('a day is a real day', () => {
    expect(DAY.test('2026-05-01')).toBe(true);
    expect(DAY.test('2026-02-30')).toBe(false);
  });
});
