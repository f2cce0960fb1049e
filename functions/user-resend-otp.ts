/**
 * POST /api/user/resend-otp — {activationToken} → {message, activationToken}: a new code by mail
 * and a new token; the old code stops working. At most one code per 60 seconds for an e-mail
 * address (429 with Retry-After inside that time). For a registration of an address that already
 * has an account, the address is told again to log in, and the answer is the same.
 */
import type { Config } from '@netlify/functions';
import { ResendSchema } from '../src/lib/schemas/user';
import { accountExists, createActivationToken, readActivationToken } from './_shared/auth/auth';
import { transaction } from './_shared/platform/db';
import { namedLanguage } from './_shared/platform/language';
import { HttpError, allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { SITE, byClient, byEmail, enforce } from './_shared/platform/limits';
import { cooldownError, cooldownLeft, lockEmail, newChallenge, sendAccountExistsMail, sendCodeMail } from './_shared/auth/otp';
import { server_code_sent_again, server_registration_code_superseded, server_registration_invalid } from '../src/i18n/messages';

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
        if (!challenge) throw new HttpError(400, server_registration_invalid());
        if (challenge.consumed) throw new HttpError(409, accountExists());
        if (challenge.superseded) {
          throw new HttpError(410, server_registration_code_superseded());
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
  return json({ message: server_code_sent_again({ email }), activationToken: next });
});

export const config: Config = { path: '/api/user/resend-otp' };
