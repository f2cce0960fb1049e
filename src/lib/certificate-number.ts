/**
 * The shape of a certificate number (PCI-2027-7F3K9Q), without zod: the public pages read a typed
 * or scanned number with it before asking the server, and the schemas and functions share it.
 */

/**
 * The characters of a certificate number's random part: digits and capitals without the ones
 * people confuse when they read a printed number aloud or type it (0/O, 1/I/L). 31 characters,
 * six of them: 887 million numbers a year.
 */
export const CERTIFICATE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** How many random characters a number carries. */
export const CERTIFICATE_RANDOM_LENGTH = 6;

/** A certificate number in capitals: prefix, year of issue, random part (PCI-2027-7F3K9Q). */
export const CERTIFICATE_NUMBER = new RegExp(`^[A-Z]{2,8}-\\d{4}-[${CERTIFICATE_ALPHABET}]{${CERTIFICATE_RANDOM_LENGTH}}$`);

/** What a visitor is told when what they typed cannot be a certificate number. */
export const MALFORMED_NUMBER_MESSAGE = 'This is not a certificate number. A certificate number looks like PCI-2027-7F3K9Q.';

/** The number as it is stored (capitals, spaces around it ignored), or null when it cannot be a certificate number. */
export function normaliseCertificateNumber(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 40) return null;
  const number = value.trim().toUpperCase();
  return CERTIFICATE_NUMBER.test(number) ? number : null;
}
