/**
 * POST /api/user/verify — {otp, activationToken} → {message}: checks the e-mailed code and
 * creates the account. The check and the attempt count are one transaction with the challenge
 * row locked, so parallel guesses can never exceed 5 wrong codes; wrong codes per address are
 * also capped per day (limits.ts), so asking for new codes does not buy more guesses.
 */
import type { Config } from '@netlify/functions';
import { VerifySchema } from '../src/lib/schemas/user';
import { accountExists, readActivationToken } from './_shared/auth/auth';
import { transaction } from './_shared/platform/db';
import { HttpError, allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { attempt, byClient, byEmail, enforce, type FailureUse } from './_shared/platform/limits';
import { attemptCode, wrongCodeError } from './_shared/auth/otp';
import { selfPurposes, writeConsents } from './_shared/consent/consents';
import { server_account_verified, server_registration_invalid } from '../src/i18n/messages';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const { otp, activationToken } = validate(VerifySchema, await readJson(req));
  const registration = await readActivationToken(activationToken);
  const failures: FailureUse[] = [['code-failures:email', byEmail(registration.email)]];
  await enforce([['verify:address', byClient(req, context)]]);
  const code = String(otp).padStart(6, '0');

  // The try is counted against the day's wrong codes before the code is checked, and given back
  // unless the code was wrong.
  await attempt(failures, async (tries) => {
    // A wrong code must be counted on its challenge, so that answer leaves the transaction as a
    // value (a throw inside would roll the count back).
    const wrong = await transaction(async (client) => {
      const result = await attemptCode(client, {
        jti: registration.jti,
        email: registration.email,
        purpose: 'register',
        code,
        invalid: server_registration_invalid(),
      });
      if (result) return result;
      const inserted = await client.query(
        `insert into users (name, email, password_hash, language) values ($1, $2, $3, $4)
         on conflict ((lower(email))) do nothing returning id`,
        [registration.name, registration.email, registration.passwordHash, registration.language],
      );
      if (!inserted.rows.length) throw new HttpError(409, accountExists());
      // The account holder's own consent to the register form's notice (an under-18's account is made by release.ts).
      await writeConsents(client, {
        purposes: selfPurposes('register'),
        method: 'form',
        noticeForm: 'register',
        language: registration.language,
        userId: (inserted.rows[0] as { id: string }).id,
      });
      return null;
    });
    if (wrong) {
      tries.failed();
      throw wrongCodeError(wrong.attemptsLeft);
    }
  });
  return json({ message: server_account_verified() });
});

export const config: Config = { path: '/api/user/verify' };
