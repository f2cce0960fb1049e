/**
 * POST /api/admin/login — {email, password, recoveryCode?} → {message, next}: the first step of a
 * staff sign-in. The right password opens a session that waits for the second factor (staff.ts)
 * and sets its cookie; `next` says what comes next: 'verify' (give the authenticator code) or
 * 'enrol' (first sign-in: set up the authenticator). An unknown e-mail, an account without a
 * password yet and a wrong password get the same 401 after the same work; a disabled account is
 * told so only once its password was right.
 *
 * Wrong passwords are counted per account and network and per account (limits.ts), except from a
 * browser that completed a sign-in to the account before (its device cookie, device.ts): its tries
 * count on their own, so strangers' guesses that lock the account never lock out its owner there.
 * On any other browser, the password with one of the account's recovery codes signs in at once
 * ('next': 'done', as /verify answers) and is counted per network only: the way in for a locked
 * account whose owner has no trusted browser at hand (decision 030).
 */
import type { Config } from '@netlify/functions';
import { codesLeftMessage } from '../src/lib/recovery-codes';
import { ADMIN_MARKER, StaffLoginSchema } from '../src/lib/schemas/staff';
import { audit } from './_shared/platform/audit';
import { query, transaction } from './_shared/platform/db';
import { recordEvent } from './_shared/platform/events';
import { HttpError, afterAnswer, allowMethods, clientIp, endpoint, json, readJson, validate } from './_shared/platform/http';
import { byClient, byEmail, enforce, type FailureUse } from './_shared/platform/limits';
import { deviceCookie, signInAttempt, trustedDevice } from './_shared/auth/device';
import { DUMMY_HASH, verifyPassword } from './_shared/auth/password';
import { startSignedInSession, startStaffSession } from './_shared/auth/staff';
import { useRecoveryCode } from './_shared/auth/totp';

interface StaffRow {
  id: string;
  name: string;
  email: string;
  password_hash: string | null;
  disabled: boolean;
  enrolled: boolean;
}

const DISABLED = 'This account has been disabled. Please ask a colleague to enable it.';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const { email, password, recoveryCode } = validate(StaffLoginSchema, await readJson(req));
  const address = byClient(req, context);
  const perNetwork: FailureUse = ['staff-login-failures:email-address', `${byEmail(email)}@${address}`];
  const device = recoveryCode ? null : trustedDevice(req, 'staff', email);
  await enforce([['staff-login:address', address]]);

  // The try is counted before the password is checked, and given back if it was right.
  const untrusted: FailureUse[] = recoveryCode ? [perNetwork] : [perNetwork, ['staff-login-failures:email', byEmail(email)]];
  const outcome = await signInAttempt(device ? ['staff-login-failures:device', device] : null, untrusted, async (tries) => {
    const [row] = await query<StaffRow>(
      `select id::text, name, email, password_hash, disabled_at is not null as disabled, totp_secret is not null as enrolled
         from staff where lower(email) = lower($1)`,
      [email],
    );
    const matches = await verifyPassword(password, row?.password_hash ?? DUMMY_HASH);
    const wrong = async () => {
      tries.failed();
      await afterAnswer(context, () => recordEvent({ kind: 'staff-login-failed', userId: row?.id, detail: { known: Boolean(row) } }, clientIp(req, context)));
      return new HttpError(401, recoveryCode ? 'Incorrect email, password or recovery code.' : 'Incorrect email or password.');
    };
    if (!row || !row.password_hash || !matches) throw await wrong();
    if (row.disabled) throw new HttpError(403, DISABLED);
    if (!recoveryCode) return { row, signedIn: null };

    const signedIn = await transaction(async (client) => {
      if (!(await useRecoveryCode(client, row.id, recoveryCode))) return null;
      const session = await startSignedInSession(row.id, req, context, client);
      const who = clientIp(req, context);
      await audit({ staffId: row.id, action: 'sign-in', entity: 'session', entityId: session.sessionId }, who, client);
      await audit({ staffId: row.id, action: 'use-recovery-code', entity: 'staff', entityId: row.id }, who, client);
      const left = await client.query<{ left: number }>('select count(*)::int as left from staff_recovery_codes where staff_id = $1 and used_at is null', [
        row.id,
      ]);
      return { cookie: session.cookie, recoveryCodesLeft: left.rows[0]!.left };
    });
    if (!signedIn) throw await wrong();
    return { row, signedIn };
  });

  const { row, signedIn } = outcome;
  if (signedIn) {
    const answer = json(
      {
        message: `Welcome back, ${row.name}! ${codesLeftMessage(signedIn.recoveryCodesLeft)}`,
        next: 'done',
        token: ADMIN_MARKER,
        staff: { _id: row.id, name: row.name, email: row.email },
        recoveryCodesLeft: signedIn.recoveryCodesLeft,
      },
      200,
      { 'Set-Cookie': signedIn.cookie },
    );
    answer.headers.append('Set-Cookie', deviceCookie('staff', row.email));
    return answer;
  }
  const cookie = await startStaffSession(row.id, req, context);
  const next = row.enrolled ? 'verify' : 'enrol';
  const message = row.enrolled ? 'Please enter the code from your authenticator app.' : 'Please set up your authenticator app to finish signing in.';
  return json({ message, next }, 200, { 'Set-Cookie': cookie });
});

export const config: Config = { path: '/api/admin/login' };
