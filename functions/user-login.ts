/**
 * POST /api/user/login — {email, password} → {message, token, user}. An unknown e-mail and a
 * wrong password get the same 401 after the same work (one scrypt, against a dummy hash when
 * there is no account), so the answer tells nothing about which accounts exist.
 */
import type { Config } from '@netlify/functions';
import { LoginSchema } from '../src/lib/schemas/user';
import { limitByEmail, limitByIp } from './_shared/account-limits';
import { signUserToken, toPublicUser } from './_shared/auth';
import { query } from './_shared/db';
import { HttpError, allowMethods, clientIp, endpoint, json, readJson, validate } from './_shared/http';
import { DUMMY_HASH, verifyPassword } from './_shared/password';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  await limitByIp('login', clientIp(req, context));
  const { email, password } = validate(LoginSchema, await readJson(req));
  await limitByEmail('login', email);

  const [row] = await query<{ id: string; name: string; email: string; role: string; password_hash: string }>(
    'select id::text, name, email, role, password_hash from users where lower(email) = lower($1)',
    [email],
  );
  const matches = await verifyPassword(password, row?.password_hash ?? DUMMY_HASH);
  if (!row || !matches) throw new HttpError(401, 'Incorrect email or password.');

  const user = toPublicUser(row);
  return json({ message: `Welcome back, ${user.name}!`, token: await signUserToken(user._id), user });
});

export const config: Config = { path: '/api/user/login' };
