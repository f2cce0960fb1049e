/**
 * Names in Devanagari written in Latin letters, and the Latin key that name searches compare, so
 * that "sharma" finds शर्मा and "शर्मा" finds Sharma.
 *
 * `toLatin` spells Hindi names the way people in India write them in English (शर्मा → sharma,
 * सुनीता → sunita, राम → ram): long and short vowels alike (ā → a, ī → i), and the inherent "a"
 * that Hindi does not pronounce left out (at the end of a word, and between two syllables as in
 * कमला → kamla). It is not a scholarly romanisation: it is what staff type.
 *
 * `nameKey` is what is stored beside each name (`name_latin`) and what a search text is turned
 * into: the Latin spelling, lower-case, without accents, with the spellings people use
 * interchangeably made one (ee/i, oo/u, w/v, ph/f, x/ksh, "Verma"/"Varma", "-ay"/"-ai"). Both sides
 * of a comparison go through it, so the rules only need to agree with themselves.
 */

/** Consonants (the inherent vowel not included). */
const CONSONANTS: Record<string, string> = {
  क: 'k',
  ख: 'kh',
  ग: 'g',
  घ: 'gh',
  ङ: 'n',
  च: 'ch',
  छ: 'chh',
  ज: 'j',
  झ: 'jh',
  ञ: 'n',
  ट: 't',
  ठ: 'th',
  ड: 'd',
  ढ: 'dh',
  ण: 'n',
  त: 't',
  थ: 'th',
  द: 'd',
  ध: 'dh',
  न: 'n',
  प: 'p',
  फ: 'ph',
  ब: 'b',
  भ: 'bh',
  म: 'm',
  य: 'y',
  र: 'r',
  ल: 'l',
  ळ: 'l',
  व: 'v',
  श: 'sh',
  ष: 'sh',
  स: 's',
  ह: 'h',
};
/** Consonants with a nukta (the dot below), as Urdu and English loanwords write them. */
const NUKTA: Record<string, string> = { क: 'q', ख: 'kh', ग: 'g', ज: 'z', ड: 'r', ढ: 'rh', फ: 'f', य: 'y' };
/** Vowels written as letters of their own (at the start of a word or after another vowel). */
const VOWELS: Record<string, string> = {
  अ: 'a',
  आ: 'a',
  इ: 'i',
  ई: 'i',
  उ: 'u',
  ऊ: 'u',
  ऋ: 'ri',
  ए: 'e',
  ऐ: 'ai',
  ओ: 'o',
  औ: 'au',
  ऑ: 'o',
  ऍ: 'e',
};
/** Vowel signs (matras) after a consonant. */
const SIGNS: Record<string, string> = {
  'ा': 'a',
  'ि': 'i',
  'ी': 'i',
  'ु': 'u',
  'ू': 'u',
  'ृ': 'ri',
  'े': 'e',
  'ै': 'ai',
  'ो': 'o',
  'ौ': 'au',
  'ॉ': 'o',
  'ॅ': 'e',
};
const VIRAMA = '्';
const NUKTA_SIGN = '़';
const ANUSVARA = 'ं';
const CHANDRABINDU = 'ँ';
const VISARGA = 'ः';
const DIGITS = '०१२३४५६७८९';
/** Any Devanagari letter or sign. */
const DEVANAGARI = /[\u0900-\u097F]/;

/** One syllable of a word: its consonants' sound, its vowel, and what follows the vowel. */
interface Unit {
  consonant: string;
  /** The vowel sounded; '' after a virama (the consonant joins the next). */
  vowel: string;
  /** True when the vowel is the unwritten "a" every consonant carries. */
  inherent: boolean;
  /** A nasal (anusvara, chandrabindu) or visarga after the vowel. */
  coda: '' | 'nasal' | 'h';
}

/** The syllables of one Devanagari word. */
function unitsOf(word: string): Unit[] {
  const units: Unit[] = [];
  const chars = [...word];
  for (let i = 0; i < chars.length; i += 1) {
    const c = chars[i]!;
    const last = units[units.length - 1];
    if (c in CONSONANTS) {
      let consonant = CONSONANTS[c]!;
      if (chars[i + 1] === NUKTA_SIGN) {
        consonant = NUKTA[c] ?? consonant;
        i += 1;
      }
      // ज्ञ is said (and written in names) "gy": ज्ञान → gyan.
      if (c === 'ज' && chars[i + 1] === VIRAMA && chars[i + 2] === 'ञ') {
        consonant = 'gy';
        i += 2;
      }
      units.push({ consonant, vowel: 'a', inherent: true, coda: '' });
    } else if (c in SIGNS && last && last.inherent) {
      last.vowel = SIGNS[c]!;
      last.inherent = false;
    } else if (c === VIRAMA && last && last.inherent) {
      last.vowel = '';
      last.inherent = false;
    } else if (c in VOWELS) {
      units.push({ consonant: '', vowel: VOWELS[c]!, inherent: false, coda: '' });
    } else if ((c === ANUSVARA || c === CHANDRABINDU) && last) {
      last.coda = 'nasal';
    } else if (c === VISARGA && last) {
      last.coda = 'h';
    } else if (DIGITS.includes(c)) {
      units.push({ consonant: String(DIGITS.indexOf(c)), vowel: '', inherent: false, coda: '' });
    }
    // Anything else (a stray sign, the nukta alone, an avagraha) has no sound of its own.
  }
  return units;
}

