/**
 * The fields of the four application forms (kiosk/e-Mitra, CSC, IIBF, NIELIT), each with its
 * label, how it is typed and its rule, and the messages of the specification word for word
 * ('Please fill in the field: {field}', { error: () => appform_pan_invalid() }, …). The forms
 * render from these definitions and their schemas are built from them (application-forms.ts), so
 * a field's label, input and rule cannot drift apart. No DOM or astro:* imports here.
 */
import { z } from './zod';
import { NAME_PATTERN } from './fields';
import { plainText } from './plain-text';
import { latinDigits } from '../digits';
import {
  appform_aadhaar_check,
  appform_aadhaar_digits,
  appform_aadhaar_start,
  appform_account_invalid,
  appform_date_format,
  appform_date_real,
  appform_email_invalid,
  appform_fill_in,
  appform_ifsc_invalid,
  appform_name_characters,
  appform_pan_invalid,
  appform_shorten,
  appform_voter_invalid,
} from '../../i18n/messages';

/**
 * Words in the language of the page (or the request) at the moment they are read: a compiled
 * message called with no inputs. Called where the words are shown or a value is checked, never
 * when a definition is made, so one definition serves both languages.
 */
export type Words = (inputs?: Record<string, never>, options?: { locale?: 'en' | 'hi' }) => string;

/** Words in English whatever the page's language: what staff read, and the definitions' English fields. */
export const english = (words: Words) => words({}, { locale: 'en' });

/** How a field is typed in the browser. */
export type FieldInput = 'text' | 'email' | 'date' | 'select' | 'textarea' | 'digits';

export interface FieldDef {
  /** The field's name in the payload (the specification's name). */
  name: string;
  /** The label in English (what staff read), and what `{field}` is in 'Please fill in the field: {field}'. */
  label: string;
  /** The label in the page's language (the form shows it; its messages name the field with it). */
  says: Words;
  input: FieldInput;
  /** Upper-cased as it is typed (and again by the schema, for other clients). */
  upper?: boolean;
  /** The most characters (or digits) the input takes. */
  maxLength?: number;
  /** The choices of a select: value → what is shown (in English; `optionWords` in the page's language). */
  options?: Readonly<Record<string, string>>;
  /** The choices whose words differ in Hindi (Urban, Rural, General): value → words. */
  optionWords?: Readonly<Record<string, Words>>;
  /** The browser's autofill token. */
  autoComplete?: string;
  /** A line of help under the input, in the page's language. */
  hint?: Words;
  /**
   * An ID number (Aadhaar, PAN, Jan Aadhaar, voter ID, bank account): sealed at rest, shown
   * masked to its last four characters, in full only on a staff member's explicit, logged action.
   */
  sealed?: boolean;
  /** The rule: a schema that also gives the stored value (trimmed, upper-cased, …). */
  schema: z.ZodType<string, string>;
}

/** The specification's message for a blank field, in the page's language. */
export const fillIn = (label: string) => appform_fill_in({ field: label });

/**
 * A string whose blank (or missing) value gets 'Please fill in the field: {label}'. Line breaks
 * and tabs become spaces; other control characters and broken characters are refused (plain-text.ts,
 * whose messages name the field in English). Every message is made when a value is checked, in
 * the language of that moment.
 */
const base = (label: Words, max: number) =>
  z
    .string({ error: () => fillIn(label()) })
    .transform((v) => v.normalize('NFC').replace(/\s+/g, ' ').trim())
    .pipe(
      z
        .string()
        .check(plainText(english(label)))
        .min(1, { error: () => fillIn(label()) })
        .max(max, { error: () => appform_shorten({ field: label(), max }) }),
    );

/** Any non-blank text. */
export const text = (label: Words, max = 120) => base(label, max);

/** Non-blank text stored upper-case. */
export const upperText = (label: Words, max = 120) => base(label, max).transform((v) => v.toUpperCase());

/**
 * A person's name, by the accounts' rule (NAME_PATTERN: letters, spaces, `.`, `'` and `-`; no
 * digits, `:` or `/`), so a name can never carry a link or a message; upper-cased when `upper`.
 */
