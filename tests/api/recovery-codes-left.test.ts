/**
 * How many recovery codes a member of staff has left: GET /api/admin/recovery-codes counts the
 * unused ones, a sign-in with a recovery code says '9 recovery codes left.', and at 3 or fewer
 * says to make new ones under Security.
 */
import { describe, expect, it } from 'vitest';
import { targets } from './helpers';
import { passwordStep, sessionCookieOf, signedInAdmin, staffFetch } from './staff';

describe.each(targets)('recovery codes left on $name', (target) => {
  it('counts down as codes are used, warning at 3 or fewer; only for a signed-in member of staff', async () => {
    const admin = await signedInAdmin(target, 'codes-left');
    const left = async (cookie: string) => (await (await staffFetch(target, '/api/admin/recovery-codes', cookie)).json()).recoveryCodesLeft;
    expect(await left(admin.cookie)).toBe(10);
    expect((await staffFetch(target, '/api/admin/recovery-codes', null)).status).toBe(401);

    const messages: string[] = [];
    let cookie = admin.cookie;
    for (const code of admin.recoveryCodes.slice(0, 7)) {
      const { cookie: pending } = await passwordStep(target, admin.staff);
      const res = await staffFetch(target, '/api/admin/verify', pending, { body: { code } });
      expect(res.status).toBe(200);
      messages.push((await res.json()).message);
      cookie = sessionCookieOf(res)!;
    }
    const name = admin.staff.name;
    expect(messages[0]).toBe(`Welcome back, ${name}! 9 recovery codes left.`);
    expect(messages[5]).toBe(`Welcome back, ${name}! 4 recovery codes left.`);
    expect(messages[6]).toBe(`Welcome back, ${name}! 3 recovery codes left: make new ones under Security before they run out.`);
    expect(await left(cookie)).toBe(3);
  });
});
