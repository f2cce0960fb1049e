/**
 * How much randomness a secret carries, judged from the secret alone (pure: no environment, no
 * I/O). A secret made by `openssl rand -base64 48` or `-hex 32` passes; a password, a phrase, a
 * repeated pattern or anything short fails. The estimate is generous to real random strings and
 * strict with made-up ones:
 * - bits = length × log2(size of the smallest usual alphabet holding every character:
 *   hex 16, base64/base64url 64, printable ASCII 95), at least `minBits`;
 * - variety: the characters' Shannon entropy is at least 3/4 of what a random string of that
 *   length and alphabet would show (rejects `aaaa…`, `abcabc…`, a word typed many times);
 * - no run of 8 characters appears twice (rejects a block pasted again and again).
 */

/** The problem with `secret`, or null when it carries at least `minBits` of randomness. */
export function secretWeakness(secret: string, minBits = 256): string | null {
  const alphabet = /^[0-9a-f]+$/i.test(secret) ? 16 : /^[A-Za-z0-9+/=_-]+$/.test(secret) ? 64 : 95;
  const bits = secret.length * Math.log2(alphabet);
  if (bits < minBits) return `it is too short (about ${Math.floor(bits)} bits; at least ${minBits} are needed)`;

  const counts = new Map<string, number>();
  for (const char of secret) counts.set(char, (counts.get(char) ?? 0) + 1);
  let entropy = 0;
  for (const n of counts.values()) entropy -= (n / secret.length) * Math.log2(n / secret.length);
  const expected = Math.log2(Math.min(alphabet, secret.length));
  if (entropy < 0.75 * expected) return 'it has too little variety to be random';

  const seen = new Set<string>();
  for (let i = 0; i + 8 <= secret.length; i += 1) {
    const run = secret.slice(i, i + 8);
    if (seen.has(run)) return 'it repeats itself';
    seen.add(run);
  }
  return null;
}

/** How to make a good secret, for error messages. */
export const MAKE_A_SECRET = 'make one with `openssl rand -base64 48` (or `node -e "console.log(crypto.randomBytes(48).toString(\'base64url\'))"`)';
