/**
 * POST /api/user/reset-password — {resetToken, otp, password} → {message}: sets a new password
 * with the code e-mailed by forgot-password, and ends every session of the account. The code is
 * checked as a registration's is (HMAC, 10 minutes, 5 tries, wrong codes capped per day); for an
 * address without an account no code can ever match.
 */
import type { Config } from '@netlify/functions';
import { ResetPasswordSchema } from '../src/lib/schemas/user';
import { readResetToken, revokeAllSessions } from './_shared/auth/auth';
import { transaction } from './_shared/platform/db';
import { recordEvent } from './_shared/platform/events';
import { HttpError, afterAnswer, allowMethods, clientIp, endpoint, fieldErrors, json, readJson, validate } from './_shared/platform/http';
import { attempt, byClient, byEmail, enforce, type FailureUse } from './_shared/platform/limits';
import { attemptCode, wrongCodeError } from './_shared/auth/otp';
import { hashPassword } from './_shared/auth/password';
import { passwordProblem } from './_shared/auth/password-policy';

const INVALID = 'This reset has expired. Please ask for a new code.';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const { resetToken, otp, password } = validate(ResetPasswordSchema, await readJson(req));
  const reset = await readResetToken(resetToken);
  const failures: FailureUse[] = [['code-failures:email', byEmail(reset.email)]];
  await enforce([['reset:address', byClient(req, context)]]);

  // The try is counted against the day's wrong codes before the code is checked (and before the
  // new password is hashed), and given back unless the code was wrong.
  const outcome = await attempt(failures, async (tries) => {
    const weak = await passwordProblem(password, { email: reset.email });
    if (weak) throw fieldErrors({ password: weak });
    const passwordHash = await hashPassword(password);

    const outcome = await transaction(async (client) => {
      const wrong = await attemptCode(client, {
        jti: reset.jti,
        email: reset.email,
        purpose: 'password-reset',
        code: String(otp).padStart(6, '0'),
        invalid: INVALID,
      });
      if (wrong) return { wrong };
      const { rows } = await client.query<{ id: string }>(
        `update users set password_hash = $2, password_changed_at = now() where lower(email) = lower($1) returning id::text`,
        [reset.email, passwordHash],
      );
      // A code for an address without an account cannot match; if the account was deleted since, the reset is void.
      if (!rows[0]) throw new HttpError(400, INVALID);
      await revokeAllSessions(rows[0].id, client);
      return { userId: rows[0].id };
    });
    if (outcome.wrong) {
      tries.failed();
      throw wrongCodeError(outcome.wrong.attemptsLeft);
    }
    return outcome;
  });
  await afterAnswer(context, () => recordEvent({ kind: 'password-reset', userId: outcome.userId }, clientIp(req, context)));
  return json({ message: 'Your password has been changed. Please log in with your new password.' });
});

export const config: Config = { path: '/api/user/reset-password' };
