/**
 * Certificate numbers: the institute's short code, the year of issue and six characters drawn
 * from the operating system's cryptographic randomness (PCI-2027-7F3K9Q). Never a sequence, so
 * knowing one certificate's number tells nothing about another's; uniqueness is the database's
 * (certificates_number_key), and the issuer draws again on the rare collision.
 */
import { randomBytes } from 'node:crypto';
import site from '../../../content/site.json';
import { CERTIFICATE_ALPHABET, CERTIFICATE_RANDOM_LENGTH } from '../../../src/lib/schemas/certificate';

/** The institute's short code that starts every number (content/site.json `certificatePrefix`). */
export const CERTIFICATE_PREFIX: string = site.certificatePrefix;

// The largest multiple of the alphabet's length a byte can hold: bytes at or above it are drawn
// again, so that every character is equally likely (a plain `byte % 31` favours the first few).
const FAIR_LIMIT = 256 - (256 % CERTIFICATE_ALPHABET.length);

/** Six characters of CERTIFICATE_ALPHABET, each equally likely, from `random` (crypto's by default). */
export function randomPart(random: (size: number) => Uint8Array = randomBytes): string {
  let part = '';
  while (part.length < CERTIFICATE_RANDOM_LENGTH) {
    for (const byte of random(CERTIFICATE_RANDOM_LENGTH * 2)) {
      if (byte >= FAIR_LIMIT) continue;
      part += CERTIFICATE_ALPHABET[byte % CERTIFICATE_ALPHABET.length];
      if (part.length === CERTIFICATE_RANDOM_LENGTH) break;
    }
  }
  return part;
}

/** A new certificate number for a certificate issued on `issuedOn` (YYYY-MM-DD). */
export function newCertificateNumber(issuedOn: string, random?: (size: number) => Uint8Array): string {
  return `${CERTIFICATE_PREFIX}-${issuedOn.slice(0, 4)}-${randomPart(random)}`;
}
