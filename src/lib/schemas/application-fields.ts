/**
 * The fields of the four application forms (kiosk/e-Mitra, CSC, IIBF, NIELIT), each with its
 * label, how it is typed and its rule, and the messages of the specification word for word
 * ('Please fill in the field: {field}', 'Invalid PAN Number. Format: AAAAA9999A', …). The forms
 * render from these definitions and their schemas are built from them (application-forms.ts), so
 * a field's label, input and rule cannot drift apart. No DOM or astro:* imports here.
 */
import { z } from './zod';
import { NAME_CHARACTERS_MESSAGE, NAME_PATTERN } from './fields';
import { plainText } from './plain-text';

/** How a field is typed in the browser. */
export type FieldInput = 'text' | 'email' | 'date' | 'select' | 'textarea' | 'digits';

export interface FieldDef {
  /** The field's name in the payload (the specification's name). */
  name: string;
  /** What the applicant reads, and what `{field}` is in 'Please fill in the field: {field}'. */
  label: string;
  input: FieldInput;
  /** Upper-cased as it is typed (and again by the schema, for other clients). */
  upper?: boolean;
  /** The most characters (or digits) the input takes. */
  maxLength?: number;
  /** The choices of a select: value → what is shown. */
  options?: Readonly<Record<string, string>>;
  /** The browser's autofill token. */
  autoComplete?: string;
  /** A line of help under the input. */
  hint?: string;
  /**
   * An ID number (Aadhaar, PAN, Jan Aadhaar, voter ID, bank account): sealed at rest, shown
   * masked to its last four characters, in full only on a staff member's explicit, logged action.
   */
  sealed?: boolean;
  /** The rule: a schema that also gives the stored value (trimmed, upper-cased, …). */
  schema: z.ZodType<string, string>;
}

/** The specification's message for a blank field. */
export const fillIn = (label: string) => `Please fill in the field: ${label}`;

/**
 * A string whose blank (or missing) value gets 'Please fill in the field: {label}'. Line breaks
 * and tabs become spaces; other control characters and broken characters are refused (plain-text.ts).
 */
const base = (label: string, max: number) =>
  z
    .string({ message: fillIn(label) })
    .transform((v) => v.normalize('NFC').replace(/\s+/g, ' ').trim())
    .pipe(z.string().check(plainText(label)).min(1, fillIn(label)).max(max, `Please shorten ${label} to ${max} characters.`));

/** Any non-blank text. */
export const text = (label: string, max = 120) => base(label, max);

/** Non-blank text stored upper-case. */
export const upperText = (label: string, max = 120) => base(label, max).transform((v) => v.toUpperCase());

/**
 * A person's name, by the accounts' rule (NAME_PATTERN: letters, spaces, `.`, `'` and `-`; no
 * digits, `:` or `/`), so a name can never carry a link or a message; upper-cased when `upper`.
 */
export const personName = (label: string, { upper = false } = {}) =>
  base(label, 100)
    .pipe(z.string().regex(NAME_PATTERN, NAME_CHARACTERS_MESSAGE))
    .transform((v) => (upper ? v.toUpperCase() : v));

/** Exactly `digits` digits (spaces typed between them are dropped), else `message`. */
export const exactDigits = (label: string, digits: number, message: string) =>
  base(label, 40)
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(z.string().regex(new RegExp(`^\\d{${digits}}$`), message));

/** A 10-digit mobile number (the forms' own messages differ: see the definitions). */
export const mobile = (label: string, message: string) => exactDigits(label, 10, message);

/** An e-mail address, lower-cased (NIELIT's upper-cased input included). */
export const email = (label: string) =>
  base(label, 254)
    .transform((v) => v.toLowerCase())
    .pipe(z.email('Please enter a valid e-mail address, like name@example.com.'));

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

/** An Aadhaar number: 12 digits (spaces allowed), not starting with 0 or 1, with a valid check digit. */
export const aadhaar = (label: string) =>
  base(label, 20)
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(
      z
        .string()
        .regex(/^\d{12}$/, { message: 'Invalid Aadhaar Number. Must be 12 digits.', abort: true })
        .regex(/^[2-9]/, { message: 'An Aadhaar number never starts with 0 or 1. Please check the 12 digits on the card.', abort: true })
        .refine(verhoeffValid, 'This Aadhaar number is not valid. Please check the 12 digits on the card.'),
    );

/** PAN: 5 capital letters, 4 digits, 1 capital letter. */
export const pan = (label: string) =>
  base(label, 20)
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{5}\d{4}[A-Z]$/, 'Invalid PAN Number. Format: AAAAA9999A'));

/** IFSC: 4 capital letters, a zero, then 6 capital letters or digits. */
export const ifsc = (label: string) =>
  base(label, 20)
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, 'Invalid IFSC Code. Format: ABCD0EFGHIJ'));

/** A bank account number: digits only, 6 to 20 of them (Indian banks use 9 to 18). */
export const accountNumber = (label: string) =>
  base(label, 40)
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6,20}$/, 'Invalid Account Number. Must be 6 to 20 digits.'));

/** A voter ID (EPIC) number: letters, digits and `/`, 6 to 20 of them, upper-cased. */
export const voterId = (label: string) =>
  base(label, 40)
    .transform((v) => v.replace(/\s/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9/]{6,20}$/, 'Invalid Voter ID Number. Use the letters and digits on the card.'));

/** India's date today (YYYY-MM-DD). */
const indiaToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/** A date of birth: a real day, in the past, after 1 January 1920. */
export const birthDate = (label: string) =>
  base(label, 10).pipe(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, `Please enter the ${label.toLowerCase()} as a date.`)
      .refine((v) => {
        const day = new Date(`${v}T00:00:00Z`);
        return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === v && v >= '1920-01-01' && v < indiaToday();
      }, `Please enter a real ${label.toLowerCase()}, in the past.`),
  );

/** One of `options`' keys. */
export const choice = (label: string, options: Readonly<Record<string, string>>) =>
  base(label, 40).pipe(z.string().refine((v) => Object.hasOwn(options, v), fillIn(label)));
