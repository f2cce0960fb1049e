/**
 * POST /api/user/resend-otp — {activationToken} → {message, activationToken}: a new code by mail
 * and a new token; the old code stops working. At most one code per 60 seconds for an e-mail
 * address (429 with Retry-After inside that time).
 */
import type { Config } from '@netlify/functions';
import { ResendSchema } from '../src/lib/schemas/user';
import { limitByEmail, limitByIp } from './_shared/account-limits';
import { ACCOUNT_EXISTS, createActivationToken, readActivationToken } from './_shared/auth';
import { transaction } from './_shared/db';
import { HttpError, allowMethods, clientIp, endpoint, json, readJson, validate } from './_shared/http';
import { cooldownLeft, lockEmail, newChallenge, sendCodeMail } from './_shared/otp';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  await limitByIp('resend-otp', clientIp(req, context));
  const { activationToken } = validate(ResendSchema, await readJson(req));
  const registration = await readActivationToken(activationToken);
  const { email } = registration;
  await limitByEmail('resend-otp', email);

  const outcome = await transaction(async (client) => {
    await lockEmail(client, email);
    const { rows } = await client.query<{ consumed: boolean; superseded: boolean }>(
      `select consumed_at is not null as consumed, superseded_at is not null as superseded
         from otp_challenges where jti = $1 and lower(email) = lower($2)`,
      [registration.jti, email],
    );
    const challenge = rows[0];
    if (!challenge) throw new HttpError(400, 'This registration is not valid. Please register again.');
    const existing = await client.query('select 1 from users where lower(email) = lower($1)', [email]);
    if (challenge.consumed || existing.rows.length) throw new HttpError(409, ACCOUNT_EXISTS);
    if (challenge.superseded) {
      throw new HttpError(410, 'A newer code has been sent for this registration. Please use the latest code, or register again.');
    }
    const wait = await cooldownLeft(client, email);
    if (wait > 0) return { wait };
    return { challenge: await newChallenge(client, email) };
  });
  if (outcome.wait) {
    const seconds = outcome.wait;
    throw new HttpError(
      429,
      `Please wait ${seconds} second${seconds === 1 ? '' : 's'} before asking for another code.`,
      { retryAfter: seconds },
      { 'Retry-After': String(seconds) },
    );
  }
  const { jti, code } = outcome.challenge!;
  await sendCodeMail(email, registration.name, code);
  const next = await createActivationToken({ ...registration, jti });
  return json({ message: `We have sent a new 6-digit code to ${email}.`, activationToken: next });
});

export const config: Config = { path: '/api/user/resend-otp' };
