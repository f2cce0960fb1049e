/**
 * Field schemas shared by the forms (in the browser) and the functions (on the server), with
 * messages written for the person filling the form. No DOM or astro:* imports here.
 */
import { z } from './zod';
import { plainText, type PlainTextOptions } from './plain-text';

/**
 * What a person's name is made of: letters of any script with their combining marks (Devanagari
 * matras and viramas included, and the joiners some Indic spellings need), spaces, `.`, `'` and
 * `-`, beginning with a letter. No digits, `:` or `/`, so a name can never carry a link or a
 * message of someone else's making.
 */
// eslint-disable-next-line no-misleading-character-class -- the joiners stand alone in the class on purpose
export const NAME_PATTERN = /^\p{L}[\p{L}\p{M}\u200c\u200d .'’-]*$/u;

/** The message for a name with other characters. */
export const NAME_CHARACTERS_MESSAGE = "Please use only letters, spaces, full stops (.), apostrophes (') and hyphens (-) in the name.";

/** A person's name: 2–100 characters of NAME_PATTERN, spaces collapsed. */
export const NameSchema = z
  .string({ message: 'Please enter your name.' })
  .transform((v) => v.normalize('NFC').replace(/\s+/g, ' ').trim())
  .pipe(
    z
      .string()
      .check(plainText('your name'))
      .min(2, 'Please enter your name.')
      .max(100, 'Please shorten your name to 100 characters.')
      .regex(NAME_PATTERN, NAME_CHARACTERS_MESSAGE),
  );

/** An e-mail address, lower-cased. */
export const EmailSchema = z
  .string({ message: 'Please enter your e-mail address.' })
  .trim()
  .check(plainText('your e-mail address'))
  .toLowerCase()
  .max(254, 'This e-mail address is too long.')
  .pipe(z.email('Please enter a valid e-mail address, like name@example.com.'));

/**
 * An Indian mobile number, accepted with or without +91 / 91 / 0 and with spaces or dashes,
 * stored as `+91XXXXXXXXXX`.
 */
export const IndianMobileSchema = z
  .string({ message: 'Please enter your mobile number.' })
  .transform((v) => v.replace(/[\s()-]/g, ''))
  .transform((v) => v.replace(/^(\+91|91(?=\d{10}$)|0(?=\d{10}$))/, ''))
  .refine((v) => /^[6-9]\d{9}$/.test(v), 'Please enter a valid 10-digit Indian mobile number.')
  .transform((v) => `+91${v}`);

/**
 * Free text of a bounded length, trimmed; `label` names the field in the message. One line unless
 * `multiline` (a message, a note): no control characters either way (plain-text.ts).
 */
export const TextSchema = (label: string, min: number, max: number, { multiline = false }: PlainTextOptions = {}) =>
  z
    .string({ message: `Please enter ${label}.` })
    .trim()
    .check(plainText(label, { multiline }))
    .min(min, min <= 1 ? `Please enter ${label}.` : `Please write at least ${min} characters for ${label}.`)
    .max(max, `Please shorten ${label} to ${max} characters.`);

/** The hidden anti-spam field: people leave it empty. */
export const HoneypotSchema = z.string().max(200).optional();
