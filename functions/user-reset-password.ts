/**
 * POST /api/user/reset-password — {resetToken, otp, password} or {link, password} → {message}:
 * sets a new password with the code e-mailed by forgot-password, or with the link of that e-mail,
 * and ends every session of the account. The code is checked as a registration's is (HMAC, 10
 * minutes, 5 tries, wrong codes capped per day); for an address without an account no code can
 * ever match. The link's token cannot be guessed, so it is not counted: however many wrong codes
 * strangers typed for the address, the link of the latest e-mail works, once, for an hour.
 *
 * A reset proves the person holds the inbox: it forgets the wrong passwords counted against the
 * account (strangers' guesses lock it no longer) and trusts this browser for it (device.ts).
 */
import type { PoolClient } from '@neondatabase/serverless';
import type { Config } from '@netlify/functions';
import { ResetByLinkSchema, ResetPasswordSchema } from '../src/lib/schemas/user';
import { readResetLinkToken, readResetToken, revokeAllSessions } from './_shared/auth/auth';
import { transaction } from './_shared/platform/db';
import { recordEvent } from './_shared/platform/events';
import { HttpError, afterAnswer, allowMethods, clientIp, endpoint, fieldErrors, json, readJson, validate } from './_shared/platform/http';
import { attempt, byClient, byEmail, clearFailures, enforce, type FailureUse } from './_shared/platform/limits';
import { deviceCookie } from './_shared/auth/device';
import { attemptCode, lockEmail, wrongCodeError } from './_shared/auth/otp';
import { hashPassword } from './_shared/auth/password';
import { passwordProblem } from './_shared/auth/password-policy';
import { server_password_reset_done, server_reset_expired, server_reset_link_superseded, server_reset_link_used } from '../src/i18n/messages';

/** The new password's hash, or 400 in words when it is too weak. */
async function newPasswordHash(password: string, email: string): Promise<string> {
  const weak = await passwordProblem(password, { email });
  if (weak) throw fieldErrors({ password: weak });
  return hashPassword(password);
}

/** Sets the password of the account of `email` and ends its sessions (inside the reset's transaction): its id. */
async function setPassword(client: PoolClient, email: string, passwordHash: string): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `update users set password_hash = $2, password_changed_at = now() where lower(email) = lower($1) returning id::text`,
    [email, passwordHash],
  );
  // A code for an address without an account cannot match; if the account was deleted since, the reset is void.
  if (!rows[0]) throw new HttpError(400, server_reset_expired());
  await revokeAllSessions(rows[0].id, client);
  // Strangers' wrong passwords and codes for the account are forgotten: its owner just proved to hold the inbox.
  await clearFailures(['login-failures:email', 'login-failures:email-address', 'code-failures:email'], byEmail(email), client);
  return rows[0].id;
}

/** The reset by the e-mail's link: its challenge must be the address's latest, unused; its tries do not matter. */
async function resetByLink(body: unknown): Promise<{ userId: string; email: string }> {
  const { link, password } = validate(ResetByLinkSchema, body);
  const reset = await readResetLinkToken(link);
  const passwordHash = await newPasswordHash(password, reset.email);
  const userId = await transaction(async (client) => {
    await lockEmail(client, reset.email);
    const { rows } = await client.query<{ email: string; consumed: boolean; superseded: boolean }>(
      `select email, consumed_at is not null as consumed, superseded_at is not null as superseded
         from otp_challenges where jti = $1 and purpose = 'password-reset' for update`,
      [reset.jti],
    );
    const challenge = rows[0];
    if (!challenge || challenge.email.toLowerCase() !== reset.email.toLowerCase()) throw new HttpError(400, server_reset_expired());
    if (challenge.consumed) throw new HttpError(409, server_reset_link_used());
    if (challenge.superseded) throw new HttpError(410, server_reset_link_superseded());
    await client.query('update otp_challenges set consumed_at = now() where jti = $1', [reset.jti]);
    return setPassword(client, reset.email, passwordHash);
  });
  return { userId, email: reset.email };
}

/** The reset by the typed code, counted as wrong codes are. */
async function resetByCode(body: unknown, req: Request, context: Parameters<typeof byClient>[1]): Promise<{ userId: string; email: string }> {
  const { resetToken, otp, password } = validate(ResetPasswordSchema, body);
  const reset = await readResetToken(resetToken);
  const failures: FailureUse[] = [['code-failures:email', byEmail(reset.email)]];
  await enforce([['reset:address', byClient(req, context)]]);

  // The try is counted against the day's wrong codes before the code is checked (and before the
  // new password is hashed), and given back unless the code was wrong.
  return attempt(failures, async (tries) => {
    const passwordHash = await newPasswordHash(password, reset.email);
    const outcome = await transaction(async (client) => {
      const wrong = await attemptCode(client, {
        jti: reset.jti,
        email: reset.email,
        purpose: 'password-reset',
        code: String(otp).padStart(6, '0'),
        invalid: server_reset_expired(),
      });
      if (wrong) return { wrong };
      return { userId: await setPassword(client, reset.email, passwordHash) };
    });
    if (outcome.wrong) {
      tries.failed();
      throw wrongCodeError(outcome.wrong.attemptsLeft);
    }
    return { userId: outcome.userId!, email: reset.email };
  });
}

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const body = await readJson(req);
  const byLink = typeof body === 'object' && body !== null && 'link' in body;
  if (byLink) await enforce([['reset:address', byClient(req, context)]]);
  const { userId, email } = byLink ? await resetByLink(body) : await resetByCode(body, req, context);
  await afterAnswer(context, () => recordEvent({ kind: 'password-reset', userId, detail: { by: byLink ? 'link' : 'code' } }, clientIp(req, context)));
  return json({ message: server_password_reset_done() }, 200, { 'Set-Cookie': deviceCookie('student', email) });
});

export const config: Config = { path: '/api/user/reset-password' };
