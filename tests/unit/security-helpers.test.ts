/** The pure helpers behind the API's defences: client addresses, secret strength, names, passwords. */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { limitKeyOf, truncatedAddress } from '../../functions/_shared/platform/client';
import { COMMON_PASSWORD, passwordProblem } from '../../functions/_shared/auth/password-policy';
import { secretWeakness } from '../../functions/_shared/platform/secret-strength';
import { NameSchema } from '../../src/lib/schemas/fields';

describe('client addresses', () => {
  it('counts IPv6 by its /64, however it is written, and IPv4 as it is', () => {
    const same = ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0DB8:0001:0002:0:0:0:9', '[2001:db8:1:2::5]', '2001:db8:1:2::1%eth0'];
    for (const address of same) expect(limitKeyOf(address), address).toBe('2001:db8:1:2::/64');
    expect(limitKeyOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(limitKeyOf('::1')).toBe('0:0:0:0::/64');
    expect(limitKeyOf('203.0.113.9')).toBe('203.0.113.9');
    expect(limitKeyOf('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(limitKeyOf('')).toBe('unknown');
  });

  it('keeps only a /24 or /48 for the security log', () => {
    expect(truncatedAddress('203.0.113.9')).toBe('203.0.113.0/24');
    expect(truncatedAddress('::ffff:203.0.113.9')).toBe('203.0.113.0/24');
    expect(truncatedAddress('2001:db8:1:2::1')).toBe('2001:db8:1::/48');
    expect(truncatedAddress('not an address')).toBe('unknown');
  });
});

describe('AUTH_SECRET strength', () => {
  it('accepts what openssl and crypto.randomBytes make', () => {
    for (let i = 0; i < 500; i++) {
      for (const secret of [
        randomBytes(32).toString('hex'),
        randomBytes(32).toString('base64'),
        randomBytes(32).toString('base64url'),
        randomBytes(48).toString('base64'),
      ]) {
        expect(secretWeakness(secret), secret).toBeNull();
      }
    }
  });

  it('refuses short, repetitive and made-up secrets', () => {
    expect(secretWeakness('x'.repeat(32))).toMatch(/too short/);
    expect(secretWeakness(randomBytes(16).toString('hex'))).toMatch(/too short/);
    expect(secretWeakness('a'.repeat(64))).toMatch(/variety/);
    expect(secretWeakness('my-super-secret-auth-key-for-the-institute-website-2026')).toMatch(/variety/);
    expect(secretWeakness('0123456789abcdef'.repeat(4))).toMatch(/repeats/);
    expect(secretWeakness(randomBytes(24).toString('base64url').repeat(2))).toMatch(/repeats|variety/);
  });
});

describe('names', () => {
  it("accepts letters of any script with their marks, spaces, . ' -", () => {
    for (const name of ['Asha Verma', 'आशा वर्मा', 'क्षितिज', 'ਹਰਪ੍ਰੀਤ ਕੌਰ', 'Anne-Marie O’Neil', "D'Souza Jr.", 'Zoë Ångström', 'محمد علي']) {
      expect(NameSchema.safeParse(name).success, name).toBe(true);
    }
    expect(NameSchema.parse('  Asha   Verma ')).toBe('Asha Verma');
  });

  it('refuses digits, links and punctuation with a message saying what a name may hold', () => {
    for (const name of ['URGENT refund pending visit http://evil.example', 'Asha 2', 'win: prize', 'a/b', '<b>x</b>', '-Asha', 'Asha!', 'x@y']) {
      const result = NameSchema.safeParse(name);
      expect(result.success, name).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("Please use only letters, spaces, full stops (.), apostrophes (') and hyphens (-) in the name.");
    }
  });
});

describe('new passwords', () => {
  it('refuses common and breached passwords, and ones built from the person’s own name or the institute’s', async () => {
    for (const password of ['password123', 'qwerty123', 'iloveyou', '12345678', 'sachin123', 'aaaaaaaa', 'abcd1234']) {
      expect(await passwordProblem(password), password).toBe(COMMON_PASSWORD);
    }
    expect(await passwordProblem('ashaverma2007', { name: 'Asha Verma' })).toBe(COMMON_PASSWORD);
    expect(await passwordProblem('Pragati@123')).toBe(COMMON_PASSWORD);
  });

  it('accepts a short sentence of one’s own', async () => {
    for (const password of ['mango trees by the well', 'a long passphrase', 'monsoon rain on tin roofs', 'Chai at 4 with Ravi!']) {
      expect(await passwordProblem(password), password).toBeNull();
    }
  });
});
