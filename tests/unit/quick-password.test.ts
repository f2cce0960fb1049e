import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../../functions/_shared/auth/password';
import { quickPasswordHash } from '../support/quick-password';

describe("the tests' quick password hashes", () => {
  it('are read by the real verification: the right password matches, a wrong one does not', async () => {
    const hash = await quickPasswordHash('Tally prime batch Sojat');
    expect(hash).toMatch(/^scrypt\$14\$1\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('Tally prime batch Sojat', hash)).toBe(true);
    expect(await verifyPassword('Tally prime batch sojat', hash)).toBe(false);
  });
});
