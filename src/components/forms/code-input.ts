import { latinDigits } from '../../lib/digits';

/** The attributes of a 6-digit one-time-code input: the phone's number pad and its autofill from SMS or mail. */
export const ONE_TIME_CODE_INPUT = {
  type: 'text',
  inputMode: 'numeric',
  autoComplete: 'one-time-code',
  // Latin or Devanagari digits, as a Hindi keyboard types them.
  pattern: '[0-9\u0966-\u096F]*',
  maxLength: 6,
  required: true,
} as const;

/**
 * The code as typed, read as the number the API takes (react-hook-form's `setValueAs`): Latin or
 * Devanagari digits, spaces around them ignored; anything else is NaN, which the schema refuses
 * with its message.
 */
export const codeAsNumber = (typed: unknown): number => {
  const text = String(typed ?? '').trim();
  return /^[0-9\u0966-\u096f]{1,6}$/.test(text) ? Number(latinDigits(text)) : NaN;
};
