import { SignJWT, base64url } from 'jose';
import { describe, expect, it } from 'vitest';
import { ISSUER, deriveAuthKeys } from '../../functions/_shared/auth/keys';
import { LIMITS } from '../../functions/_shared/platform/limits';
import { OTP_MAX_ATTEMPTS, RESEND_COOLDOWN_SECONDS } from '../../src/lib/schemas/user';
import type { Target } from './global-setup';
import { ALREADY_REGISTERED, codesSentTo, createAccount, latestCode, mailsTo, register } from './accounts';
import { db, get, newClientIp, post, targets, uniqueEmail } from './helpers';

const INCORRECT = 'Incorrect email or password.';

const verify = (target: Target, activationToken: string, code: string) => post(target, '/api/user/verify', { otp: Number(code), activationToken });
const usersWithEmail = async (target: Target, email: string) =>
  (await db<{ n: number }>(target, 'select count(*)::int as n from users where lower(email) = lower($1)', [email]))[0]!.n;
const challengesOf = (target: Target, email: string) =>
  db<{ otp_hash: string; attempts: number; consumed_at: Date | null; superseded_at: Date | null }>(
    target,
    'select otp_hash, attempts, consumed_at, superseded_at from otp_challenges where email = $1 order by sent_at',
    [email],
  );

