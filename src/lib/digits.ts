/**
 * Digits as a Hindi keyboard types them (Devanagari ०–९) read as the Latin digits 0–9 every
 * number is stored and checked in. The shared field schemas run it first, so the browser's checks
 * and the functions agree on what a mobile number, an amount or a UTR typed in Hindi is.
 */

/** Any Devanagari digit (U+0966 ० to U+096F ९). */
const DEVANAGARI_DIGIT = /[\u0966-\u096f]/g;

/** `text` with every Devanagari digit written as its Latin digit ('९८२८' → '9828'); nothing else changes. */
export const latinDigits = (text: string): string => text.replace(DEVANAGARI_DIGIT, (digit) => String(digit.charCodeAt(0) - 0x0966));
