/**
 * POST /api/user/login — {email, password} → {message, token, user}: opens a session. An unknown
 * e-mail and a wrong password get the same 401 after the same work (one scrypt, against a dummy
 * hash when there is no account). Only failed attempts count against an account, and per network
 * as well as in total (limits.ts); from a browser that logged in to the account before (its device
 * cookie, device.ts) they count on their own instead, so strangers typing wrong passwords from
 * any number of networks never lock the student out there, and a password reset lifts the lock
 * everywhere (decision 030). A login trusts the browser for the account from then on.
 */
import type { Config } from '@netlify/functions';
import { LoginSchema } from '../src/lib/schemas/user';
import { startSession, toPublicUser } from './_shared/auth/auth';
import { query } from './_shared/platform/db';
import { recordEvent } from './_shared/platform/events';
import { HttpError, afterAnswer, allowMethods, clientIp, endpoint, json, readJson, validate } from './_shared/platform/http';
import { byClient, byEmail, enforce, type FailureUse } from './_shared/platform/limits';
import { deviceCookie, signInAttempt, trustedDevice } from './_shared/auth/device';
import { DUMMY_HASH, verifyPassword } from './_shared/auth/password';
import { server_login_incorrect, server_login_welcome } from '../src/i18n/messages';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const { email, password } = validate(LoginSchema, await readJson(req));
  const address = byClient(req, context);
  const failures: FailureUse[] = [
    ['login-failures:email-address', `${byEmail(email)}@${address}`],
    ['login-failures:email', byEmail(email)],
  ];
  const device = trustedDevice(req, 'student', email);
  await enforce([['login:address', address]]);

  // The try is counted before the password is checked, and given back if it was right.
  const row = await signInAttempt(device ? ['login-failures:device', device] : null, failures, async (tries) => {
    const [row] = await query<{ id: string; name: string; email: string; role: string; password_hash: string }>(
      'select id::text, name, email, role, password_hash from users where lower(email) = lower($1)',
      [email],
    );
    const matches = await verifyPassword(password, row?.password_hash ?? DUMMY_HASH);
    if (!row || !matches) {
      const locked = tries.failed();
      await afterAnswer(context, () =>
        recordEvent({ kind: locked ? 'login-locked' : 'login-failed', userId: row?.id, detail: { known: Boolean(row) } }, clientIp(req, context)),
      );
      throw new HttpError(401, server_login_incorrect());
    }
    return row;
  });

  const user = toPublicUser(row);
  return json({ message: server_login_welcome({ name: user.name }), token: await startSession(user._id), user }, 200, {
    'Set-Cookie': deviceCookie('student', email),
  });
});

export const config: Config = { path: '/api/user/login' };
