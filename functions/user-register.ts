/**
 * POST /api/user/register — {name, email, password} → 201 {message, activationToken}.
 * Nothing goes into `users` yet: the encrypted activation token carries the registration, and a
 * 6-digit code is e-mailed (its HMAC in otp_challenges). POST /api/user/verify creates the user.
 */
import type { Config } from '@netlify/functions';
import { RegisterSchema } from '../src/lib/schemas/user';
import { limitByEmail, limitByIp } from './_shared/account-limits';
import { ACCOUNT_EXISTS, createActivationToken } from './_shared/auth';
import { query, transaction } from './_shared/db';
import { HttpError, allowMethods, clientIp, endpoint, json, readJson, validate } from './_shared/http';
import { lockEmail, newChallenge, sendCodeMail } from './_shared/otp';
import { hashPassword } from './_shared/password';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  await limitByIp('register', clientIp(req, context));
  const { name, email, password } = validate(RegisterSchema, await readJson(req));
  await limitByEmail('register', email);

  const [existing] = await query('select 1 from users where lower(email) = lower($1)', [email]);
  if (existing) throw new HttpError(409, ACCOUNT_EXISTS);

  const passwordHash = await hashPassword(password);
  const { jti, code } = await transaction(async (client) => {
    await lockEmail(client, email);
    return newChallenge(client, email);
  });
  await sendCodeMail(email, name, code);
  const activationToken = await createActivationToken({ name, email, passwordHash, jti });
  return json({ message: `We have sent a 6-digit code to ${email}. Enter it to verify your account.`, activationToken }, 201);
});

export const config: Config = { path: '/api/user/register' };