/** True when `unit` is a consonant that sounds a vowel of its own (so a syllable starts there). */
const isSyllable = (unit: Unit | undefined) => unit !== undefined && unit.consonant !== '' && unit.vowel !== '';

/**
 * Leaves out the inherent "a" Hindi does not pronounce: at the end of a word after a single
 * consonant (राम → ram, but मित्र → mitra), and, from the end backwards, in a syllable between a
 * sounded vowel and a consonant with its own vowel (कमला → kamla, राजकुमार → rajkumar), unless
 * the syllable before ends in a consonant sound itself (अंजलि → anjali).
 */
function deleteSchwas(units: Unit[]): void {
  const n = units.length;
  const final = units[n - 1];
  const beforeFinal = units[n - 2];
  if (n > 1 && final?.inherent && final.coda === '' && beforeFinal && beforeFinal.vowel !== '') final.vowel = '';
  for (let i = n - 2; i >= 1; i -= 1) {
    const unit = units[i]!;
    if (!unit.inherent || unit.vowel === '' || unit.coda !== '' || unit.consonant === '') continue;
    // After a closed syllable (अंजलि: "an") leaving it out would join three consonants: kept.
    const before = units[i - 1]!;
    if (before.vowel !== '' && before.coda === '' && isSyllable(units[i + 1])) unit.vowel = '';
  }
}

/** How a nasal sounds before the consonant that follows it: m before p/b, "ng" before h (सिंह → singh), else n. */
function nasalBefore(next: Unit | undefined): string {
  const c = next?.consonant ?? '';
  if (/^(p|ph|b|bh|m)$/.test(c)) return 'm';
  if (c === 'h' && next !== undefined) return 'ng';
  return 'n';
}

/** One Devanagari word in Latin letters. */
function wordToLatin(word: string): string {
  const units = unitsOf(word);
  deleteSchwas(units);
  return units
    .map((unit, i) => {
      const coda = unit.coda === 'nasal' ? nasalBefore(units[i + 1]) : unit.coda;
      return `${unit.consonant}${unit.vowel}${coda}`;
    })
    .join('');
}

/** `text` with every run of Devanagari written in Latin letters (lower-case); other text is left as it is. */
export function toLatin(text: string): string {
  // NFC also splits the precomposed nukta letters (क़ … य़) into letter and nukta, as handled above.
  return text.normalize('NFC').replace(/[\u0900-\u097F]+/g, wordToLatin);
}

/** Spelling variants made one, in order (each applies to the result of those before). */
const VARIANTS: [RegExp, string][] = [
  [/x/g, 'ksh'],
  [/w/g, 'v'],
  [/ph/g, 'f'],
  [/z/g, 'j'],
  [/q/g, 'k'],
  [/c(?!h)/g, 'k'],
  [/ee|ii/g, 'i'],
  [/oo|uu/g, 'u'],
  [/aa/g, 'a'],
  [/ou/g, 'au'],
  // Verma / Varma, Sherma / Sharma: a short "a" before r and another consonant is often written "e".
  [/er(?=[bcdfghjklmnpqrstvxyz])/g, 'ar'],
  // Chaudhary / Chaudhari, Sanjay / Sanjai at the end of a word.
  [/([a-z])y\b/g, '$1i'],
  // Doubled consonants (Sharrma, Pappu / Papu).
  [/([bcdfghjklmnpqrstvxz])\1/g, '$1'],
];

/**
 * The key a name is searched by: its Latin spelling (Devanagari transliterated), lower-case,
 * accents and punctuation gone, spaces single, common spelling variants made one. Empty when
 * `text` has no letter or digit.
 */
export function nameKey(text: string): string {
  let key = toLatin(text)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  for (const [pattern, replacement] of VARIANTS) key = key.replace(pattern, replacement);
  return key;
}

/** True when `text` holds any Devanagari. */
export const hasDevanagari = (text: string) => DEVANAGARI.test(text);
