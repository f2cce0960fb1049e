/**
 * Staff sign-in: password, then the authenticator (enrolled with a QR code at the first sign-in,
 * each code once, recovery codes once each, wrong codes limited), a session cookie no script can
 * read that ends on the server (sign out, sign out everywhere, idle and absolute timeouts, a
 * disabled account), and nothing accepted from a student's token.
 */
import { describe, expect, it } from 'vitest';
import { IDLE_MINUTES } from '../../functions/_shared/auth/staff';
import { RECOVERY_CODE_COUNT } from '../../functions/_shared/auth/totp';
import { LIMITS } from '../../functions/_shared/platform/limits';
import { createAccount, login } from './accounts';
import type { Target } from './global-setup';
import { db, newClientIp, targets } from './helpers';
import { createStaffAccount, passwordStep, sessionCookieOf, signedInAdmin, staffFetch, totp } from './staff';

const me = (target: Target, cookie: string | null) => staffFetch(target, '/api/admin/me', cookie);
const verify = (target: Target, cookie: string, code: string) => staffFetch(target, '/api/admin/verify', cookie, { body: { code } });

describe.each(targets)('staff sign-in on $name', (target) => {
  it('refuses a wrong password and an unknown address alike, and sets no cookie', async () => {
    const staff = await createStaffAccount(target, 'wrong');
    const ip = newClientIp();
    const wrong = await staffFetch(target, '/api/admin/login', null, { body: { email: staff.email, password: 'not it at all' }, ip });
    const unknown = await staffFetch(target, '/api/admin/login', null, { body: { email: `nobody.${Date.now()}@example.in`, password: 'not it at all' }, ip });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(await wrong.json()).toEqual(await unknown.json());
    expect(sessionCookieOf(wrong)).toBeNull();
    const invalid = await staffFetch(target, '/api/admin/login', null, { body: { email: 'not an address', password: '' } });
    expect(invalid.status).toBe(400);
    expect(Object.keys((await invalid.json()).errors).sort()).toEqual(['email', 'password']);
  });

  it('enrols the authenticator at the first sign-in with a QR code, then signs in under a new cookie', async () => {
    const staff = await createStaffAccount(target, 'first');
    const res = await staffFetch(target, '/api/admin/login', null, { body: { email: staff.email.toUpperCase(), password: staff.password } });
    expect(res.status).toBe(200);
    expect((await res.json()).next).toBe('enrol');
    const header = res.headers.getSetCookie().find((c) => c.startsWith('__Host-staff='))!;
    for (const attribute of ['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/']) expect(header).toContain(attribute);
    expect(header).not.toMatch(/Domain=/i);
    const pending = sessionCookieOf(res)!;

    // Half signed in: it may see where it stands, and nothing else.
    expect(await (await me(target, pending)).json()).toMatchObject({ stage: 'enrol', staff: { email: staff.email } });
    expect((await staffFetch(target, '/api/admin/logout-all', pending, { body: {} })).status).toBe(401);
    expect((await verify(target, pending, '123456')).status).toBe(409);

    const first = await (await staffFetch(target, '/api/admin/enrol', pending)).json();
    const again = await (await staffFetch(target, '/api/admin/enrol', pending)).json();
    expect(again.secret).toBe(first.secret);
    expect(first.uri).toMatch(/^otpauth:\/\/totp\/.+\?secret=[A-Z2-7]+&issuer=/);
    expect(first.qrSvg).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/s);
    expect(first.qrSvg).not.toMatch(/<script|style=/i);
    // The secret is sealed at rest, never stored as it is.
    const [row] = await db<{ totp_pending: string }>(target, 'select totp_pending from staff where id = $1', [staff.id]);
    expect(row!.totp_pending).not.toContain(first.secret);

    const wrong = await staffFetch(target, '/api/admin/enrol', pending, { body: { code: '000000' === (await totp(first.secret)) ? '111111' : '000000' } });
    expect(wrong.status).toBe(400);
    const ok = await staffFetch(target, '/api/admin/enrol', pending, { body: { code: await totp(first.secret) } });
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body.token).toBe('signed-in');
    expect(body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(body.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    const cookie = sessionCookieOf(ok)!;
    expect(cookie).not.toBe(pending);
    expect(await (await me(target, cookie)).json()).toMatchObject({ stage: 'signed-in' });
    // The token used before the second factor no longer opens anything.
    expect((await me(target, pending)).status).toBe(401);
    const [audited] = await db<{ n: number }>(
      target,
      `select count(*)::int as n from audit_log where staff_id = $1 and action in ('sign-in', 'enrol-second-factor')`,
      [staff.id],
    );
    expect(audited!.n).toBe(2);
  });

  it('takes each authenticator code once, and each recovery code once', async () => {
    const admin = await signedInAdmin(target, 'codes');
    const { cookie: pending, next } = await passwordStep(target, admin.staff);
    expect(next).toBe('verify');
    // The code used at enrolment is spent: replaying it is refused, even within its 30 seconds.
    const replay = await verify(target, pending, admin.enrolmentCode);
    expect(replay.status).toBe(400);
    expect((await replay.json()).errors.code).toBe('This code was already used. Please wait for the next code in your app.');
    const next30 = await totp(admin.secret, 1);
    const ok = await verify(target, pending, next30);
    expect(ok.status).toBe(200);
    expect(await (await me(target, sessionCookieOf(ok))).json()).toMatchObject({ stage: 'signed-in' });
    // Another browser cannot reuse that code either.
    const { cookie: other } = await passwordStep(target, admin.staff);
    expect((await verify(target, other, next30)).status).toBe(400);

    const code = admin.recoveryCodes[3]!;
    const byRecovery = await verify(target, other, code.toUpperCase().replace('-', ' '));
    expect(byRecovery.status).toBe(200);
    expect((await byRecovery.json()).recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 1);
    const { cookie: third } = await passwordStep(target, admin.staff);
    expect((await verify(target, third, code)).status).toBe(400);
  });

  it(`limits wrong codes: after ${LIMITS['second-factor-failures:staff'].max}, even the right code must wait`, async () => {
    const admin = await signedInAdmin(target, 'guesser');
    const { cookie } = await passwordStep(target, admin.staff);
    const right = await totp(admin.secret, 1);
    for (let i = 0; i < LIMITS['second-factor-failures:staff'].max; i++) {
      const guess = String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0');
      expect((await verify(target, cookie, guess)).status, `guess ${i + 1}`).toBe(400);
    }
    const blocked = await verify(target, cookie, right);
    expect(blocked.status).toBe(429);
    expect((await me(target, cookie)).status).toBe(200);
    expect(await (await me(target, cookie)).json()).toMatchObject({ stage: 'verify' });
  });

  it('ends sessions on the server: sign out, sign out everywhere, idle and absolute timeouts', async () => {
    const admin = await signedInAdmin(target, 'sessions');
    const second = (await signInAnother(target, admin)).cookie;
    const third = (await signInAnother(target, admin)).cookie;

    const out = await staffFetch(target, '/api/admin/logout', admin.cookie, { body: {} });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().some((c) => /^__Host-staff=;.*Max-Age=0/.test(c))).toBe(true);
    expect((await me(target, admin.cookie)).status).toBe(401);
    expect((await me(target, second)).status).toBe(200);

    const everywhere = await staffFetch(target, '/api/admin/logout-all', second, { body: {} });
    expect(everywhere.status).toBe(200);
    expect((await everywhere.json()).ended).toBe(2);
    expect((await me(target, second)).status).toBe(401);
    expect((await me(target, third)).status).toBe(401);

    const idle = (await signInAnother(target, admin)).cookie;
    await db(target, `update staff_sessions set last_seen_at = now() - interval '${IDLE_MINUTES + 1} minutes' where staff_id = $1 and revoked_at is null`, [
      admin.staff.id,
    ]);
    expect((await me(target, idle)).status).toBe(401);
    const old = (await signInAnother(target, admin)).cookie;
    await db(target, `update staff_sessions set expires_at = now() - interval '1 second' where staff_id = $1 and revoked_at is null`, [admin.staff.id]);
    expect((await me(target, old)).status).toBe(401);
  });

  it('a disabled account never signs in, and its open sessions stop at once', async () => {
    const admin = await signedInAdmin(target, 'disabled');
    await db(target, 'update staff set disabled_at = now() where id = $1', [admin.staff.id]);
    expect((await me(target, admin.cookie)).status).toBe(401);
    const res = await staffFetch(target, '/api/admin/login', null, { body: { email: admin.staff.email, password: admin.staff.password } });
    expect(res.status).toBe(403);
    expect(sessionCookieOf(res)).toBeNull();
  });

  it('accepts nothing from a student: their token, in any header, is not a staff session', async () => {
    const account = await createAccount(target, 'notstaff');
    const token = await login(target, account.email, account.password);
    for (const headers of [{ token }, { authorization: `Bearer ${token}` }, { cookie: `__Host-staff=${token}` }]) {
      expect((await staffFetch(target, '/api/admin/me', null, { headers })).status).toBe(401);
    }
    // The student's own password does not open a staff account of the same address either.
    const res = await staffFetch(target, '/api/admin/login', null, { body: { email: account.email, password: account.password } });
    expect(res.status).toBe(401);
  });
});

/**
 * A further browser of the same admin. Each code works once, so a test signing in several times
 * within 30 seconds forgets the last step first (the replay rule itself is tested above).
 */
async function signInAnother(target: Target, admin: Awaited<ReturnType<typeof signedInAdmin>>) {
  const { cookie: pending } = await passwordStep(target, admin.staff);
  await db(target, 'update staff set totp_last_step = null where id = $1', [admin.staff.id]);
  const res = await verify(target, pending, await totp(admin.secret));
  expect(res.status).toBe(200);
  return { cookie: sessionCookieOf(res)! };
}