export const personName = (label: Words, { upper = false } = {}) =>
  base(label, 100)
    .pipe(z.string().regex(NAME_PATTERN, { error: () => appform_name_characters() }))
    .transform((v) => (upper ? v.toUpperCase() : v));

/** Exactly `digits` digits (spaces typed between them are dropped; Devanagari ones read as Latin), else `message`. */
export const exactDigits = (label: Words, digits: number, message: Words) =>
  base(label, 40)
    .transform((v) => latinDigits(v).replace(/\s/g, ''))
    .pipe(z.string().regex(new RegExp(`^\\d{${digits}}$`), { error: () => message() }));

/** A 10-digit mobile number (the forms' own messages differ: see the definitions). */
export const mobile = (label: Words, message: Words) => exactDigits(label, 10, message);

/** An e-mail address, lower-cased (NIELIT's upper-cased input included). */
export const email = (label: Words) =>
  base(label, 254)
    .transform((v) => v.toLowerCase())
    .pipe(z.email({ error: () => appform_email_invalid() }));

/** Aadhaar's Verhoeff check digit: catches a mistyped or swapped digit. */
const verhoeffD = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const verhoeffP = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
/** True when a 12-digit number passes Aadhaar's Verhoeff check (false for anything but digits). */
export function verhoeffValid(digits: string): boolean {
  // Anything but digits would index past the tables (a TypeError, not an answer).
  if (!/^\d+$/.test(digits)) return false;
  let c = 0;
  [...digits].reverse().forEach((d, i) => {
    c = verhoeffD[c]![verhoeffP[i % 8]![Number(d)]!]!;
  });
  return c === 0;
}

/** An Aadhaar number: 12 digits (spaces allowed, Devanagari ones read as Latin), not starting with 0 or 1, with a valid check digit. */
export const aadhaar = (label: Words) =>
  base(label, 20)
    .transform((v) => latinDigits(v).replace(/\s/g, ''))
    .pipe(
      z
        .string()
        .regex(/^\d{12}$/, { error: () => appform_aadhaar_digits(), abort: true })
        .regex(/^[2-9]/, { error: () => appform_aadhaar_start(), abort: true })
        .refine(verhoeffValid, { error: () => appform_aadhaar_check() }),
    );

/** PAN: 5 capital letters, 4 digits, 1 capital letter. */
export const pan = (label: Words) =>
  base(label, 20)
    .transform((v) => latinDigits(v).toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{5}\d{4}[A-Z]$/, { error: () => appform_pan_invalid() }));

/** IFSC: 4 capital letters, a zero, then 6 capital letters or digits. */
export const ifsc = (label: Words) =>
  base(label, 20)
    .transform((v) => latinDigits(v).toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, { error: () => appform_ifsc_invalid() }));

/** A bank account number: digits only (Devanagari ones read as Latin), 6 to 20 of them (Indian banks use 9 to 18). */
export const accountNumber = (label: Words) =>
  base(label, 40)
    .transform((v) => latinDigits(v).replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6,20}$/, { error: () => appform_account_invalid() }));

/** A voter ID (EPIC) number: letters, digits and `/`, 6 to 20 of them, upper-cased. */
export const voterId = (label: Words) =>
  base(label, 40)
    .transform((v) => latinDigits(v).replace(/\s/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9/]{6,20}$/, { error: () => appform_voter_invalid() }));

/** India's date today (YYYY-MM-DD). */
const indiaToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/** A date of birth: a real day, in the past, after 1 January 1920. */
export const birthDate = (label: Words) =>
  base(label, 10).pipe(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: () => appform_date_format({ field: label().toLowerCase() }) })
      .refine(
        (v) => {
          const day = new Date(`${v}T00:00:00Z`);
          return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === v && v >= '1920-01-01' && v < indiaToday();
        },
        { error: () => appform_date_real({ field: label().toLowerCase() }) },
      ),
  );

/** One of `options`' keys. */
export const choice = (label: Words, options: Readonly<Record<string, string>>) =>
  base(label, 40).pipe(z.string().refine((v) => Object.hasOwn(options, v), { error: () => fillIn(label()) }));
