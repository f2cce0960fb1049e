/**
 * POST /api/user/forgot-password — {email} → {message, resetToken}: e-mails a 6-digit code with
 * which POST /api/user/reset-password sets a new password, and a link that does the same without
 * the code (its token cannot be guessed, so its use is not counted, and it works for as long as
 * the hourly allowance of e-mails to an address: when strangers have spent it, the 429 says to use
 * the link in the latest e-mail; decision 030). The answer is the same whether or not
 * the address has an account (a challenge is made either way, and the e-mail, if any, goes out
 * after the answer), so it tells nobody which addresses have accounts.
 */
import type { Config } from '@netlify/functions';
import { ForgotPasswordSchema, OTP_VALID_MINUTES } from '../src/lib/schemas/user';
import { createResetLinkToken, createResetToken } from './_shared/auth/auth';
import { transaction } from './_shared/platform/db';
import { namedLanguage } from './_shared/platform/language';
import { recordEvent } from './_shared/platform/events';
import { afterAnswer, allowMethods, clientIp, endpoint, json, readJson, validate } from './_shared/platform/http';
import { SITE, byClient, byEmail, enforce } from './_shared/platform/limits';
import { cooldownError, cooldownLeft, lockEmail, newChallenge, sendResetCodeMail } from './_shared/auth/otp';
import { server_reset_code_sent } from '../src/i18n/messages';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const { email } = validate(ForgotPasswordSchema, await readJson(req));
  const mail = await enforce([
    ['forgot:address', byClient(req, context)],
    ['forgot:email', byEmail(email)],
    ['code-mail:site', SITE],
  ]);

  // Only a code that is e-mailed spends the site-wide ceiling: not one held back by the wait
  // between codes, nor one for an address without an account (which a full ceiling refuses all
  // the same, so the answer tells nothing).
  const outcome = await mail.spentBy(
    () =>
      transaction(async (client) => {
        await lockEmail(client, email);
        const wait = await cooldownLeft(client, email, 'password-reset');
        if (wait > 0) return { wait };
        const { rows } = await client.query<{ id: string; email: string; language: 'en' | 'hi' }>(
          'select id::text, email, language from users where lower(email) = lower($1)',
          [email],
        );
        return { user: rows[0], challenge: await newChallenge(client, email, 'password-reset') };
      }),
    (result) => Boolean(result.user),
  );
  if (outcome.wait) throw cooldownError(outcome.wait);
  const { user, challenge } = outcome;
  if (user) {
    const link = await createResetLinkToken({ email: user.email, jti: challenge!.jti });
    await afterAnswer(context, async () => {
      // In the language of the page asking, else the account's.
      await sendResetCodeMail(user.email, challenge!.code, link, namedLanguage(req) ?? user.language);
      await recordEvent({ kind: 'password-reset-requested', userId: user.id }, clientIp(req, context));
    });
  }
  const resetToken = await createResetToken({ email, jti: challenge!.jti });
  return json({ message: server_reset_code_sent({ email, minutes: OTP_VALID_MINUTES }), resetToken });
});

export const config: Config = { path: '/api/user/forgot-password' };