describe.each(targets)('student accounts on $name', (target) => {
  it('registers: 201 with an encrypted activation token, a code by mail, nothing in users', async () => {
    const email = uniqueEmail('reg');
    const res = await post(target, '/api/user/register', { name: '  Asha   Verma ', email: email.toUpperCase(), password: 'correct horse battery' });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.message).toBe(`We have sent a 6-digit code to ${email}. Enter it to verify your account.`);
    // A compact JWE (dir + A256GCM): nothing inside is readable without the server's key.
    const parts = String(body.activationToken).split('.');
    expect(parts).toHaveLength(5);
    expect(JSON.parse(new TextDecoder().decode(base64url.decode(parts[0]!)))).toMatchObject({ alg: 'dir', enc: 'A256GCM' });
    for (const part of parts.slice(1)) expect(new TextDecoder().decode(base64url.decode(part))).not.toMatch(/scrypt|example\.in/);

    expect(await usersWithEmail(target, email)).toBe(0);
    const code = await latestCode(target, email);
    const [challenge] = await challengesOf(target, email);
    expect(challenge).toMatchObject({ attempts: 0, consumed_at: null, superseded_at: null });
    expect(challenge!.otp_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge!.otp_hash).not.toContain(code);
    const [mail] = await mailsTo(target, email);
    expect(mail).toContain('Subject: Your verification code');
    expect(mail).toContain('It is valid for 10 minutes.');
    // Mail to an address a stranger typed carries nothing a stranger wrote: not even the name.
    expect(mail).toContain('\nHello,\n');
    expect(mail).not.toMatch(/Asha|Verma/);
  });

  it('refuses bad input with a message per field, and stores nothing', async () => {
    const email = uniqueEmail('bad');
    const cases: [unknown, string][] = [
      [{ name: 'Asha Verma', email, password: 'short' }, 'password'],
      [{ name: 'Asha Verma', email: 'not-an-email', password: 'long enough' }, 'email'],
      [{ email, password: 'long enough' }, 'name'],
      [{ name: 'Asha Verma', email, password: 12345678 }, 'password'],
    ];
    // One at a time: on a busy 2-core machine many parallel calls push the emulator's workers
    // past its 30 s function timeout.
    for (const [payload, field] of cases) {
      const res = await post(target, '/api/user/register', payload);
      expect(res.status, field).toBe(400);
      const body = await res.json();
      expect(body.message).toBe('Please check the highlighted fields and try again.');
      expect(Object.keys(body.errors), field).toEqual([field]);
    }
    const malformed = await post(target, '/api/user/register', `{"name": "Asha", "email": "${email}",`);
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ message: 'The request body is not valid JSON.', error: 'The request body is not valid JSON.' });
    expect((await post(target, '/api/user/register', { name: 'Asha Verma', email, password: 'x'.repeat(129) })).status).toBe(400);

    expect(await usersWithEmail(target, email)).toBe(0);
    expect(await challengesOf(target, email)).toHaveLength(0);
    expect(await codesSentTo(target, email)).toHaveLength(0);

    // A verify or resend with a token that is not ours.
    for (const route of ['/api/user/verify', '/api/user/resend-otp']) {
      const res = await post(target, route, { otp: 123456, activationToken: 'eyJhbGciOiJkaXIifQ..abc.def.ghi' });
      expect(res.status, route).toBe(400);
      expect((await res.json()).message).toBe('This registration is not valid. Please register again.');
    }
    const noCode = await post(target, '/api/user/verify', { otp: '123456', activationToken: 'x' });
    expect(noCode.status).toBe(400);
    expect((await noCode.json()).errors.otp).toBe('Please enter the 6-digit code from the e-mail.');
  });

  it('verifies: a wrong code is counted, the right one creates the user once', async () => {
    const email = uniqueEmail('verify');
    const password = 'my secret passphrase';
    const token = await register(target, email, password, 'Ravi Kumar');
    const code = await latestCode(target, email);
    const wrongCode = code === '000000' ? '000001' : '000000';

    const wrong = await verify(target, token, wrongCode);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ message: 'That code is not correct. You have 4 attempts left.', attemptsLeft: 4 });
    expect(await usersWithEmail(target, email)).toBe(0);

    const right = await verify(target, token, code);
    expect(right.status).toBe(200);
    expect(await right.json()).toEqual({ message: 'Your account is verified. Please log in.' });
    const [user] = await db<{ name: string; role: string; password_hash: string; created_at: Date }>(
      target,
      'select name, role, password_hash, created_at from users where email = $1',
      [email],
    );
    expect(user).toMatchObject({ name: 'Ravi Kumar', role: 'user' });
    expect(user!.password_hash).toMatch(/^scrypt\$17\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(user!.password_hash).not.toContain(password);
    expect((await challengesOf(target, email))[0]!.consumed_at).not.toBeNull();

    const again = await verify(target, token, code);
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe('This code has already been used. Your account is verified: please log in.');
    expect(await usersWithEmail(target, email)).toBe(1);

    // The same address in other capitals is the same account: registering it again is answered
    // like a new registration (nobody learns which addresses have accounts), and the address is
    // told by mail to log in instead; no code is sent, so nothing can be verified.
    await db(target, `update otp_challenges set sent_at = now() - interval '${RESEND_COOLDOWN_SECONDS + 1} seconds' where email = $1`, [email]);
    const duplicate = await post(target, '/api/user/register', { name: 'Ravi Kumar', email: email.toUpperCase(), password });
    expect(duplicate.status).toBe(201);
    const answer = await duplicate.json();
    expect(Object.keys(answer).sort()).toEqual(['activationToken', 'message']);
    expect(answer.message).toBe(`We have sent a 6-digit code to ${email}. Enter it to verify your account.`);
    expect(answer.activationToken.split('.')).toHaveLength(5);
    const told = await mailsTo(target, email, ALREADY_REGISTERED);
    expect(told).toHaveLength(1);
    expect(told[0]).toContain('you already have an account');
    expect(told[0]).toMatch(/\/forgot-password/);
    expect(await codesSentTo(target, email)).toHaveLength(1);
    const tries = await verify(target, answer.activationToken, code);
    expect(tries.status).toBe(400);
    expect(await usersWithEmail(target, email)).toBe(1);
  });

  it(`kills the code after ${OTP_MAX_ATTEMPTS} wrong tries, even when they arrive together`, async () => {
    const email = uniqueEmail('guess');
    const token = await register(target, email);
    const code = await latestCode(target, email);
    const wrongCodes = ['111111', '222222', '333333', '444444', '555555', '666666', '777777'].filter((c) => c !== code).slice(0, OTP_MAX_ATTEMPTS + 1);
    const answers = await Promise.all(wrongCodes.map((c) => verify(target, token, c)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(OTP_MAX_ATTEMPTS).fill(400), 410]);
    const bodies = await Promise.all(answers.map((a) => a.json()));
    expect(
      bodies
        .filter((b) => 'attemptsLeft' in b)
        .map((b) => b.attemptsLeft)
        .sort(),
    ).toEqual(Array.from({ length: OTP_MAX_ATTEMPTS }, (_, left) => left));
    expect((await challengesOf(target, email))[0]!.attempts).toBe(OTP_MAX_ATTEMPTS);

    const right = await verify(target, token, code);
    expect(right.status).toBe(410);
    expect((await right.json()).message).toBe('Too many wrong codes. Please ask for a new code.');
    expect(await usersWithEmail(target, email)).toBe(0);
  });

  it(`resends: 429 with Retry-After inside the ${RESEND_COOLDOWN_SECONDS} s, then a new code and token; the old code is dead`, async () => {
    const email = uniqueEmail('resend');
    const oldToken = await register(target, email);
    const oldCode = await latestCode(target, email);

    const early = await post(target, '/api/user/resend-otp', { activationToken: oldToken });
    expect(early.status).toBe(429);
    const retryAfter = Number(early.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(RESEND_COOLDOWN_SECONDS);
    expect((await early.json()).message).toBe(`Please wait ${retryAfter} second${retryAfter === 1 ? '' : 's'} before asking for another code.`);
    expect(await codesSentTo(target, email)).toHaveLength(1);

    await db(target, `update otp_challenges set sent_at = now() - interval '${RESEND_COOLDOWN_SECONDS + 1} seconds' where email = $1`, [email]);
    const resent = await post(target, '/api/user/resend-otp', { activationToken: oldToken });
    expect(resent.status).toBe(200);
    const body = await resent.json();
    expect(body.message).toBe(`We have sent a new 6-digit code to ${email}.`);
    expect(body.activationToken).not.toBe(oldToken);
    expect(await codesSentTo(target, email)).toHaveLength(2);
    const newCode = await latestCode(target, email);

    const old = await verify(target, oldToken, oldCode);
    expect(old.status).toBe(410);
    expect((await old.json()).message).toBe('A newer code has been sent. Please enter the code from the latest e-mail.');
    if (oldCode !== newCode) expect((await verify(target, body.activationToken, oldCode)).status).toBe(400);
    expect((await verify(target, body.activationToken, newCode)).status).toBe(200);
    expect(await usersWithEmail(target, email)).toBe(1);
  });

  it('refuses an expired code', async () => {
    const email = uniqueEmail('expired');
    const token = await register(target, email);
    await db(target, `update otp_challenges set expires_at = now() - interval '1 second' where email = $1`, [email]);
    const res = await verify(target, token, await latestCode(target, email));
    expect(res.status).toBe(410);
    expect((await res.json()).message).toBe('This code has expired. Please ask for a new code.');
    expect(await usersWithEmail(target, email)).toBe(0);
  });

  it('logs in; a wrong password and an unknown e-mail get the same answer', async () => {
    const account = await createAccount(target, 'login');
    const res = await post(target, '/api/user/login', { email: account.email.toUpperCase(), password: account.password });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.message).toBe(`Welcome back, ${account.name}!`);
    expect(body.user).toEqual({ _id: account.id, name: account.name, email: account.email, role: 'user' });
    expect(String(body.token).split('.')).toHaveLength(3);

    const wrongPassword = await post(target, '/api/user/login', { email: account.email, password: 'not my password' });
    const unknownEmail = await post(target, '/api/user/login', { email: uniqueEmail('nobody'), password: account.password });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    const [a, b] = [await wrongPassword.json(), await unknownEmail.json()];
    expect(a).toEqual({ message: INCORRECT, error: INCORRECT });
    expect(b).toEqual(a);

    // The token opens /api/user/me, in the `token` header or as a bearer token.
    for (const headers of [{ token: body.token }, { authorization: `Bearer ${body.token}` }]) {
      const me = await get(target, '/api/user/me', headers);
      expect(me.status).toBe(200);
      expect(await me.json()).toEqual({ user: body.user });
    }
  });

  it('/api/user/me refuses every token that is not a valid user token of a live session', async () => {
    const account = await createAccount(target, 'me');
    const login = await post(target, '/api/user/login', { email: account.email, password: account.password });
    const { token: issued } = await login.json();
    const sessionId = JSON.parse(new TextDecoder().decode(base64url.decode(issued.split('.')[1]!))).jti as string;
    const keys = deriveAuthKeys(target.authSecret);
    const now = Math.floor(Date.now() / 1000);
    const sign = (options: { alg?: string; aud?: string; iat?: number; exp?: number; sub?: string; jti?: string | null } = {}) => {
      const jwt = new SignJWT({})
        .setProtectedHeader({ alg: options.alg ?? 'HS256' })
        .setIssuer(ISSUER)
        .setAudience(options.aud ?? 'user')
        .setSubject(options.sub ?? account.id)
        .setIssuedAt(options.iat ?? now)
        .setExpirationTime(options.exp ?? now + 600);
      if (options.jti !== null) jwt.setJti(options.jti ?? sessionId);
      return jwt.sign(keys.userToken);
    };
    const me = (token?: string) => get(target, '/api/user/me', token ? { token } : {});

    // A token made here with the server's key and the live session passes: the refusals below are for their one flaw.
    const good = await sign();
    expect((await me(good)).status).toBe(200);
    expect((await me(issued)).status).toBe(200);

    const [header, payload, signature] = good.split('.') as [string, string, string];
    const otherUser = base64url.encode(JSON.stringify({ ...JSON.parse(new TextDecoder().decode(base64url.decode(payload))), sub: crypto.randomUUID() }));
    const unsigned = `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${payload}.`;
    const activationToken = await register(target, uniqueEmail('notauser'));
    const other = await createAccount(target, 'other');
    const refused: [string, string | undefined][] = [
      ['no token', undefined],
      ['garbage', 'not-a-token'],
      ['tampered payload', `${header}.${otherUser}.${signature}`],
      ['expired', await sign({ iat: now - 8 * 86400, exp: now - 60 })],
      ['alg none', unsigned],
      ['HS512', await sign({ alg: 'HS512' })],
      ['admin audience', await sign({ aud: 'admin' })],
      ['activation token', activationToken],
      [
        'another secret',
        await new SignJWT({})
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuer(ISSUER)
          .setAudience('user')
          .setSubject(account.id)
          .setJti(sessionId)
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(new Uint8Array(32)),
      ],
      ['no session (a token of before sessions)', await sign({ jti: null })],
      ['a session that never existed', await sign({ jti: crypto.randomUUID() })],
      ["another account's session", await sign({ sub: other.id })],
    ];
    for (const [label, token] of refused) {
      const res = await me(token);
      expect(res.status, label).toBe(401);
      const body = await res.json();
      expect(body.message, label).toBe(token ? 'Your session has expired. Please log in again.' : 'Please log in to continue.');
      expect(body.user, label).toBeUndefined();
    }

    // An expired session ends its token, whatever the token's own expiry says.
    await db(target, `update user_sessions set expires_at = now() - interval '1 second' where id = $1`, [sessionId]);
    expect((await me(good)).status).toBe(401);
    await db(target, `update user_sessions set expires_at = now() + interval '1 day' where id = $1`, [sessionId]);
    expect((await me(good)).status).toBe(200);
    // A deleted account's token stops working at once.
    await db(target, 'delete from users where id = $1', [account.id]);
    expect((await me(good)).status).toBe(401);
  });

  it('counts only failed logins against an account, per network: a stranger cannot lock the student out', async () => {
    const account = await createAccount(target, 'locked');
    const stranger = newClientIp();
    for (let i = 1; i <= LIMITS['login-failures:email-address'].max; i++) {
      const res = await post(target, '/api/user/login', { email: account.email, password: `guess number ${i}` }, {}, stranger);
      expect(res.status, `attempt ${i}`).toBe(401);
    }
    // The stranger's network is stopped, even with the right password…
    const blocked = await post(target, '/api/user/login', { email: account.email, password: account.password }, {}, stranger);
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LIMITS['login-failures:email-address'].seconds);
    expect((await blocked.json()).message).toBe('Too many wrong passwords for this account. Please wait a few minutes, or reset your password.');
    // …the student, elsewhere, logs in as usual, again and again (successes are not counted).
    const student = newClientIp();
    for (let i = 0; i < 12; i++) {
      expect((await post(target, '/api/user/login', { email: account.email, password: account.password }, {}, student)).status, `login ${i + 1}`).toBe(200);
    }
    // The log has the failures and the lockout, with the account and a truncated address only.
    const events = await db<{ kind: string; client: string; detail: unknown }>(
      target,
      `select kind, client, detail from security_events where user_id = $1 order by id`,
      [account.id],
    );
    expect(events.filter((e) => e.kind === 'login-failed')).toHaveLength(9);
    expect(events.filter((e) => e.kind === 'login-locked')).toHaveLength(1);
    const [a, b, c] = stranger.split('.');
    expect(new Set(events.map((e) => e.client))).toEqual(new Set([`${a}.${b}.${c}.0/24`]));
    expect(JSON.stringify(events)).not.toMatch(/guess number|@example\.in/);
  });
});
