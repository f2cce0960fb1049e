/**
 * /api/admin/invitation (public: the invited colleague has no session yet; the link's token is the
 * credential, 256 random bits of which only the hash is stored):
 * - GET ?token= → {name, email, role, roleLabel}: whom the link invites and in which role, so the
 *   page can greet them; 404 for an unknown or used link, 410 for an expired one.
 * - POST {token, password} → {message: 'Your password is set. Please sign in.'}: the password
 *   must pass the same strength check as a student's (password-policy.ts); the invitation is used
 *   up and the password set in one transaction, with an audit line 'accept-invitation' of the new
 *   colleague. They then sign in at /adminLogin and set up their authenticator.
 * Both count against one limit per client (limits.ts: 'staff-invitation:address').
 */
import type { Config } from '@netlify/functions';
import { AcceptInvitationSchema } from '../src/lib/schemas/staff';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { HttpError, allowMethods, clientIp, endpoint, fieldErrors, json, readJson, validate } from './_shared/platform/http';
import { byClient, enforce } from './_shared/platform/limits';
import { hashPassword } from './_shared/auth/password';
import { passwordProblem } from './_shared/auth/password-policy';
import { INVITATION_NOT_FOUND, hashInvitationToken, openInvitation } from './_shared/auth/staff-accounts';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET', 'POST');

  if (req.method === 'GET') {
    const token = new URL(req.url).searchParams.get('token') ?? '';
    await enforce([['staff-invitation:address', byClient(req, context)]]);
    if (!TOKEN.test(token)) throw new HttpError(404, INVITATION_NOT_FOUND);
    const { name, email, role, roleLabel } = await openInvitation(token);
    return json({ name, email, role, roleLabel });
  }

  const { token, password } = validate(AcceptInvitationSchema, await readJson(req));
  await enforce([['staff-invitation:address', byClient(req, context)]]);
  const invitation = await openInvitation(token);
  const weak = await passwordProblem(password, { name: invitation.name, email: invitation.email });
  if (weak) throw fieldErrors({ password: weak });
  const passwordHash = await hashPassword(password);

  await transaction(async (client) => {
    // Both statements repeat every condition: a second tab, a re-invitation or a disabling
    // between the check above and now leaves nothing half done.
    const used = await client.query<{ staff_id: string }>(
      `update staff_invitations set used_at = now() where token_hash = $1 and used_at is null and expires_at > now() returning staff_id::text`,
      [hashInvitationToken(token)],
    );
    const set = used.rows[0]
      ? await client.query(`update staff set password_hash = $2, password_changed_at = now() where id = $1 and password_hash is null and disabled_at is null`, [
          used.rows[0].staff_id,
          passwordHash,
        ])
      : null;
    if (set?.rowCount !== 1) throw new HttpError(404, INVITATION_NOT_FOUND);
    await audit({ staffId: invitation.staffId, action: 'accept-invitation', entity: 'staff', entityId: invitation.staffId }, clientIp(req, context), client);
  });
  return json({ message: 'Your password is set. Please sign in.' });
});

export const config: Config = { path: '/api/admin/invitation' };
