/**
 * POST /api/user/register — {name, email, password} → 201 {message, activationToken}.
 * Nothing goes into `users` yet: the encrypted activation token carries the registration, and a
 * 6-digit code is e-mailed (its HMAC in otp_challenges). POST /api/user/verify creates the user.
 *
 * An address that already has an account gets the same answer after the same work (a password
 * hash, a challenge, one e-mail), so the answer tells nobody which addresses have accounts; the
 * address itself is told by mail to log in or reset its password, and no code can verify it.
 * The e-mail is in the language of the page (x-language), which the token carries to the account.
 */
import type { Config } from '@netlify/functions';
import { RegisterSchema } from '../src/lib/schemas/user';
import { createActivationToken } from './_shared/auth/auth';
import { transaction } from './_shared/platform/db';
import { languageOf } from './_shared/platform/language';
import { allowMethods, endpoint, fieldErrors, json, readJson, validate } from './_shared/platform/http';
import { SITE, byClient, byEmail, enforce } from './_shared/platform/limits';
import { cooldownError, cooldownLeft, lockEmail, newChallenge, sendAccountExistsMail, sendCodeMail } from './_shared/auth/otp';
import { hashPassword } from './_shared/auth/password';
import { passwordProblem } from './_shared/auth/password-policy';
import { server_code_sent } from '../src/i18n/messages';
import { holdSubmission } from './_shared/consent/hold';
import { enforceGuardianLimit, mailAfter } from './_shared/consent/hold-form';
import { requestHash } from './_shared/applications/applications';
import { idempotencyKey } from './_shared/platform/idempotency';
import { originFor } from './_shared/platform/outbox';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const { name, email, password, age, guardian } = validate(RegisterSchema, await readJson(req));
  const mail = await enforce([
    ['register:address', byClient(req, context)],
    ['register:email', byEmail(email)],
    ['code-mail:site', SITE],
  ]);

  // An under-18's account waits, sealed, for a parent's or guardian's consent: 202. Only the
  // password's hash is sealed; the account is made when they consent (consent/release.ts).
  if (age === 'minor') {
    const held = await mail.spentBy(
      async () => {
        const weak = await passwordProblem(password, { name, email });
        if (weak) throw fieldErrors({ password: weak });
        await enforceGuardianLimit(req, context, guardian!.email);
        return holdSubmission({
          form: 'register',
          request: {
            body: { name, email, passwordHash: await hashPassword(password) },
            origin: originFor(req),
            language: languageOf(req),
            key: idempotencyKey(req),
            hash: requestHash({ name, email, guardian }),
          },
          childName: name,
          guardian: guardian!,
        });
      },
      (result) => !result.replayed,
    );
    return mailAfter(context, held);
  }

  // Only a mail that goes out spends the site-wide ceiling: not a weak password, nor a code held
  // back by the wait between codes.
  const { passwordHash, outcome } = await mail.spentBy(
    async () => {
      const weak = await passwordProblem(password, { name, email });
      if (weak) throw fieldErrors({ password: weak });
      const passwordHash = await hashPassword(password);
      const outcome = await transaction(async (client) => {
        await lockEmail(client, email);
        const wait = await cooldownLeft(client, email, 'register');
        if (wait > 0) return { wait };
        const { rows } = await client.query('select 1 from users where lower(email) = lower($1)', [email]);
        return { existing: rows.length > 0, challenge: await newChallenge(client, email, 'register') };
      });
      return { passwordHash, outcome };
    },
    (result) => !result.outcome.wait,
  );
  if (outcome.wait) throw cooldownError(outcome.wait);
  const { jti, code } = outcome.challenge!;
  const existing = outcome.existing!;
  const language = languageOf(req);
  if (existing) await sendAccountExistsMail(email, language);
  else await sendCodeMail(email, code, language);
  const activationToken = await createActivationToken({ name, email, passwordHash, jti, existing, language });
  return json({ message: server_code_sent({ email }), activationToken }, 201);
});

export const config: Config = { path: '/api/user/register' };
