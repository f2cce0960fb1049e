/** The pure parts of staff sign-in: sealed secrets, the session cookie, the code schema, recovery codes. */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seal, unseal } from '../../functions/_shared/platform/sealed';
import { CLEAR_COOKIE, hashSessionToken, sessionCookie, sessionToken } from '../../functions/_shared/auth/staff';
import { SecondFactorCodeSchema } from '../../src/lib/schemas/staff';

const key = new Uint8Array(randomBytes(32));
const requestWith = (cookie: string) => new Request('https://example.in/api/admin/me', { headers: { cookie } });

describe('sealed values', () => {
  it('open with the same key and context only, and never show the value', () => {
    const sealed = seal('JBSWY3DPEHPK3PXP', key, 'staff-totp:1');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(seal('JBSWY3DPEHPK3PXP', key, 'staff-totp:1')).not.toBe(sealed);
    expect(unseal(sealed, key, 'staff-totp:1')).toBe('JBSWY3DPEHPK3PXP');
    // Moved to another row, altered, or opened with another key: refused.
    expect(() => unseal(sealed, key, 'staff-totp:2')).toThrow();
    const [v, iv, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => unseal([v, iv, flipped.toString('base64url')].join('.'), key, 'staff-totp:1')).toThrow();
    expect(() => unseal(sealed, new Uint8Array(randomBytes(32)), 'staff-totp:1')).toThrow();
  });
});

describe('the staff session cookie', () => {
  const token = randomBytes(32).toString('base64url');

  it('is HttpOnly, Secure, SameSite=Strict, host-only and path /', () => {
    const cookie = sessionCookie(token, 600);
    expect(cookie).toBe(`__Host-staff=${token}; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=600`);
    expect(CLEAR_COOKIE).toMatch(/^__Host-staff=; .*Max-Age=0$/);
  });

  it('is read from among other cookies, and anything malformed is no session', () => {
    expect(sessionToken(requestWith(`theme=dark; __Host-staff=${token}; other=1`))).toBe(token);
    expect(sessionToken(requestWith(`staff=${token}`))).toBeNull();
    expect(sessionToken(requestWith('__Host-staff=short'))).toBeNull();
    expect(sessionToken(requestWith(`__Host-staff=${token.slice(0, 42)}'`))).toBeNull();
    expect(sessionToken(new Request('https://example.in/'))).toBeNull();
  });

  it('is kept as a SHA-256 only', () => {
    expect(hashSessionToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSessionToken(token)).not.toContain(token);
  });
});

describe('second-factor codes', () => {
  it('accept six digits or a recovery code, spaces and case aside', () => {
    expect(SecondFactorCodeSchema.parse(' 123 456 ')).toBe('123456');
    expect(SecondFactorCodeSchema.parse('K7M2P-X9QRT')).toBe('K7M2P-X9QRT');
    expect(SecondFactorCodeSchema.parse('k7m2p x9qrt')).toBe('k7m2px9qrt');
    for (const wrong of ['12345', '1234567', 'abcdef', '', 'k7m2p-x9qr']) expect(SecondFactorCodeSchema.safeParse(wrong).success, wrong).toBe(false);
  });
});
