/** Hindi names in Latin letters, and the key name searches compare (src/lib/transliterate.ts). */
import { describe, expect, it } from 'vitest';
import { hasDevanagari, nameKey, toLatin } from '../../src/lib/transliterate';

describe('toLatin', () => {
  it.each([
    ['शर्मा', 'sharma'],
    ['सुनीता', 'sunita'],
    ['राम', 'ram'],
    ['कुमार', 'kumar'],
    ['वर्मा', 'varma'],
    ['मोहन', 'mohan'],
    ['अजय', 'ajay'],
    ['महेश', 'mahesh'],
    ['यादव', 'yadav'],
    ['आशा', 'asha'],
    ['पूजा', 'puja'],
  ])('writes %s as %s', (hindi, latin) => {
    expect(toLatin(hindi)).toBe(latin);
  });

  it('leaves out the unspoken "a" between syllables, but not after a closed syllable', () => {
    expect(toLatin('कमला')).toBe('kamla');
    expect(toLatin('राजकुमार')).toBe('rajkumar');
    expect(toLatin('अंजलि')).toBe('anjali');
  });

  it('keeps the final "a" after joined consonants', () => {
    expect(toLatin('नरेंद्र')).toBe('narendra');
    expect(toLatin('कृष्ण')).toBe('krishna');
    expect(toLatin('प्रिया')).toBe('priya');
    expect(toLatin('लक्ष्मी')).toBe('lakshmi');
  });

  it('sounds nasals by what follows, and reads ज्ञ and the nukta letters as names are written', () => {
    expect(toLatin('सिंह')).toBe('singh');
    expect(toLatin('गंगा')).toBe('ganga');
    expect(toLatin('चंपा')).toBe('champa');
    expect(toLatin('ज्ञान')).toBe('gyan');
    // Precomposed (U+095B) and decomposed (ज + nukta) alike.
    expect(toLatin('\u095Bाकिर')).toBe('zakir');
    expect(toLatin('ज\u093Cाकिर')).toBe('zakir');
  });

  it('writes every word of a full name, and leaves Latin text and spaces as they are', () => {
    expect(toLatin('सुनीता शर्मा')).toBe('sunita sharma');
    expect(toLatin('Ravi कुमार')).toBe('Ravi kumar');
    expect(toLatin('१२')).toBe('12');
  });
});

describe('nameKey', () => {
  it('gives a Hindi name and its usual English spelling the same key', () => {
    const pairs: [string, string][] = [
      ['शर्मा', 'Sharma'],
      ['सुनीता', 'Suneeta'],
      ['वर्मा', 'Verma'],
      ['लक्ष्मी', 'Laxmi'],
      ['पूजा', 'Pooja'],
      ['मीना', 'Meena'],
      ['अजय', 'Ajay'],
      ['सुनीता शर्मा', 'Sunita  SHARMA'],
    ];
    for (const [hindi, english] of pairs) expect(nameKey(hindi), `${hindi} / ${english}`).toBe(nameKey(english));
  });

  it('is lower-case, without accents or punctuation, with single spaces', () => {
    expect(nameKey('  S. Śarmā-Verma ')).toBe('s sarma varma');
    expect(nameKey('!!')).toBe('');
  });

  it('finds a part of a name inside the key of the whole name', () => {
    expect(nameKey('सुनीता शर्मा')).toContain(nameKey('sharma'));
    expect(nameKey('Sunita Sharma')).toContain(nameKey('शर्मा'));
    expect(nameKey('Ravi Kumar Verma')).toContain(nameKey('वर्मा'));
  });

  it('tells two different names apart', () => {
    expect(nameKey('शर्मा')).not.toBe(nameKey('Verma'));
    expect(nameKey('राम')).not.toBe(nameKey('Shyam'));
  });
});

describe('hasDevanagari', () => {
  it('is true for text with any Devanagari only', () => {
    expect(hasDevanagari('Ravi कुमार')).toBe(true);
    expect(hasDevanagari('Ravi Kumar')).toBe(false);
  });
});
