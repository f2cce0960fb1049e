/**
 * POST /api/user/login — {email, password} → {message, token, user}: opens a session. An unknown
 * e-mail and a wrong password get the same 401 after the same work (one scrypt, against a dummy
 * hash when there is no account). Only failed attempts count against an account, and per network
 * as well as in total (limits.ts), so a stranger typing wrong passwords cannot lock a student out.
 */
import type { Config } from '@netlify/functions';
import { LoginSchema } from '../src/lib/schemas/user';
import { startSession, toPublicUser } from './_shared/auth/auth';
import { query } from './_shared/platform/db';
import { recordEvent } from './_shared/platform/events';
import { HttpError, afterAnswer, allowMethods, clientIp, endpoint, json, readJson, validate } from './_shared/platform/http';
import { attempt, byClient, byEmail, enforce, type FailureUse } from './_shared/platform/limits';
import { DUMMY_HASH, verifyPassword } from './_shared/auth/password';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const { email, password } = validate(LoginSchema, await readJson(req));
  const address = byClient(req, context);
  const failures: FailureUse[] = [
    ['login-failures:email-address', `${byEmail(email)}@${address}`],
    ['login-failures:email', byEmail(email)],
  ];
  await enforce([['login:address', address]]);

  // The try is counted before the password is checked, and given back if it was right.
  const row = await attempt(failures, async (tries) => {
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
      throw new HttpError(401, 'Incorrect email or password.');
    }
    return row;
  });

  const user = toPublicUser(row);
  return json({ message: `Welcome back, ${user.name}!`, token: await startSession(user._id), user });
});

export const config: Config = { path: '/api/user/login' };
