/**
 * POST /api/user/resend-otp — {activationToken} → {message, activationToken}: a new code by mail
 * and a new token; the old code stops working. At most one code per 60 seconds for an e-mail
 * address (429 with Retry-After inside that time). For a registration of an address that already
 * has an account, the address is told again to log in, and the answer is the same.
 */
import type { Config } from '@netlify/functions';
import { ResendSchema } from '../src/lib/schemas/user';
import { ACCOUNT_EXISTS, createActivationToken, readActivationToken } from './_shared/auth/auth';
import { transaction } from './_shared/platform/db';
import { namedLanguage } from './_shared/platform/language';
import { HttpError, allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { SITE, byClient, byEmail, enforce } from './_shared/platform/limits';
import { cooldownError, cooldownLeft, lockEmail, newChallenge, sendAccountExistsMail, sendCodeMail } from './_shared/auth/otp';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const { activationToken } = validate(ResendSchema, await readJson(req));
  const registration = await readActivationToken(activationToken);
  const { email } = registration;
  const mail = await enforce([
    ['resend:address', byClient(req, context)],
    ['resend:email', byEmail(email)],
    ['code-mail:site', SITE],
  ]);

  // Only a code that goes out spends the site-wide ceiling: not a refused registration, nor a
  // code held back by the wait between codes.
  const outcome = await mail.spentBy(
    () =>
      transaction(async (client) => {
        await lockEmail(client, email);
        const { rows } = await client.query<{ consumed: boolean; superseded: boolean }>(
          `select consumed_at is not null as consumed, superseded_at is not null as superseded
             from otp_challenges where jti = $1 and lower(email) = lower($2) and purpose = 'register'`,
          [registration.jti, email],
        );
        const challenge = rows[0];
        if (!challenge) throw new HttpError(400, 'This registration is not valid. Please register again.');
        if (challenge.consumed) throw new HttpError(409, ACCOUNT_EXISTS);
        if (challenge.superseded) {
          throw new HttpError(410, 'A newer code has been sent for this registration. Please use the latest code, or register again.');
        }
        const wait = await cooldownLeft(client, email, 'register');
        if (wait > 0) return { wait };
        return { challenge: await newChallenge(client, email, 'register') };
      }),
    (result) => !result.wait,
  );
  if (outcome.wait) throw cooldownError(outcome.wait);
  const { jti, code } = outcome.challenge!;
  // In the language of the page asking, else the registration's own.
  const language = namedLanguage(req) ?? registration.language;
  if (registration.existing) await sendAccountExistsMail(email, language);
  else await sendCodeMail(email, code, language);
  const next = await createActivationToken({ ...registration, jti });
  return json({ message: `We have sent a new 6-digit code to ${email}.`, activationToken: next });
});

export const config: Config = { path: '/api/user/resend-otp' };
