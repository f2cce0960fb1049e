/**
 * No volume of strangers' guesses locks out the person who knows the secret (decision 030). Each
 * case fires the strangers' requests at once from several networks against the real limits, and
 * shows both sides: the strangers are refused in words, and the rightful person still gets in —
 * from a browser that signed in before (its device cookie), after a fresh password reset, with
 * the link in the latest e-mail, with a recovery code, after an Owner's unlock.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../../scripts/staff.mjs';
import { LIMITS, byEmail } from '../../functions/_shared/platform/limits';
import { hashPassword } from '../../functions/_shared/auth/password';
import { DEVICE_COOKIES } from '../../functions/_shared/auth/device';
import { statusLinkKey } from '../../functions/_shared/applications/status-link';
import { confirmationMail } from '../../functions/_shared/applications/application-mail';
import { FORMS } from '../../src/lib/schemas/application-forms';
import { OTP_MAX_ATTEMPTS } from '../../src/lib/schemas/user';
import { BASE, closeInProcess, openInProcess, sqlOn, type InProcess } from '../support/in-process';
import { rateLimitsOn } from '../support/rate-limits';
import { staffCookie, staffCookieOf } from '../support/staff-session';

let fx: InProcess;
let client: pg.Client;

beforeAll(async () => {
  ({ fx, client } = await openInProcess({
    functions: [
      'admin-login',
      'admin-enrol',
      'admin-verify',
      'admin-me',
      'admin-staff',
      'admin-staff-item',
      'admin-recovery-codes',
      'user-login',
      'user-forgot-password',
      'user-reset-password',
      'application-status',
      'apply',
    ],
  }));
});

afterAll(() => closeInProcess({ fx, client }));

const sql = sqlOn(() => client);
const { hitsOf, setHits } = rateLimitsOn(sql);

let n = 0;
const next = () => (n += 1);
/** A new IPv4 address of its own. */
const newIp = () => `100.70.${Math.floor(next() / 250)}.${1 + (n % 250)}`;
/** A new IPv6 /56, as its first 56 bits: its /64s are `${net}xx::1`. */
const newIpv6Net56 = () => `2001:db8:${next().toString(16)}:${(n % 200).toString(16).padStart(2, '0')}`;
const newEmail = (label: string) => `${label}.${next()}.${randomUUID().slice(0, 6)}@example.in`;

interface Answer {
  status: number;
  body: Record<string, unknown>;
  cookies: string[];
}

/** Calls function `name` with `body` (GET without one) from `ip` as the browser holding `cookies`; waits for its work after the answer. */
async function call(
  name: string,
  body: unknown,
  {
    ip = newIp(),
    cookies = [],
    method,
    params,
    route,
  }: { ip?: string; cookies?: (string | null)[]; method?: string; params?: Record<string, string>; route?: string } = {},
): Promise<Answer> {
  const cookie = cookies.filter(Boolean).join('; ');
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const init: RequestInit =
    body === undefined
      ? { method: method ?? 'GET', headers }
      : { method: method ?? 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
  const { response, settled } = await fx.call(name, new Request(new URL(route ?? `/api/${name}`, BASE), init), { ip, ...(params ? { params } : {}) });
  await settled();
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, cookies: response.headers.getSetCookie() };
}

/** The `name=value` of cookie `name` among `set` (Set-Cookie values), or null. */
const cookieOf = (set: string[], name: string) =>
  set
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0]
    ?.trim() ?? null;

const count = (answers: Answer[], status: number) => answers.filter((a) => a.status === status).length;

