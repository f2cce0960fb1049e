/**
 * Sessions that end on the server (logout, log out of all devices, a password change or reset),
 * the forgotten-password flow, and the limits on codes: the 60-second wait also when registering
 * again, and a daily cap on wrong codes per address.
 */
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../functions/_shared/platform/limits';
import { OTP_MAX_ATTEMPTS, RESEND_COOLDOWN_SECONDS } from '../../src/lib/schemas/user';
import { RESET, codesSentTo, createAccount, createQuickAccount, latestCode, login, mailsTo, register } from './accounts';
import type { Target } from './global-setup';
import { db, eventually, get, newClientIp, post, targets, uniqueEmail } from './helpers';

const me = (target: Target, token: string) => get(target, '/api/user/me', { token });
const events = (target: Target, userId: string) =>
  db<{ kind: string; client: string; detail: Record<string, unknown> | null }>(
    target,
    'select kind, client, detail from security_events where user_id = $1 order by id',
    [userId],
  );

describe.each(targets)('sessions on $name', (target) => {
  it('logout ends this session on the server: the copied token is refused, other devices stay signed in', async () => {
    const account = await createQuickAccount(target, 'logout');
    const phone = await login(target, account.email, account.password);
    const laptop = await login(target, account.email, account.password);
    expect((await me(target, phone)).status).toBe(200);

    const res = await post(target, '/api/user/logout', {}, { token: phone });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Logged out' });
    const refused = await me(target, phone);
    expect(refused.status).toBe(401);
    expect((await refused.json()).message).toBe('Your session has expired. Please log in again.');
    expect((await me(target, laptop)).status).toBe(200);

    // Logging out again, or without a token, is still "Logged out".
    expect((await post(target, '/api/user/logout', {}, { token: phone })).status).toBe(200);
    expect((await post(target, '/api/user/logout', {})).status).toBe(200);
    // A cross-site page cannot log anyone out (nor do anything else).
    expect((await post(target, '/api/user/logout', {}, { token: laptop, origin: 'https://evil.example' })).status).toBe(403);
    expect((await me(target, laptop)).status).toBe(200);
  });

  it('log out of all devices ends every session of the account, and is logged', async () => {
    const account = await createQuickAccount(target, 'everywhere');
    const tokens = [await login(target, account.email, account.password), await login(target, account.email, account.password)];
    const other = await createQuickAccount(target, 'bystander');
    const bystander = await login(target, other.email, other.password);

    expect((await post(target, '/api/user/logout-all', {})).status).toBe(401);
    const res = await post(target, '/api/user/logout-all', {}, { token: tokens[0]! });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'You have been logged out on all devices.' });
    for (const token of tokens) expect((await me(target, token)).status).toBe(401);
    expect((await me(target, bystander)).status).toBe(200);
    await eventually(async () => expect((await events(target, account.id)).map((e) => e.kind)).toContain('logout-all'));
    // A new login works as before.
    expect((await me(target, await login(target, account.email, account.password))).status).toBe(200);
  });

  it('changes the password: asks for the current one, refuses a common one, then ends every other session', async () => {
    const account = await createQuickAccount(target, 'changer');
    const here = await login(target, account.email, account.password);
    const elsewhere = await login(target, account.email, account.password);
    const change = (body: unknown, token = here) => post(target, '/api/user/change-password', body, { token });

    expect((await post(target, '/api/user/change-password', { currentPassword: account.password, newPassword: 'a brand new sentence' })).status).toBe(401);
    const wrong = await change({ currentPassword: 'not the password', newPassword: 'a brand new sentence' });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors).toEqual({ currentPassword: 'Your current password is not correct.' });
    for (const common of ['password123', 'qwerty12345', 'iloveyou', 'sachin123']) {
      const res = await change({ currentPassword: account.password, newPassword: common });
      expect(res.status, common).toBe(400);
      expect((await res.json()).errors.newPassword, common).toBe(
        'This password is too common or has appeared in a data breach. Please choose another: a short sentence of your own is easy to remember.',
      );
    }
    expect((await change({ currentPassword: account.password, newPassword: 'short' })).status).toBe(400);
    expect((await me(target, elsewhere)).status).toBe(200);

    const ok = await change({ currentPassword: account.password, newPassword: 'mango trees by the well' });
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body.message).toBe('Your password has been changed. You have been logged out on your other devices.');
    expect((await me(target, body.token)).status).toBe(200);
    expect((await me(target, here)).status).toBe(401);
    expect((await me(target, elsewhere)).status).toBe(401);
    expect((await post(target, '/api/user/login', { email: account.email, password: account.password })).status).toBe(401);
    await login(target, account.email, 'mango trees by the well');
    await eventually(async () =>
      expect((await events(target, account.id)).map((e) => e.kind)).toEqual(expect.arrayContaining(['password-change-failed', 'password-changed'])),
    );
  });

  it('limits wrong current passwords per account', async () => {
    const account = await createAccount(target, 'guesser');
    const token = await login(target, account.email, account.password);
    for (let i = 0; i < LIMITS['change-password-failures:user'].max; i++) {
      const res = await post(target, '/api/user/change-password', { currentPassword: `guess ${i}`, newPassword: 'a brand new sentence' }, { token });
      expect(res.status, `guess ${i + 1}`).toBe(400);
    }
    const blocked = await post(target, '/api/user/change-password', { currentPassword: account.password, newPassword: 'a brand new sentence' }, { token });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('resets a forgotten password with an e-mailed code, and ends every session', async () => {
    const account = await createQuickAccount(target, 'forgot');
    const token = await login(target, account.email, account.password);
    const unknown = uniqueEmail('nobody');

    const asked = await post(target, '/api/user/forgot-password', { email: account.email.toUpperCase() });
    const askedUnknown = await post(target, '/api/user/forgot-password', { email: unknown });
    // The same answer whether or not the address has an account.
    expect([asked.status, askedUnknown.status]).toEqual([200, 200]);
    const [a, b] = [await asked.json(), await askedUnknown.json()];
    expect(Object.keys(a).sort()).toEqual(['message', 'resetToken']);
    expect(Object.keys(b).sort()).toEqual(['message', 'resetToken']);
    expect(a.message).toBe(`If an account exists for ${account.email}, we have sent it a 6-digit code. It is valid for 10 minutes.`);
    expect(b.message).toBe(`If an account exists for ${unknown}, we have sent it a 6-digit code. It is valid for 10 minutes.`);
    expect(a.resetToken.split('.')).toHaveLength(5);

    const code = await latestCode(target, account.email, RESET);
    const [mail] = await mailsTo(target, account.email, RESET);
    expect(mail).toContain('\nHello,\n');
    expect(mail).not.toContain(account.name);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await mailsTo(target, unknown, RESET)).toHaveLength(0);

    // Asking again inside 60 s: wait.
    const again = await post(target, '/api/user/forgot-password', { email: account.email });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeLessThanOrEqual(60);

    const reset = (body: Record<string, unknown>) => post(target, '/api/user/reset-password', { resetToken: a.resetToken, ...body });
    const wrongCode = code === '000000' ? '000001' : '000000';
    const wrong = await reset({ otp: Number(wrongCode), password: 'a brand new sentence' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ message: 'That code is not correct. You have 4 attempts left.', attemptsLeft: 4 });
    const weak = await reset({ otp: Number(code), password: 'password123' });
    expect(weak.status).toBe(400);
    expect(Object.keys((await weak.json()).errors)).toEqual(['password']);
    expect((await post(target, '/api/user/reset-password', { resetToken: 'garbage', otp: 1, password: 'a brand new sentence' })).status).toBe(400);
    expect((await me(target, token)).status).toBe(200);

    const done = await reset({ otp: Number(code), password: 'monsoon rain on tin roofs' });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ message: 'Your password has been changed. Please log in with your new password.' });
    expect((await me(target, token)).status).toBe(401);
    expect((await post(target, '/api/user/login', { email: account.email, password: account.password })).status).toBe(401);
    await login(target, account.email, 'monsoon rain on tin roofs');
    expect((await reset({ otp: Number(code), password: 'another fresh sentence' })).status).toBe(409);

    // Nothing in the database or the log holds the code or the address.
    const [challenge] = await db<{ otp_hash: string }>(target, `select otp_hash from otp_challenges where email = $1 and purpose = 'password-reset'`, [
      account.email,
    ]);
    expect(challenge!.otp_hash).not.toContain(code);
    await eventually(async () =>
      expect((await events(target, account.id)).map((e) => e.kind)).toEqual(expect.arrayContaining(['password-reset-requested', 'password-reset'])),
    );
    expect(JSON.stringify(await events(target, account.id))).not.toMatch(new RegExp(`${code}|example\\.in`));
  });

  it('no code can reset the password of an address without an account', async () => {
    const unknown = uniqueEmail('ghost');
    const { resetToken } = await (await post(target, '/api/user/forgot-password', { email: unknown })).json();
    const answers = [];
    for (const otp of [0, 123456, 999999, 111111, 424242]) {
      answers.push((await post(target, '/api/user/reset-password', { resetToken, otp, password: 'a brand new sentence' })).status);
    }
    expect(answers).toEqual([400, 400, 400, 400, 400]);
    expect((await post(target, '/api/user/reset-password', { resetToken, otp: 1, password: 'a brand new sentence' })).status).toBe(410);
  });

  it(`waits ${RESEND_COOLDOWN_SECONDS} s before registering the same address again, and sends one code`, async () => {
    const email = uniqueEmail('twice');
    await register(target, email);
    const again = await post(target, '/api/user/register', { name: 'Test Student', email, password: 'a long passphrase' });
    expect(again.status).toBe(429);
    const retryAfter = Number(again.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(RESEND_COOLDOWN_SECONDS);
    expect((await again.json()).message).toBe(`Please wait ${retryAfter} second${retryAfter === 1 ? '' : 's'} before asking for another code.`);
    expect(await codesSentTo(target, email)).toHaveLength(1);
  });

  it('caps wrong codes per address per day, so new codes do not buy more guesses', async () => {
    const email = uniqueEmail('capped');
    let statuses: number[] = [];
    let token = '';
    // Each code takes OTP_MAX_ATTEMPTS wrong tries before it dies; the day's cap is some codes' worth.
    const cap = LIMITS['code-failures:email'].max;
    for (let round = 0; round < cap / OTP_MAX_ATTEMPTS; round++) {
      await db(target, `update otp_challenges set sent_at = now() - interval '${RESEND_COOLDOWN_SECONDS + 1} seconds' where email = $1`, [email]);
      token = await register(target, email);
      const code = await latestCode(target, email);
      for (let i = 1; i <= OTP_MAX_ATTEMPTS; i++) {
        const guess = String((Number(code) + i) % 1_000_000).padStart(6, '0');
        statuses.push((await post(target, '/api/user/verify', { otp: Number(guess), activationToken: token }, {}, newClientIp())).status);
      }
    }
    expect(statuses).toEqual(Array(cap).fill(400));
    await db(target, `update otp_challenges set sent_at = now() - interval '${RESEND_COOLDOWN_SECONDS + 1} seconds' where email = $1`, [email]);
    token = await register(target, email);
    const code = await latestCode(target, email);
    const capped = await post(target, '/api/user/verify', { otp: Number(code), activationToken: token });
    expect(capped.status).toBe(429);
    expect((await capped.json()).message).toBe(LIMITS['code-failures:email'].message);
    statuses = [];
  });
});
