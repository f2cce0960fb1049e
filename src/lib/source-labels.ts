/**
 * The sources a lead's visit is counted under (src/lib/schemas/attribution.ts), by name. Kept
 * apart from labels.ts (which reads content/) so that browser tests can import it as it is.
 */

const SOURCES: Record<string, string> = {
  direct: 'Direct visit',
  google: 'Google',
  bing: 'Bing',
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  whatsapp: 'WhatsApp',
  x: 'X (Twitter)',
  linkedin: 'LinkedIn',
};

/** Where a lead's visit came from, in words: 'google' → 'Google', 'direct' → 'Direct visit' (another site or UTM source as it is). */
export const sourceLabel = (key: string | null | undefined) => (key ? (Object.hasOwn(SOURCES, key) ? SOURCES[key]! : key) : '');
