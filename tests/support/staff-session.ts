/**
 * A signed-in member of staff for the in-process tests: an account and a session past its second
 * factor written straight to the database (the sign-in itself is tested over HTTP in tests/api),
 * and the cookie that carries it; or, where the sign-in's own limits are what is tested, the
 * sign-in through the functions themselves (admin-login, then admin-enrol).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import type pg from 'pg';
import { expect } from 'vitest';
import { BASE, jsonPost, type Caller } from './in-process';

/** The `cookie` header of a new staff session on the database of `client`, of an account in `role` (an Owner unless given). */
export async function staffCookie(client: pg.Client, role: 'owner' | 'counsellor' | 'accountant' | 'teacher' = 'owner'): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const { rows } = await client.query<{ id: string }>(
    `insert into staff (name, email, password_hash, password_changed_at, role) values ($1, $2, 'not-used', now(), $3) returning id::text`,
    ['Test Staff', `staff-${randomUUID().slice(0, 8)}@example.in`, role],
  );
  await client.query(`insert into staff_sessions (token_hash, staff_id, expires_at, second_factor_at) values ($1, $2, now() + interval '1 hour', now())`, [
    createHash('sha256').update(token).digest('hex'),
    rows[0]!.id,
  ]);
  return `__Host-staff=${token}`;
}

/** The `name=value` of the staff cookie `response` sets, or null when it sets none. */
export const staffCookieOf = (response: Response): string | null =>
  response.headers
    .getSetCookie()
    .find((c) => c.startsWith('__Host-staff='))
    ?.split(';')[0] ?? null;

/** The password step of a staff sign-in (admin-login): the cookie of a session waiting for its second factor. */
export async function passwordStep(fx: Caller, login: { email: string; password: string }): Promise<string> {
  const { response, settled } = await fx.call('admin-login', jsonPost('/api/admin/login', login));
  await settled();
  expect(response.status, await response.clone().text()).toBe(200);
  return staffCookieOf(response)!;
}

/**
 * Sets up the authenticator of a session after its password step (admin-enrol: the secret, then
 * its code): the secret and the cookie of the signed-in session.
 */
export async function enrol(fx: Caller, pending: string): Promise<{ secret: string; cookie: string }> {
  const asked = await fx.call('admin-enrol', new Request(new URL('/api/admin/enrol', BASE), { headers: { cookie: pending } }));
  await asked.settled();
  const { secret } = (await asked.response.json()) as { secret: string };
  const enrolled = await fx.call('admin-enrol', jsonPost('/api/admin/enrol', { code: await generate({ secret }) }, { cookie: pending }));
  await enrolled.settled();
  expect(enrolled.response.status, await enrolled.response.clone().text()).toBe(200);
  return { secret, cookie: staffCookieOf(enrolled.response)! };
}
