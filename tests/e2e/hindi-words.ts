/**
 * What may stay in Latin letters on a Hindi page: whatever content/ keeps the same in both
 * languages (names of people and of the institute, course names and codes, phone numbers, e-mail
 * addresses: every plain string of content/*.json outside an { "en", "hi" } pair), and a short
 * list of words Hindi readers use as they are. Anything else in English letters is a word not yet
 * written in Hindi.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const contentDir = path.resolve(import.meta.dirname, '../../content');

/** Words written in Latin letters in Hindi text, as people write them. */
const USED_AS_THEY_ARE = [
  'OTP',
  'UPI',
  'PDF',
  'QR',
  'ID',
  'PAN',
  'GST',
  'GSTIN',
  'UTR',
  'IFSC',
  'SMS',
  'WhatsApp',
  'Google',
  'Play',
  'YouTube',
  'Facebook',
  'Instagram',
  'LinkedIn',
  'X',
  'JPG',
  'JPEG',
  'PNG',
  'KB',
  'MB',
  'AM',
  'PM',
  'Rs',
  'RS',
  'CIT',
  'CCC',
  'NIELIT',
  'IIBF',
  'CSC',
  'BBA',
  'BCA',
  'MBA',
  'MCA',
  'BA',
  'MA',
  'BSc',
  'MSc',
  'BCom',
  'MCom',
  'DCA',
  'PGDCA',
  'ADCA',
  'Tally',
  'Prime',
  'ERP',
  'MS',
  'Office',
  'Excel',
  'Word',
  'PowerPoint',
  'NIOS',
  'RSOS',
  'RKCL',
  'IT',
  'DPDP',
  'Aadhaar',
  'Jan',
  'E',
  'Mitra',
  'e',
  'Pvt',
  'Ltd',
  'Maps',
  'IoT',
  'Kbps',
  'WebP',
  'www',
  'com',
  'in',
];

/** Every plain string of a content value that is not half of an { en, hi } pair. */
function plainStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(plainStrings);
  if (value && typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === 2 && keys.includes('en') && keys.includes('hi')) return [];
    return Object.values(value).flatMap(plainStrings);
  }
  return [];
}

/** The Latin-letter words allowed on a Hindi page, lower-cased. */
export function allowedLatinWords(): Set<string> {
  const words = new Set(USED_AS_THEY_ARE.map((w) => w.toLowerCase()));
  for (const file of readdirSync(contentDir).filter((f) => f.endsWith('.json'))) {
    const data: unknown = JSON.parse(readFileSync(path.join(contentDir, file), 'utf8'));
    for (const text of plainStrings(data)) {
      // Paths, file names, addresses and keys are never shown as words.
      if (/^(\/|\.\/|https?:|mailto:|tel:|upi:)|\.(pdf|jpe?g|png|webp|svg|mp4)$/i.test(text) || /^[a-z0-9_.-]+$/.test(text)) continue;
      for (const word of text.match(/[A-Za-z]+/g) ?? []) words.add(word.toLowerCase());
    }
  }
  return words;
}

/**
 * The words of `text` in Latin letters that are not allowed: e-mail and web addresses left out, and
 * abbreviations in capitals (UGC, KYC, SSO), which Hindi writes as they are.
 */
export function englishWords(text: string, allowed: Set<string>): string[] {
  const stripped = text.replace(/\S+@\S+|https?:\/\/\S+|www\.\S+/g, ' ');
  return [...new Set((stripped.match(/[A-Za-z]{2,}/g) ?? []).filter((word) => !/^[A-Z]+$/.test(word) && !allowed.has(word.toLowerCase())))];
}
