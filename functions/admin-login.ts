/**
 * POST /api/admin/login — {email, password} → {message, next}: the first step of a staff
 * sign-in. The right password opens a session that waits for the second factor (staff.ts) and
 * sets its cookie; `next` says what comes next: 'verify' (give the authenticator code) or
 * 'enrol' (first sign-in: set up the authenticator). An unknown e-mail, an account without a
 * password yet and a wrong password get the same 401 after the same work; a disabled account is
 * told so only once its password was right.
 */
import type { Config } from '@netlify/functions';
import { StaffLoginSchema } from '../src/lib/schemas/staff';
import { query } from './_shared/platform/db';
import { recordEvent } from './_shared/platform/events';
import { HttpError, afterAnswer, allowMethods, clientIp, endpoint, json, readJson, validate } from './_shared/platform/http';
import { attempt, byClient, byEmail, enforce, type FailureUse } from './_shared/platform/limits';
import { DUMMY_HASH, verifyPassword } from './_shared/auth/password';
import { startStaffSession } from './_shared/auth/staff';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const { email, password } = validate(StaffLoginSchema, await readJson(req));
  const address = byClient(req, context);
  const failures: FailureUse[] = [
    ['staff-login-failures:email-address', `${byEmail(email)}@${address}`],
    ['staff-login-failures:email', byEmail(email)],
  ];
  await enforce([['staff-login:address', address]]);

  // The try is counted before the password is checked, and given back if it was right.
  const row = await attempt(failures, async (tries) => {
    const [row] = await query<{ id: string; password_hash: string | null; disabled: boolean; enrolled: boolean }>(
      `select id::text, password_hash, disabled_at is not null as disabled, totp_secret is not null as enrolled
         from staff where lower(email) = lower($1)`,
      [email],
    );
    const matches = await verifyPassword(password, row?.password_hash ?? DUMMY_HASH);
    if (!row || !row.password_hash || !matches) {
      tries.failed();
      await afterAnswer(context, () => recordEvent({ kind: 'staff-login-failed', userId: row?.id, detail: { known: Boolean(row) } }, clientIp(req, context)));
      throw new HttpError(401, 'Incorrect email or password.');
    }
    return row;
  });
  if (row.disabled) throw new HttpError(403, 'This account has been disabled. Please ask a colleague to enable it.');

  const cookie = await startStaffSession(row.id, req, context);
  const next = row.enrolled ? 'verify' : 'enrol';
  const message = row.enrolled ? 'Please enter the code from your authenticator app.' : 'Please set up your authenticator app to finish signing in.';
  return json({ message, next }, 200, { 'Set-Cookie': cookie });
});

export const config: Config = { path: '/api/admin/login' };
