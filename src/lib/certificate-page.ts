/**
 * What the public certificate pages share in the browser: the number from the address or from
 * what a visitor typed (a pasted verification address too), and asking the server about it.
 * Types only from the shared schemas, so no zod reaches the pages.
 */
import { MALFORMED_NUMBER_MESSAGE, normaliseCertificateNumber } from './certificate-number';
import type { PublicCertificate } from './schemas/certificate';
import { routeParam } from './route-param';
import { languageHeaders } from './api';

export { MALFORMED_NUMBER_MESSAGE };

/** What the server said about a number. */
export type Lookup =
  | { kind: 'found'; certificate: PublicCertificate }
  | { kind: 'missing'; message: string }
  | { kind: 'malformed'; message: string }
  | { kind: 'refused'; message: string };

/** The number a visitor typed or pasted (a bare number, or an address ending in /certificate/{number}), or null. */
export function typedNumber(value: string): string | null {
  const fromAddress = /\/certificate\/([^/?#\s]+)/i.exec(value);
  return normaliseCertificateNumber(fromAddress ? decodeURIComponent(fromAddress[1]!) : value);
}

/** The number of the address /certificate/{number}[/print], as typed there (not yet checked). */
export const numberInAddress = (): string => routeParam('/certificate/').replace(/\/print$/i, '');

/** What is said of a number that finds nothing: English here; a page gives its own language's. */
export interface LookupWords {
  missing: string;
  malformed: string;
}

/** The English of LookupWords, as the spec says it. */
export const LOOKUP_WORDS: LookupWords = { missing: 'No certificate has this number.', malformed: MALFORMED_NUMBER_MESSAGE };

/** Asks GET /api/certificate/{number}; rejects only when the server cannot be reached or fails. */
export async function lookUp(number: string, words: LookupWords = LOOKUP_WORDS): Promise<Lookup> {
  const valid = normaliseCertificateNumber(number);
  if (!valid) return { kind: 'malformed', message: words.malformed };
  const response = await fetch(`/api/certificate/${encodeURIComponent(valid)}`, { headers: { accept: 'application/json', ...languageHeaders() } });
  if (response.ok) return { kind: 'found', certificate: (await response.json()) as PublicCertificate };
  const message = ((await response.json().catch(() => ({}))) as { message?: string }).message ?? '';
  if (response.status === 404) return { kind: 'missing', message: words.missing };
  if (response.status === 400) return { kind: 'malformed', message: words.malformed };
  if (response.status === 429) return { kind: 'refused', message };
  throw new Error(`certificate ${valid}: HTTP ${response.status}`);
}

/** A day (YYYY-MM-DD) written out in `locale`: '31 March 2027', '31 मार्च 2027'. */
export function longDay(day: string, locale = 'en-IN'): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}
