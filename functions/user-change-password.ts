/**
 * POST /api/user/change-password — {currentPassword, newPassword} with the session's token →
 * {message, token}: checks the current password, sets the new one, ends every session of the
 * account (a copied token dies with the old password) and opens a new one for this device.
 * Wrong current passwords are limited per account (limits.ts).
 */
import type { Config } from '@netlify/functions';
import { ChangePasswordSchema } from '../src/lib/schemas/user';
import { requireUser, revokeAllSessions, startSession } from './_shared/auth/auth';
import { query, transaction } from './_shared/platform/db';
import { recordEvent } from './_shared/platform/events';
import { afterAnswer, allowMethods, clientIp, endpoint, fieldErrors, json, readJson, validate } from './_shared/platform/http';
import { attempt, type FailureUse } from './_shared/platform/limits';
import { hashPassword, verifyPassword } from './_shared/auth/password';
import { passwordProblem } from './_shared/auth/password-policy';
import { server_current_password_wrong, server_password_changed } from '../src/i18n/messages';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const { user } = await requireUser(req);
  const { currentPassword, newPassword } = validate(ChangePasswordSchema, await readJson(req));
  const failures: FailureUse[] = [['change-password-failures:user', user._id]];

  // The try is counted before the password is checked, and given back if it was right.
  await attempt(failures, async (tries) => {
    const [row] = await query<{ password_hash: string }>('select password_hash from users where id = $1', [user._id]);
    if (!row || !(await verifyPassword(currentPassword, row.password_hash))) {
      tries.failed();
      await afterAnswer(context, () => recordEvent({ kind: 'password-change-failed', userId: user._id }, clientIp(req, context)));
      throw fieldErrors({ currentPassword: server_current_password_wrong() });
    }
  });
  const weak = await passwordProblem(newPassword, { name: user.name, email: user.email });
  if (weak) throw fieldErrors({ newPassword: weak });

  const passwordHash = await hashPassword(newPassword);
  await transaction(async (client) => {
    await client.query('update users set password_hash = $2, password_changed_at = now() where id = $1', [user._id, passwordHash]);
    await revokeAllSessions(user._id, client);
  });
  const token = await startSession(user._id);
  await afterAnswer(context, () => recordEvent({ kind: 'password-changed', userId: user._id }, clientIp(req, context)));
  return json({ message: server_password_changed(), token });
});

export const config: Config = { path: '/api/user/change-password' };