/** The text of the mails sent to `email`, oldest first. */
function mailsTo(email: string): string[] {
  return readdirSync(fx.outbox, { withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => ({ at: e.name, text: readFileSync(path.join(fx.outbox, e.name), 'utf8') }))
    .filter(({ text }) => text.includes(`To: ${email}`))
    .sort((a, b) => a.at.localeCompare(b.at))
    .map(({ text }) => text);
}

/** The 6-digit code of the latest mail to `email`. */
const lastCodeTo = (email: string) => /\b(\d{6})\b/.exec(mailsTo(email).at(-1)!.split('\n\n').slice(1).join('\n\n'))![1]!;
/** The reset link's token of the latest mail to `email`. */
const lastLinkTo = (email: string) => /\/forgot-password#link=([A-Za-z0-9._-]+)/.exec(mailsTo(email).at(-1) ?? '')?.[1];

/* ------------------------------------------------------------------------------ staff ---- */

const newStaff = (label: string, role: 'owner' | 'counsellor' = 'owner') =>
  createStaff({ query: (text: string, params: unknown[]) => client.query(text, params) }, { name: `Staff ${label}`, email: newEmail(`staff-${label}`), role });

/** The code the authenticator shows for `secret`, `steps` 30-second steps from now. */
const totpAt = (secret: string, steps: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/**
 * A staff account signed in once from `ip` (password, then setting up its authenticator): its
 * authenticator secret and the browser's device cookie, which the sign-in left.
 */
async function staffWithTrustedBrowser(label: string, ip = newIp()) {
  const staff = await newStaff(label);
  const login = await call('admin-login', { email: staff.email, password: staff.password }, { ip });
  expect(login.status).toBe(200);
  const pending = cookieOf(login.cookies, '__Host-staff');
  const asked = await call('admin-enrol', undefined, { ip, cookies: [pending], route: '/api/admin/enrol' });
  const secret = asked.body['secret'] as string;
  const enrolled = await call('admin-enrol', { code: await totpAt(secret, 0) }, { ip, cookies: [pending], route: '/api/admin/enrol' });
  expect(enrolled.status).toBe(200);
  const device = cookieOf(enrolled.cookies, DEVICE_COOKIES.staff);
  expect(device, 'the sign-in leaves a device cookie').not.toBeNull();
  return { staff, secret, device: device!, recoveryCodes: enrolled.body['recoveryCodes'] as string[] };
}

/**
 * Strangers' wrong passwords for `email` that bring the account to its limit: all but `left`
 * are written as counted from as many networks as they need (each checked guess costs a full
 * scrypt, too slow for a hundred on a shared 2-core machine); then `networks` more networks send
 * `each` guesses each, all at once, of which exactly `left` may be checked: their answers.
 */
async function strangersGuess(
  fn: 'admin-login' | 'user-login',
  email: string,
  { left, networks, each }: { left: number; networks: number; each: number },
): Promise<Answer[]> {
  const [account, perNetwork] =
    fn === 'admin-login'
      ? (['staff-login-failures:email', 'staff-login-failures:email-address'] as const)
      : (['login-failures:email', 'login-failures:email-address'] as const);
  const counted = LIMITS[account].max - left;
  for (let done = 0; done < counted; done += LIMITS[perNetwork].max) {
    await setHits(perNetwork, `${byEmail(email)}@${newIp()}`, Math.min(LIMITS[perNetwork].max, counted - done));
  }
  await setHits(account, byEmail(email), counted);
  const ips = Array.from({ length: networks }, newIp);
  return Promise.all(ips.flatMap((ip) => Array.from({ length: each }, (_, i) => call(fn, { email, password: `wrong guess ${i}` }, { ip }))));
}

describe('staff sign-in', () => {
  const perNetwork = LIMITS['staff-login-failures:email-address'].max;
  const account = LIMITS['staff-login-failures:email'];
  const networks = Math.ceil(account.max / perNetwork);

  it(`${perNetwork} wrong passwords from each of ${networks} networks at once refuse strangers, not the right password from a browser that signed in before`, async () => {
    const { staff, device } = await staffWithTrustedBrowser('trusted');
    const guesses = await strangersGuess('admin-login', staff.email, { left: 3, networks: 3, each: 3 });
    expect(count(guesses, 401)).toBe(3);
    expect(count(guesses, 429)).toBe(guesses.length - 3);
    expect(await hitsOf('staff-login-failures:email', byEmail(staff.email))).toBe(account.max);

    // Strangers, even with the right password, from any other network: refused in words.
    const stranger = await call('admin-login', { email: staff.email, password: staff.password });
    expect(stranger.status).toBe(429);
    expect(stranger.body['message']).toBe(account.message);

    // The browser that signed in before, from yet another network, with the right password.
    const trusted = await call('admin-login', { email: staff.email, password: staff.password }, { cookies: [device] });
    expect(trusted.status).toBe(200);
    expect(trusted.body['next']).toBe('verify');
  });

  it('a device cookie is the account’s own, and its wrong passwords are limited too', async () => {
    const { staff, device } = await staffWithTrustedBrowser('bounded');
    const other = await newStaff('other');
    await setHits('staff-login-failures:email', byEmail(other.email), account.max);
    // Another account's device cookie trusts nothing here.
    expect((await call('admin-login', { email: other.email, password: other.password }, { cookies: [device] })).status).toBe(429);

    await setHits('staff-login-failures:email', byEmail(staff.email), account.max);
    const ip = newIp();
    const tries = await Promise.all(
      Array.from({ length: 12 }, (_, i) => call('admin-login', { email: staff.email, password: `wrong ${i}` }, { ip, cookies: [device] })),
    );
    // The device's own allowance, then the account's lock like any other browser.
    expect(count(tries, 401)).toBe(LIMITS['staff-login-failures:device'].max);
    expect(count(tries, 429)).toBe(12 - LIMITS['staff-login-failures:device'].max);
    expect((await call('admin-login', { email: staff.email, password: staff.password }, { cookies: [device] })).status).toBe(429);
  });

  for (const action of ['unlock', 'reset-second-factor', 'enable'] as const) {
    it(`an Owner's ${action} lets the right password in again from any browser`, async () => {
      const staff = await newStaff(`locked-${action}`, 'counsellor');
      // Locked as the first case locks it (that volume is shown there): for every browser it was never used on.
      const guesserIp = newIp();
      await setHits('staff-login-failures:email', byEmail(staff.email), account.max);
      await setHits('staff-login-failures:email-address', `${byEmail(staff.email)}@${guesserIp}`, perNetwork);
      expect((await call('admin-login', { email: staff.email, password: staff.password })).status).toBe(429);
      const owner = await staffCookie(client, 'owner');
      // The staff page shows the lock.
      const listed = await call('admin-staff', undefined, { cookies: [owner], route: '/api/admin/staff' });
      expect((listed.body['items'] as { _id: string; signInLocked: boolean }[]).find((item) => item._id === staff.id)).toMatchObject({ signInLocked: true });
      if (action === 'enable') {
        const disabled = await call('admin-staff-item', { action: 'disable' }, { method: 'PUT', cookies: [owner], params: { id: staff.id } });
        expect(disabled.status).toBe(200);
      }
      const done = await call('admin-staff-item', { action }, { method: 'PUT', cookies: [owner], params: { id: staff.id } });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body['item']).toMatchObject({ signInLocked: false });
      expect(await hitsOf('staff-login-failures:email', byEmail(staff.email))).toBe(0);
      expect(await hitsOf('staff-login-failures:email-address', `${byEmail(staff.email)}@${guesserIp}`)).toBe(0);
      expect((await call('admin-login', { email: staff.email, password: staff.password })).status).toBe(200);
      expect((await call('admin-login', { email: staff.email, password: staff.password }, { ip: guesserIp })).status).toBe(200);
    });
  }

  it('a sole Owner locked out, on a browser they never used, signs in with the password and a recovery code; strangers cannot', async () => {
    const { staff, recoveryCodes } = await staffWithTrustedBrowser('sole');
    const [recoveryCode] = recoveryCodes;
    await strangersGuess('admin-login', staff.email, { left: 0, networks: 0, each: 0 });
    expect((await call('admin-login', { email: staff.email, password: staff.password })).status).toBe(429);
    // A stranger with a made-up recovery code gets no further than wrong passwords from their network.
    const ip = newIp();
    const stranger = await Promise.all(
      Array.from({ length: perNetwork + 2 }, (_, i) =>
        call('admin-login', { email: staff.email, password: `guess ${i}`, recoveryCode: 'abcde-12345' }, { ip }),
      ),
    );
    expect(count(stranger, 401)).toBe(perNetwork);
    expect(count(stranger, 429)).toBe(2);

    const rescued = await call('admin-login', { email: staff.email, password: staff.password, recoveryCode });
    expect(rescued.status, JSON.stringify(rescued.body)).toBe(200);
    expect(rescued.body['next']).toBe('done');
    const cookie = staffCookieOf(new Response(null, { headers: rescued.cookies.map((c) => ['set-cookie', c] as [string, string]) }));
    expect((await call('admin-me', undefined, { cookies: [cookie], route: '/api/admin/me' })).status).toBe(200);
    // Used once.
    expect((await call('admin-login', { email: staff.email, password: staff.password, recoveryCode })).status).toBe(401);
  });
});

/* --------------------------------------------------------------------------- students ---- */

async function newStudent(label: string, password = 'a long passphrase') {
  const email = newEmail(label);
  await sql(`insert into users (name, email, password_hash) values ('Asha Verma', $1, $2)`, [email, await hashPassword(password)]);
  return { email, password };
}

/** Lets the next code go out at once (the 60 seconds between two codes have passed). */
const waitBetweenCodesPassed = (email: string) =>
  sql(`update otp_challenges set sent_at = sent_at - interval '61 seconds' where lower(email) = lower($1)`, [email]);

describe('student logins', () => {
  const perNetwork = LIMITS['login-failures:email-address'].max;
  const account = LIMITS['login-failures:email'];
  const networks = Math.ceil(account.max / perNetwork);

  it(`${account.max} wrong passwords from ${networks} networks at once refuse strangers, not a browser that logged in before`, async () => {
    const student = await newStudent('trusted');
    const first = await call('user-login', { email: student.email, password: student.password });
    expect(first.status).toBe(200);
    const device = cookieOf(first.cookies, DEVICE_COOKIES.student);
    expect(device).not.toBeNull();

    const guesses = await strangersGuess('user-login', student.email, { left: 3, networks: 3, each: 3 });
    expect(count(guesses, 401)).toBe(3);
    expect(count(guesses, 429)).toBe(guesses.length - 3);
    expect(await hitsOf('login-failures:email', byEmail(student.email))).toBe(account.max);

    const stranger = await call('user-login', { email: student.email, password: student.password });
    expect(stranger.status).toBe(429);
    expect(stranger.body['message']).toBe(account.message);
    expect((await call('user-login', { email: student.email, password: student.password }, { cookies: [device] })).status).toBe(200);
  });

  it('a successful password reset clears the lock and trusts that browser', async () => {
    const student = await newStudent('reset');
    await setHits('login-failures:email', byEmail(student.email), account.max);
    expect((await call('user-login', { email: student.email, password: student.password })).status).toBe(429);

    const asked = await call('user-forgot-password', { email: student.email });
    expect(asked.status).toBe(200);
    const reset = await call('user-reset-password', {
      resetToken: asked.body['resetToken'],
      otp: Number(lastCodeTo(student.email)),
      password: 'monsoon rain on tin roofs',
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const device = cookieOf(reset.cookies, DEVICE_COOKIES.student);
    expect(device).not.toBeNull();
    expect(await hitsOf('login-failures:email', byEmail(student.email))).toBe(0);
    expect((await call('user-login', { email: student.email, password: 'monsoon rain on tin roofs' })).status).toBe(200);
    await setHits('login-failures:email', byEmail(student.email), account.max);
    expect((await call('user-login', { email: student.email, password: 'monsoon rain on tin roofs' }, { cookies: [device] })).status).toBe(200);
  });
});

describe('password resets', () => {
  const codes = LIMITS['code-failures:email'];

  it('a stranger’s rounds of forgot-password and wrong codes do not stop the student’s own reset: the link in the latest e-mail works', async () => {
    const student = await newStudent('victim');
    // The rounds before the last are written as counted (each wrong code costs a full scrypt of
    // the new password); the last round is sent, its six wrong codes at once.
    const perRound = OTP_MAX_ATTEMPTS;
    await setHits('code-failures:email', byEmail(student.email), codes.max - perRound);
    await waitBetweenCodesPassed(student.email);
    const asked = await call('user-forgot-password', { email: student.email });
    expect(asked.status).toBe(200);
    const ip = newIp();
    const wrong = await Promise.all(
      ['000001', '000002', '000003', '000004', '000005', '000006'].map((otp) =>
        call('user-reset-password', { resetToken: asked.body['resetToken'], otp: Number(otp), password: 'a stranger’s password here' }, { ip }),
      ),
    );
    expect(count(wrong, 400)).toBe(perRound);
    expect(await hitsOf('code-failures:email', byEmail(student.email))).toBe(codes.max);

    await waitBetweenCodesPassed(student.email);
    const own = await call('user-forgot-password', { email: student.email });
    expect(own.status).toBe(200);
    // The typed code is refused (the day's wrong codes are spent), in words that point to the link.
    const typed = await call('user-reset-password', {
      resetToken: own.body['resetToken'],
      otp: Number(lastCodeTo(student.email)),
      password: 'monsoon rain on tin roofs',
    });
    expect(typed.status).toBe(429);
    expect(typed.body['message']).toBe(codes.message);
    expect(String(typed.body['message'])).toMatch(/link/);
    // The link needs no count.
    const link = lastLinkTo(student.email);
    expect(link).toBeDefined();
    const reset = await call('user-reset-password', { link, password: 'monsoon rain on tin roofs' });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await call('user-login', { email: student.email, password: 'monsoon rain on tin roofs' })).status).toBe(200);
    // Once only, and a made-up link is refused in words.
    expect((await call('user-reset-password', { link, password: 'another long sentence' })).status).toBe(409);
    expect((await call('user-reset-password', { link: `${link!.slice(0, -4)}AAAA`, password: 'another long sentence' })).status).toBe(400);
  });

  it(`${LIMITS['forgot:email'].max + 1} forgot-password requests from as many networks leave the person a link that works`, async () => {
    const student = await newStudent('mailed');
    const allowance = LIMITS['forgot:email'].max;
    for (let i = 0; i < allowance; i += 1) {
      await waitBetweenCodesPassed(student.email);
      expect((await call('user-forgot-password', { email: student.email })).status).toBe(200);
    }
    await waitBetweenCodesPassed(student.email);
    // Strangers at once from many networks: refused, and no more mails go out.
    const sent = mailsTo(student.email).length;
    const burst = await Promise.all(Array.from({ length: 6 }, () => call('user-forgot-password', { email: student.email })));
    expect(count(burst, 429)).toBe(6);
    expect(mailsTo(student.email)).toHaveLength(sent);

    const own = await call('user-forgot-password', { email: student.email });
    expect(own.status).toBe(429);
    expect(own.body['message']).toBe(LIMITS['forgot:email'].message);
    expect(String(own.body['message'])).toMatch(/latest/);
    const reset = await call('user-reset-password', { link: lastLinkTo(student.email), password: 'monsoon rain on tin roofs' });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(cookieOf(reset.cookies, DEVICE_COOKIES.student)).not.toBeNull();
  });
});

/* ------------------------------------------------------------------------ status page ---- */

async function insertApplication(): Promise<{ reference: string; mobile: string }> {
  const mobile = `9${String(400_000_000 + next()).padStart(9, '0')}`;
  const reference = `IB-2026-${String(50_000 + next()).padStart(5, '0')}`;
  await sql(
    `with p as (insert into people default values returning id),
          l as (insert into leads (reference, kind, form, status, name, phone, phone_norm, email, person_id)
                select $1, 'iibf', '/IIBFForm', 'submitted', 'Pooja Sharma', $2, $3, $4, p.id from p returning id)
     insert into applications (lead_id, form, draft, fields, consent_version, consent_at)
     select id, 'iibf', $5, '{}', 'test', now() from l`,
    [reference, `+91${mobile}`, mobile, `${reference.toLowerCase()}@example.in`, randomUUID()],
  );
  return { reference, mobile };
}

const wrongMobile = () => `8${String(100_000_000 + next()).padStart(9, '0')}`;
const ask = (query: Record<string, string>, ip: string) => call('application-status', query, { ip, route: '/api/applications/status' });

describe('the status page', () => {
  const reference = LIMITS['status-failures:reference'];

  it('wrong mobiles from five /64s of one IPv6 /56, at once, are refused before they lock the reference; the owner gets in', async () => {
    const app = await insertApplication();
    const net = newIpv6Net56();
    const perSlash64 = Math.ceil(reference.max / 5) + 1;
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => `${net}${String(i).padStart(2, '0')}::1`).flatMap((ip) =>
        Array.from({ length: perSlash64 }, () => ask({ reference: app.reference, mobile: wrongMobile() }, ip)),
      ),
    );
    expect(count(answers, 404)).toBe(LIMITS['status-failures:reference-network'].max);
    expect(count(answers, 429)).toBe(answers.length - LIMITS['status-failures:reference-network'].max);
    expect(await hitsOf('status-failures:reference', app.reference)).toBeLessThan(reference.max);
    const owner = await ask({ reference: app.reference, mobile: app.mobile }, newIp());
    expect(owner.status).toBe(200);
  });

  it('with the reference locked by wrong mobiles from many networks, the link in the confirmation e-mail still shows the status', async () => {
    const app = await insertApplication();
    await setHits('status-failures:reference', app.reference, reference.max);
    const stranger = await ask({ reference: app.reference, mobile: app.mobile }, newIp());
    expect(stranger.status).toBe(429);

    const mail = confirmationMail(FORMS.iibf, { reference: app.reference, email: 'pooja@example.in' }, 'https://example.in');
    const link = /\/applicationStatus#reference=([A-Z0-9-]+)&key=([A-Za-z0-9_-]+)/.exec(mail.text);
    expect(link?.[1]).toBe(app.reference);
    expect(link?.[2]).toBe(statusLinkKey(app.reference));
    const owner = await ask({ reference: app.reference, key: link![2]! }, newIp());
    expect(owner.status).toBe(200);
    expect(owner.body).toMatchObject({ reference: app.reference, status: 'submitted' });
    // A made-up key is the same "not found" as a wrong mobile.
    const made = await ask({ reference: app.reference, key: 'A'.repeat(link![2]!.length) }, newIp());
    expect(made.status).toBe(404);
  });
});

/* ------------------------------------------------------------------------------ apply ---- */

describe('Apply Now', () => {
  const application = (phone: string) => ({
    name: 'Ravi Kumar',
    email: `ravi.${next()}@example.in`,
    phone,
    department: 'dl',
    course: 'RS-CIT (Basic)',
    consent: true,
  });

  it(`applications with someone's mobile from ${LIMITS['apply:phone'].max} networks at once do not stop their own; one network is still stopped`, async () => {
    const phone = `9${String(500_000_000 + next()).padStart(9, '0')}`;
    const strangers = await Promise.all(Array.from({ length: LIMITS['apply:phone'].max }, () => call('apply', application(phone))));
    expect(count(strangers, 201)).toBe(LIMITS['apply:phone'].max);
    const own = await call('apply', application(phone));
    expect(own.status, JSON.stringify(own.body)).toBe(201);

    const ip = newIp();
    const one = await Promise.all(Array.from({ length: LIMITS['apply:phone'].max + 2 }, () => call('apply', application(phone), { ip })));
    expect(count(one, 201)).toBe(LIMITS['apply:phone'].max);
    expect(count(one, 429)).toBe(2);
  });
});
