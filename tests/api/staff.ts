/** Helpers of the staff tests: accounts made as `npm run admin:create` makes them, and signing in with the second factor. */
import { expect } from 'vitest';
import { generate } from 'otplib';
import { createStaff, newPassword } from '../../scripts/staff.mjs';
import { quickPasswordHash } from '../support/quick-password';
import type { Target } from './global-setup';
import { db, newClientIp, uniqueEmail } from './helpers';

export interface TestStaff {
  id: string;
  name: string;
  email: string;
  password: string;
}

/** A role of staff (staff.role). */
export type TestRole = 'owner' | 'counsellor' | 'accountant' | 'teacher';

/** A staff account (no authenticator yet), an Owner unless `role` says otherwise. */
export async function createStaffAccount(target: Target, label = 'staff', role: TestRole = 'owner'): Promise<TestStaff> {
  const pool = { query: async (text: string, params: unknown[]) => ({ rows: await db(target, text, params) }) };
  return createStaff(pool, { name: `Staff ${label.replace(/[^a-z]/gi, '')}`, email: uniqueEmail(`staff-${label}`), role });
}

/** The `name=value` of the session cookie a response sets, or null. */
export function sessionCookieOf(res: Response): string | null {
  const header = res.headers.getSetCookie().find((c) => c.startsWith('__Host-staff='));
  if (!header) return null;
  const pair = header.split(';')[0]!;
  return pair === '__Host-staff=' ? null : pair;
}

/** The code an authenticator app shows for `secret`, `steps` 30-second steps from now. */
export const totp = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** A request to the API as the browser holding `cookie` (no cookie: nobody). */
export function staffFetch(
  target: Target,
  route: string,
  cookie: string | null,
  init: { method?: string; body?: unknown; headers?: Record<string, string>; ip?: string } = {},
) {
  const headers: Record<string, string> = { 'x-forwarded-for': init.ip ?? newClientIp(), ...init.headers };
  if (cookie) headers['cookie'] = cookie;
  if (init.body !== undefined) headers['content-type'] ??= 'application/json';
  return target.fetch(route, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? null : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
  });
}

/** Signs in with the password only: the cookie of a session waiting for its second factor. */
export async function passwordStep(target: Target, staff: TestStaff): Promise<{ cookie: string; next: string }> {
  const res = await staffFetch(target, '/api/admin/login', null, { body: { email: staff.email, password: staff.password } });
  expect(res.status).toBe(200);
  const cookie = sessionCookieOf(res);
  expect(cookie).not.toBeNull();
  return { cookie: cookie!, next: (await res.json()).next };
}

/** A staff member signed in for the first time (authenticator enrolled): their cookie, secret and recovery codes. */
export async function signInFirstTime(target: Target, staff: TestStaff) {
  const { cookie: pending } = await passwordStep(target, staff);
  const enrol = await staffFetch(target, '/api/admin/enrol', pending);
  expect(enrol.status).toBe(200);
  const { secret } = (await enrol.json()) as { secret: string };
  const enrolmentCode = await totp(secret);
  const res = await staffFetch(target, '/api/admin/enrol', pending, { body: { code: enrolmentCode } });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { recoveryCodes: string[] };
  return { cookie: sessionCookieOf(res)!, secret, recoveryCodes: body.recoveryCodes, pending, enrolmentCode };
}

/**
 * A staff account like createStaffAccount's, but with a quick password hash (tests/support/quick-password.ts):
 * for the set-up of tests about what staff do once signed in, which sign in once each. The
 * sign-in itself runs as ever; only the hash's cost is smaller (two full scrypt runs per account
 * were most of the CPU of an API test file's set-up).
 */
async function quickStaffAccount(target: Target, label: string, role: TestRole): Promise<TestStaff> {
  const staff = { name: `Staff ${label.replace(/[^a-z]/gi, '')}`, email: uniqueEmail(`staff-${label}`), password: newPassword() };
  const [row] = await db<{ id: string }>(
    target,
    'insert into staff (name, email, password_hash, password_changed_at, role) values ($1, $2, $3, now(), $4) returning id::text',
    [staff.name, staff.email, await quickPasswordHash(staff.password), role],
  );
  return { id: row!.id, ...staff };
}

/** A new, signed-in member of staff (account made, authenticator enrolled): an Owner unless `role` says otherwise. */
export async function signedInAdmin(target: Target, label = 'admin', role: TestRole = 'owner') {
  const staff = await quickStaffAccount(target, label, role);
  return { staff, ...(await signInFirstTime(target, staff)) };
}
