/**
 * Where a visit came from, sent with a public form (the visitor has agreed to be contacted): the
 * UTM parameters of the first page, the referring site (its host only: a full address can carry
 * someone's data) and the path of the first page. Every part is optional and bounded; anything
 * odd is dropped rather than refused, since the visitor cannot correct it.
 */
import { z } from './zod';
import { strippedText } from './plain-text';

/** The first `max` UTF-16 units of `v`, without cutting an emoji's surrogate pair in half. */
const cut = (v: string, max: number) => v.slice(0, max).replace(/[\ud800-\udbff]$/, '');

/** One part: trimmed, at most `max` characters, control and broken characters removed; empty counts as none. */
const part = (max: number) =>
  z
    .unknown()
    .transform((v) => (typeof v === 'string' ? cut(strippedText(v).trim(), max) : ''))
    .transform((v) => v || undefined);

/** The attribution of a visit. */
export const AttributionSchema = z
  .object({
    /** `utm_source`, e.g. facebook. */
    utmSource: part(100),
    /** `utm_medium`, e.g. cpc. */
    utmMedium: part(100),
    /** `utm_campaign`. */
    utmCampaign: part(150),
    /** `utm_term`. */
    utmTerm: part(150),
    /** `utm_content`. */
    utmContent: part(150),
    /** The referring site's host, e.g. www.google.com (another site only). */
    referrer: part(253).transform((v) => (v && /^[a-z0-9.-]+(:\d+)?$/i.test(v) ? v.toLowerCase() : undefined)),
    /** The path of the first page of the visit, e.g. /coursePage. */
    landingPage: part(300).transform((v) => (v?.startsWith('/') ? v : undefined)),
  })
  .partial()
  .optional()
  .catch(undefined);

export type Attribution = NonNullable<z.output<typeof AttributionSchema>>;

/** Referring sites people know by name: a host that ends with the key counts as that source. */
const KNOWN_REFERRERS: [RegExp, string][] = [
  [/(^|\.)google\.[a-z.]+$/, 'google'],
  [/(^|\.)bing\.com$/, 'bing'],
  [/(^|\.)(facebook\.com|fb\.com|fb\.me)$/, 'facebook'],
  [/(^|\.)instagram\.com$/, 'instagram'],
  [/(^|\.)(youtube\.com|youtu\.be)$/, 'youtube'],
  [/(^|\.)(whatsapp\.com|wa\.me)$/, 'whatsapp'],
  [/(^|\.)(t\.co|twitter\.com|x\.com)$/, 'x'],
  [/(^|\.)linkedin\.com$/, 'linkedin'],
];

/**
 * The source a lead is counted under: the UTM source (lower-cased), else the referring site's
 * name (google, facebook, … or the host without `www.`), else 'direct'.
 */
export function channelOf(attribution: Attribution | undefined): string {
  const utm = attribution?.utmSource ? cut(attribution.utmSource.toLowerCase(), 60) : undefined;
  if (utm) return utm;
  const host = attribution?.referrer?.replace(/:\d+$/, '');
  if (!host) return 'direct';
  const known = KNOWN_REFERRERS.find(([pattern]) => pattern.test(host));
  return known ? known[1] : host.replace(/^www\./, '').slice(0, 60);
}
