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
