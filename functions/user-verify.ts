/**
 * POST /api/user/verify — {otp, activationToken} → {message}: checks the e-mailed code and
 * creates the account. The check and the attempt count are one transaction with the challenge
 * row locked, so parallel guesses can never exceed 5 wrong codes.
 */
import type { Config } from '@netlify/functions';
import { OTP_MAX_ATTEMPTS, VerifySchema } from '../src/lib/schemas/user';
import { limitByEmail, limitByIp } from './_shared/account-limits';
import { ACCOUNT_EXISTS, readActivationToken } from './_shared/auth';
import { transaction } from './_shared/db';
import { HttpError, allowMethods, clientIp, endpoint, json, readJson, validate } from './_shared/http';
import { codeMatches } from './_shared/otp';

interface Challenge {
  email: string;
  otp_hash: string;
  attempts: number;
  expired: boolean;
  consumed: boolean;
  superseded: boolean;
}

const NEW_CODE = 'Please ask for a new code.';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  await limitByIp('verify', clientIp(req, context));
  const { otp, activationToken } = validate(VerifySchema, await readJson(req));
  const registration = await readActivationToken(activationToken);
  await limitByEmail('verify', registration.email);
  const code = String(otp).padStart(6, '0');

  // A wrong code must be counted, so that answer leaves the transaction as a value (a throw
  // inside would roll the count back).
  const wrong = await transaction(async (client) => {
    const { rows } = await client.query<Challenge>(
      `select email, otp_hash, attempts, expires_at <= now() as expired,
              consumed_at is not null as consumed, superseded_at is not null as superseded
         from otp_challenges where jti = $1 for update`,
      [registration.jti],
    );
    const challenge = rows[0];
    if (!challenge || challenge.email.toLowerCase() !== registration.email.toLowerCase()) {
      throw new HttpError(400, 'This registration is not valid. Please register again.');
    }
    if (challenge.consumed) throw new HttpError(409, 'This code has already been used. Your account is verified: please log in.');
    if (challenge.superseded) throw new HttpError(410, 'A newer code has been sent. Please enter the code from the latest e-mail.');
    if (challenge.attempts >= OTP_MAX_ATTEMPTS) throw new HttpError(410, `Too many wrong codes. ${NEW_CODE}`);
    if (challenge.expired) throw new HttpError(410, `This code has expired. ${NEW_CODE}`);

    if (!codeMatches(registration.jti, code, challenge.otp_hash)) {
      const { rows: updated } = await client.query<{ attempts: number }>(
        'update otp_challenges set attempts = attempts + 1 where jti = $1 returning attempts',
        [registration.jti],
      );
      return { attemptsLeft: Math.max(0, OTP_MAX_ATTEMPTS - updated[0]!.attempts) };
    }

    const inserted = await client.query(
      `insert into users (name, email, password_hash) values ($1, $2, $3)
       on conflict ((lower(email))) do nothing returning id`,
      [registration.name, registration.email, registration.passwordHash],
    );
    if (!inserted.rows.length) throw new HttpError(409, ACCOUNT_EXISTS);
    await client.query('update otp_challenges set consumed_at = now() where jti = $1', [registration.jti]);
    return null;
  });

  if (wrong) {
    const { attemptsLeft } = wrong;
    const message =
      attemptsLeft > 0
        ? `That code is not correct. You have ${attemptsLeft} attempt${attemptsLeft === 1 ? '' : 's'} left.`
        : `That code is not correct, and no attempts are left. ${NEW_CODE}`;
    throw new HttpError(400, message, { attemptsLeft });
  }
  return json({ message: 'Your account is verified. Please log in.' });
});

export const config: Config = { path: '/api/user/verify' };
