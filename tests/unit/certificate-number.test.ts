/** Certificate numbers: their shape, the alphabet without look-alikes, fair and unguessable draws, and how a typed number is read. */
import { describe, expect, it } from 'vitest';
import { CERTIFICATE_PREFIX, newCertificateNumber, randomPart } from '../../functions/_shared/classes/certificate-number';
import { CERTIFICATE_ALPHABET, normaliseCertificateNumber } from '../../src/lib/schemas/certificate';

/** A source of "random" bytes that hands out `bytes` in turn. */
const fixed = (bytes: number[]) => {
  let i = 0;
  return (size: number) => Uint8Array.from({ length: size }, () => bytes[i++ % bytes.length]!);
};

describe('the certificate number', () => {
  it('is the institute’s code, the year of issue and six characters of the alphabet', () => {
    expect(CERTIFICATE_PREFIX).toBe('PCI');
    expect(newCertificateNumber('2027-03-31')).toMatch(new RegExp(`^PCI-2027-[${CERTIFICATE_ALPHABET}]{6}$`));
  });

  it('has no character people confuse (0/O, 1/I/L) and no character twice', () => {
    for (const lookAlike of ['0', 'O', '1', 'I', 'L']) expect(CERTIFICATE_ALPHABET).not.toContain(lookAlike);
    expect(new Set(CERTIFICATE_ALPHABET).size).toBe(CERTIFICATE_ALPHABET.length);
    expect(CERTIFICATE_ALPHABET).toMatch(/^[2-9A-Z]+$/);
  });

  it('maps bytes onto the alphabet fairly: bytes past the last whole multiple of 31 are drawn again', () => {
    // 248 = 8 × 31: 248–255 would favour the first eight characters, so they are skipped.
    expect(randomPart(fixed([248, 255, 0, 1, 30, 31, 62, 247]))).toBe(
      `${CERTIFICATE_ALPHABET[0]}${CERTIFICATE_ALPHABET[1]}${CERTIFICATE_ALPHABET[30]}${CERTIFICATE_ALPHABET[0]}${CERTIFICATE_ALPHABET[0]}${CERTIFICATE_ALPHABET[30]}`,
    );
    // A source that keeps giving unusable bytes is asked again until six characters are drawn.
    expect(randomPart(fixed([250, 251, 252, 253, 254, 255, 250, 251, 252, 253, 254, 255, 5]))).toBe(CERTIFICATE_ALPHABET[5]!.repeat(6));
  });

  it('draws from crypto randomness: 2,000 numbers all different, every character used about equally', () => {
    const parts = Array.from({ length: 2000 }, () => randomPart());
    expect(new Set(parts).size).toBe(2000);
    const counts = new Map<string, number>();
    for (const c of parts.join('')) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(CERTIFICATE_ALPHABET.length);
    // 12,000 characters over 31: about 387 each; far outside 250–530 is a biased draw.
    for (const n of counts.values()) {
      expect(n).toBeGreaterThan(250);
      expect(n).toBeLessThan(530);
    }
  });

  it('reads a typed number in any case, with spaces around it; refuses what cannot be one', () => {
    expect(normaliseCertificateNumber(' pci-2027-7f3k9q ')).toBe('PCI-2027-7F3K9Q');
    for (const bad of ['PCI-2027-7F3K9', 'PCI-2027-7F3K9QQ', 'PCI-27-7F3K9Q', 'PCI-2027-0O1IL2', 'PCI 2027 7F3K9Q', '', 'x'.repeat(100), 42, null]) {
      expect(normaliseCertificateNumber(bad), String(bad)).toBeNull();
    }
  });
});
