/**
 * Limits on wrong passwords and codes hold under parallel requests: an attempt is counted before
 * its password or code is checked, so a burst of guesses fired at once gets no more checks than
 * the allowance left, and a right password or code neither waits for nor uses up the allowance.
 * Staff passwords, the authenticator's codes (sign-in, set-up, new recovery codes), student
 * logins, e-mailed codes (verification, password reset) and changing a password.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { generate } from 'otplib';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../../scripts/staff.mjs';
import { LIMITS, byEmail } from '../../functions/_shared/platform/limits';
import { hashPassword } from '../../functions/_shared/auth/password';
import { BASE, closeInProcess, openInProcess, sqlOn, type InProcess } from '../support/in-process';
import { rateLimitsOn } from '../support/rate-limits';
import { enrol, passwordStep } from '../support/staff-session';

let fx: InProcess;
let client: pg.Client;

beforeAll(async () => {
  ({ fx, client } = await openInProcess({
    functions: [
      'admin-login',
      'admin-enrol',
      'admin-verify',
      'admin-recovery-codes',
      'user-login',
      'user-register',
      'user-verify',
      'user-forgot-password',
      'user-reset-password',
      'user-change-password',
    ],
  }));
});

afterAll(() => closeInProcess({ fx, client }));

const sql = sqlOn(() => client);

let n = 0;
const newIp = () => `100.80.${Math.floor((n += 1) / 250)}.${1 + (n % 250)}`;
const newEmail = (label: string) => `${label}.${(n += 1)}@example.in`;

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** Calls function `name` with `body` (GET without one) from `ip`, as the browser holding `headers`; waits for its work after the answer. */
async function call(name: string, body: unknown, { ip = newIp(), headers = {} }: { ip?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const init: RequestInit =
    body === undefined
      ? { method: 'GET', headers }
      : { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
  const { response, settled } = await fx.call(name, new Request(new URL(`/api/${name}`, BASE), init), { ip });
  await settled();
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Fires `times` calls at once; the statuses, sorted. */
async function burst(times: number, one: (i: number) => Promise<Answer>): Promise<number[]> {
  return (await Promise.all(Array.from({ length: times }, (_, i) => one(i)))).map((a) => a.status).sort();
}
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

const { hitsOf, setHits } = rateLimitsOn(sql);

/** A staff account (no authenticator yet). */
const newStaff = (label: string) =>
  createStaff({ query: (text: string, params: unknown[]) => client.query(text, params) }, { name: `Staff ${label}`, email: newEmail(`staff-${label}`) });

/** A staff account with its authenticator set up: the account, its secret and a signed-in cookie. */
async function enrolledStaff(label: string) {
  const staff = await newStaff(label);
  return { staff, ...(await enrol(fx, await passwordStep(fx, staff))) };
}

/** The code an authenticator shows for `secret`, `steps` 30-second steps from now. */
const totpAt = (secret: string, steps: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** `times` 6-digit codes that are none of the codes `secret` has around now. */
async function wrongCodes(secret: string, times: number): Promise<string[]> {
  const near = new Set(await Promise.all([-2, -1, 0, 1, 2].map((s) => totpAt(secret, s))));
  const codes: string[] = [];
  for (let c = 100_000; codes.length < times; c += 7919) if (!near.has(String(c))) codes.push(String(c));
  return codes;
}

/** A student account with `password` (made directly). */
async function newStudent(label: string, password = 'a long passphrase') {
  const email = newEmail(label);
  const [row] = await sql<{ id: string }>(`insert into users (name, email, password_hash) values ('Asha Verma', $1, $2) returning id::text`, [
    email,
    await hashPassword(password),
  ]);
  return { id: row!.id, email, password };
}

/** The last 6-digit code e-mailed to `email`. */
function lastCodeTo(email: string): string {
  const codes = readdirSync(fx.outbox, { withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => ({ at: e.name, text: readFileSync(path.join(fx.outbox, e.name), 'utf8') }))
    .filter(({ text }) => text.includes(`To: ${email}`))
    .sort((a, b) => a.at.localeCompare(b.at))
    .map(({ text }) => /\b(\d{6})\b/.exec(text.split('\n\n').slice(1).join('\n\n'))?.[1]);
  expect(codes.at(-1), `a code e-mailed to ${email}`).toBeDefined();
  return codes.at(-1)!;
}

describe('staff passwords', () => {
  const limit = 'staff-login-failures:email-address' as const;

  it(`checks no more wrong passwords than the allowance left, however many come at once (${LIMITS[limit].max} per address)`, async () => {
    const staff = await newStaff('guessed');
    const ip = newIp();
    const statuses = await burst(12, (i) => call('admin-login', { email: staff.email, password: `wrong guess ${i}` }, { ip }));
    expect(count(statuses, 401)).toBe(LIMITS[limit].max);
    expect(count(statuses, 429)).toBe(12 - LIMITS[limit].max);
    expect(await hitsOf(limit, `${byEmail(staff.email)}@${ip}`)).toBe(LIMITS[limit].max);
    // The guesser's network is stopped even with the right password; the owner elsewhere is not.
    expect((await call('admin-login', { email: staff.email, password: staff.password }, { ip })).status).toBe(429);
    expect((await call('admin-login', { email: staff.email, password: staff.password })).status).toBe(200);
  });

  it('lets the right password through among wrong ones, and does not count it', async () => {
    const staff = await newStaff('owner');
    const ip = newIp();
    const wrong = LIMITS[limit].max - 1;
    const statuses = await burst(wrong + 1, (i) =>
      call('admin-login', { email: staff.email, password: i === 0 ? staff.password : `wrong guess ${i}` }, { ip }),
    );
    expect(statuses).toEqual([200, ...Array(wrong).fill(401)]);
    expect(await hitsOf(limit, `${byEmail(staff.email)}@${ip}`)).toBe(wrong);
    // One try is left, whoever asks for it at once.
    expect(await burst(2, (i) => call('admin-login', { email: staff.email, password: `last guess ${i}` }, { ip }))).toEqual([401, 429]);
  });
});

describe("the authenticator's codes", () => {
  const limit = 'second-factor-failures:staff' as const;

  it(`at sign-in: 20 wrong codes at once with ${LIMITS[limit].max - 1} tries left get ${LIMITS[limit].max - 1} checks`, async () => {
    const { staff, secret } = await enrolledStaff('totp');
    const cookie = await passwordStep(fx, staff);
    const [first, ...guesses] = await wrongCodes(secret, 21);
    expect((await call('admin-verify', { code: first }, { headers: { cookie } })).status).toBe(400);
    const statuses = await burst(20, (i) => call('admin-verify', { code: guesses[i] }, { headers: { cookie } }));
    expect(count(statuses, 400)).toBe(LIMITS[limit].max - 1);
    expect(count(statuses, 429)).toBe(20 - (LIMITS[limit].max - 1));
    expect(await hitsOf(limit, staff.id)).toBe(LIMITS[limit].max);
    const blocked = await call('admin-verify', { code: await totpAt(secret, 0) }, { headers: { cookie } });
    expect(blocked.status).toBe(429);
    expect(blocked.body['message']).toBe(LIMITS[limit].message);
  });

  it('at sign-in: the right code among wrong ones signs in and is not counted', async () => {
    const { staff, secret } = await enrolledStaff('right');
    const cookie = await passwordStep(fx, staff);
    const wrong = await wrongCodes(secret, LIMITS[limit].max - 1);
    const right = await totpAt(secret, 1);
    const statuses = await burst(wrong.length + 1, (i) => call('admin-verify', { code: i === 0 ? right : wrong[i - 1] }, { headers: { cookie } }));
    expect(statuses).toEqual([200, ...Array(wrong.length).fill(400)]);
    expect(await hitsOf(limit, staff.id)).toBe(wrong.length);
    const again = await passwordStep(fx, staff);
    const last = await wrongCodes(secret, 2);
    expect(await burst(2, (i) => call('admin-verify', { code: last[i] }, { headers: { cookie: again } }))).toEqual([400, 429]);
  });

  it('at set-up: 20 wrong codes at once get as many checks as the limit allows', async () => {
    const staff = await newStaff('enrol');
    const pending = await passwordStep(fx, staff);
    const secret = (await call('admin-enrol', undefined, { headers: { cookie: pending } })).body['secret'] as string;
    const guesses = await wrongCodes(secret, 20);
    const statuses = await burst(20, (i) => call('admin-enrol', { code: guesses[i] }, { headers: { cookie: pending } }));
    expect(count(statuses, 400)).toBe(LIMITS[limit].max);
    expect(count(statuses, 429)).toBe(20 - LIMITS[limit].max);
    expect(await hitsOf(limit, staff.id)).toBe(LIMITS[limit].max);
  });

  it('for new recovery codes: 20 wrong codes at once get as many checks as the limit allows', async () => {
    const { staff, secret, cookie } = await enrolledStaff('recovery');
    const guesses = await wrongCodes(secret, 20);
    const statuses = await burst(20, (i) => call('admin-recovery-codes', { code: guesses[i] }, { headers: { cookie } }));
    expect(count(statuses, 400)).toBe(LIMITS[limit].max);
    expect(count(statuses, 429)).toBe(20 - LIMITS[limit].max);
    expect(await hitsOf(limit, staff.id)).toBe(LIMITS[limit].max);
  });
});

describe('student logins', () => {
  const limit = 'login-failures:email-address' as const;

  it(`check no more wrong passwords than the allowance left (${LIMITS[limit].max} per account and address), and record one lockout`, async () => {
    const student = await newStudent('guessed');
    const ip = newIp();
    const statuses = await burst(LIMITS[limit].max + 4, (i) => call('user-login', { email: student.email, password: `wrong guess ${i}` }, { ip }));
    expect(count(statuses, 401)).toBe(LIMITS[limit].max);
    expect(count(statuses, 429)).toBe(4);
    expect(await hitsOf(limit, `${byEmail(student.email)}@${ip}`)).toBe(LIMITS[limit].max);
    const events = await sql<{ kind: string }>(`select kind from security_events where user_id = $1`, [student.id]);
    expect(events.filter((e) => e.kind === 'login-locked')).toHaveLength(1);
    expect(events.filter((e) => e.kind === 'login-failed')).toHaveLength(LIMITS[limit].max - 1);
    expect((await call('user-login', { email: student.email, password: student.password })).status).toBe(200);
  });

  it('let the right password through among wrong ones, and do not count it', async () => {
    const student = await newStudent('owner');
    const ip = newIp();
    const wrong = LIMITS[limit].max - 1;
    const statuses = await burst(wrong + 1, (i) =>
      call('user-login', { email: student.email, password: i === 0 ? student.password : `wrong guess ${i}` }, { ip }),
    );
    expect(statuses).toEqual([200, ...Array(wrong).fill(401)]);
    expect(await hitsOf(limit, `${byEmail(student.email)}@${ip}`)).toBe(wrong);
    expect(await burst(2, (i) => call('user-login', { email: student.email, password: `last guess ${i}` }, { ip }))).toEqual([401, 429]);
  });
});

describe('e-mailed codes', () => {
  const limit = 'code-failures:email' as const;

  it('verification: the right code is not counted; with one wrong code left for the address today, five at once get one check', async () => {
    // The right code and a wrong one at once: both are checked, only the wrong one counts.
    const owner = newEmail('verified');
    const { body } = await call('user-register', { name: 'Asha Verma', email: owner, password: 'a long passphrase' });
    const right = lastCodeTo(owner);
    await setHits(limit, byEmail(owner), LIMITS[limit].max - 3);
    const other = right === '000000' ? '000001' : '000000';
    const both = await burst(2, (i) => call('user-verify', { otp: Number(i === 0 ? right : other), activationToken: body['activationToken'] }));
    // The wrong one is checked before the right one (400) or after it (409: the code is used).
    expect(both.filter((s) => s === 429)).toHaveLength(0);
    expect(both).toContain(200);
    expect(await hitsOf(limit, byEmail(owner))).toBe(LIMITS[limit].max - 3 + (both.includes(400) ? 1 : 0));
    expect(await sql(`select 1 from users where email = $1`, [owner])).toHaveLength(1);

    const email = newEmail('verify');
    const registered = await call('user-register', { name: 'Asha Verma', email, password: 'a long passphrase' });
    expect(registered.status).toBe(201);
    const activationToken = registered.body['activationToken'];
    const code = lastCodeTo(email);
    await setHits(limit, byEmail(email), LIMITS[limit].max - 1);
    const wrongs = ['000000', '999999', '123456', '654321', '111111', '222222'].filter((c) => c !== code);
    const statuses = await burst(5, (i) => call('user-verify', { otp: Number(wrongs[i]), activationToken }));
    expect(statuses).toEqual([400, 429, 429, 429, 429]);
    expect(await hitsOf(limit, byEmail(email))).toBe(LIMITS[limit].max);
    expect((await call('user-verify', { otp: Number(code), activationToken })).status).toBe(429);
  });

  it('password reset: with one wrong code left for the address today, five at once get one check', async () => {
    const student = await newStudent('reset');
    const asked = await call('user-forgot-password', { email: student.email });
    expect(asked.status).toBe(200);
    const resetToken = asked.body['resetToken'];
    const code = lastCodeTo(student.email);
    await setHits(limit, byEmail(student.email), LIMITS[limit].max - 1);
    const wrongs = ['000000', '999999', '123456', '654321', '111111'].filter((c) => c !== code);
    const statuses = await burst(4, (i) => call('user-reset-password', { resetToken, otp: Number(wrongs[i]), password: 'monsoon rain on tin roofs' }));
    expect(statuses).toEqual([400, 429, 429, 429]);
    expect(await hitsOf(limit, byEmail(student.email))).toBe(LIMITS[limit].max);
    expect((await call('user-reset-password', { resetToken, otp: Number(code), password: 'monsoon rain on tin roofs' })).status).toBe(429);
  });
});

describe('changing a password', () => {
  const limit = 'change-password-failures:user' as const;

  it(`checks no more wrong current passwords than the allowance left (${LIMITS[limit].max})`, async () => {
    const student = await newStudent('changer');
    const login = await call('user-login', { email: student.email, password: student.password });
    const token = login.body['token'] as string;
    const change = (currentPassword: string) =>
      call('user-change-password', { currentPassword, newPassword: 'a brand new sentence' }, { headers: { authorization: `Bearer ${token}` } });
    const statuses = await burst(12, (i) => change(`wrong guess ${i}`));
    expect(count(statuses, 400)).toBe(LIMITS[limit].max);
    expect(count(statuses, 429)).toBe(12 - LIMITS[limit].max);
    expect(await hitsOf(limit, student.id)).toBe(LIMITS[limit].max);
  });
});
