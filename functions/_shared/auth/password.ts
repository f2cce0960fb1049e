/**
 * Password hashing (OWASP ASVS L2, V2.4): scrypt from node:crypto with N = 2^17, r = 8, p = 1,
 * a random 16-byte salt, a 32-byte result, stored with its parameters as
 * `scrypt$17$8$1$<salt, base64url>$<hash, base64url>` so stronger settings can come later without
 * breaking stored hashes. Comparison is constant-time.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const LOG_N = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
/** scrypt needs 128 · N · r bytes (128 MiB here); Node's default ceiling is 32 MiB. */
const MAX_MEMORY = 256 * 1024 * 1024;

function scryptAsync(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Hashes a new password. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, KEY_LENGTH, { N: 2 ** LOG_N, r: R, p: P, maxmem: MAX_MEMORY });
  return ['scrypt', LOG_N, R, P, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/**
 * True when `password` matches `encoded`. A malformed or implausible stored value (parameters
 * outside sane bounds, which could make one login cost minutes) never matches.
 */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [logN, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![logN, r, p].every(Number.isInteger) || logN < 14 || logN > 18 || r < 1 || r > 8 || p < 1 || p > 4) return false;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (salt.length < 16 || expected.length < 16) return false;
  const actual = await scryptAsync(password, salt, expected.length, { N: 2 ** logN, r, p, maxmem: 2 * 128 * 2 ** logN * r });
  return timingSafeEqual(actual, expected);
}

/**
 * A hash of a random password nobody knows, with the current parameters: a login for an unknown
 * e-mail is checked against it, so it takes as long as a login with a wrong password.
 */
export const DUMMY_HASH = 'scrypt$17$8$1$ugyEhZfWkuEtPhe3wM8XrA$tvBojXx2Kvsa1wXeUdplj-DRKdMBDFyw-_UQK7wJm4E';
