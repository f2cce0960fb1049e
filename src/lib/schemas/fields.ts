/**
 * Field schemas shared by the forms (in the browser) and the functions (on the server), with
 * messages written for the person filling the form, in the language of the page (or of the
 * request): each message is made when a value is checked, never when the schema is built. No DOM
 * or astro:* imports here.
 */
import { z } from './zod';
import { plainText, type PlainTextOptions } from './plain-text';
import { say, type Words } from './words';
import { latinDigits } from '../digits';
import {
  validation_email_invalid,
  validation_email_required,
  validation_email_too_long,
  validation_label_your_email,
  validation_label_your_name,
  validation_mobile_invalid,
  validation_mobile_required,
  validation_name_characters,
  validation_name_required,
  validation_name_too_long,
  validation_text_required,
  validation_text_too_long,
  validation_text_too_short,
} from '../../i18n/messages';

/**
 * What a person's name is made of: letters of any script with their combining marks (Devanagari
 * matras and viramas included, and the joiners some Indic spellings need), spaces, `.`, `'` and
 * `-`, beginning with a letter. No digits, `:` or `/`, so a name can never carry a link or a
 * message of someone else's making.
 */
// eslint-disable-next-line no-misleading-character-class -- the joiners stand alone in the class on purpose
export const NAME_PATTERN = /^\p{L}[\p{L}\p{M}\u200c\u200d .'’-]*$/u;

/** The message for a name with other characters (the spec's English; nameCharactersMessage() is the page's language). */
export const NAME_CHARACTERS_MESSAGE = "Please use only letters, spaces, full stops (.), apostrophes (') and hyphens (-) in the name.";

/** The message for a name with other characters, in the language of the page or request. */
export const nameCharactersMessage = () => validation_name_characters();

/** A person's name: 2–100 characters of NAME_PATTERN, spaces collapsed. */
export const NameSchema = z
  .string({ error: () => validation_name_required() })
  .transform((v) => v.normalize('NFC').replace(/\s+/g, ' ').trim())
  .pipe(
    z
      .string()
      .check(plainText(() => validation_label_your_name()))
      .min(2, { error: () => validation_name_required() })
      .max(100, { error: () => validation_name_too_long() })
      .regex(NAME_PATTERN, { error: nameCharactersMessage }),
  );

/** An e-mail address, lower-cased. */
export const EmailSchema = z
  .string({ error: () => validation_email_required() })
  .trim()
  .check(plainText(() => validation_label_your_email()))
  .toLowerCase()
  .max(254, { error: () => validation_email_too_long() })
  .pipe(z.email({ error: () => validation_email_invalid() }));

/**
 * An Indian mobile number, accepted with or without +91 / 91 / 0, with spaces or dashes and in
 * Devanagari digits (as a Hindi keyboard types them), stored as `+91XXXXXXXXXX`.
 */
export const IndianMobileSchema = z
  .string({ error: () => validation_mobile_required() })
  .transform((v) => latinDigits(v).replace(/[\s()-]/g, ''))
  .transform((v) => v.replace(/^(\+91|91(?=\d{10}$)|0(?=\d{10}$))/, ''))
  .refine((v) => /^[6-9]\d{9}$/.test(v), { error: () => validation_mobile_invalid() })
  .transform((v) => `+91${v}`);

/**
 * Free text of a bounded length, trimmed; `label` names the field in the message (a message
 * function names it in the page's language). One line unless `multiline` (a message, a note): no
 * control characters either way (plain-text.ts).
 */
export const TextSchema = (label: Words, min: number, max: number, { multiline = false }: PlainTextOptions = {}) => {
  const required = () => validation_text_required({ label: say(label) });
  return z
    .string({ error: required })
    .trim()
    .check(plainText(label, { multiline }))
    .min(min, { error: min <= 1 ? required : () => validation_text_too_short({ label: say(label), min }) })
    .max(max, { error: () => validation_text_too_long({ label: say(label), max }) });
};

/** The hidden anti-spam field: people leave it empty. */
export const HoneypotSchema = z.string().max(200).optional();
