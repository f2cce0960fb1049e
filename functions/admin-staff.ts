/**
 * /api/admin/staff:
 * - GET (roles that may see their colleagues: Owner, Counsellor, who assigns leads) → {items:
 *   [{_id, name, email, status, role, roleLabel, enrolled, createdAt, lastSignInAt}], next: null}:
 *   every staff account (a handful, one page); an audit line 'view'.
 * - POST {name, email, role} (Owner only; role Counsellor when not given) → 201 {message:
 *   'Invitation sent to {email}.', item}: invites a colleague in that role.
 *   The account is made without a password, with an invitation valid INVITATION_HOURS whose link
 *   (`<site>/adminInvite#token=…`) is e-mailed after the answer. Inviting an address that is still
 *   'invited' voids its earlier links and sends a new one (and takes the name as now typed); an
 *   address that already has an active or disabled account is 409.
 * The token travels after `#`, so it never reaches a server log or a Referer header.
 */
import type { Config } from '@netlify/functions';
import site from '../content/site.json';
import { InviteStaffSchema } from '../src/lib/schemas/staff';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { env } from './_shared/platform/env';
import { HttpError, afterAnswer, allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { sendMail, type Mail } from './_shared/platform/mail';
import { INVITATION_HOURS, hashInvitationToken, listStaffAccounts, newInvitationToken, staffAccount } from './_shared/auth/staff-accounts';
import { roleLabel, type Role } from './_shared/auth/roles';
import { requireStaff } from './_shared/auth/staff';

/** The invitation e-mail: fixed wording, the two names (typed by staff, letters only), the role and the link. */
function invitationMail(to: { name: string; email: string; role: Role }, inviter: string, origin: string, token: string): Mail {
  return {
    to: to.email,
    subject: `Your staff account at ${site.name}`,
    text: [
      `Dear ${to.name},`,
      '',
      `${inviter} has invited you to the staff area of the ${site.name} website, as ${roleLabel(to.role)}.`,
      '',
      `To accept, open this link and choose your password (it works once, for ${INVITATION_HOURS} hours):`,
      `${origin}/adminInvite#token=${token}`,
      '',
      `Then sign in at ${origin}/adminLogin. At your first sign-in you will set up an authenticator app on your phone (such as Google Authenticator or Microsoft Authenticator): keep your phone with you.`,
      '',
      `If you did not expect this e-mail, you can ignore it, or call us on ${site.phone}.`,
      '',
      site.name,
    ].join('\n'),
  };
}

/** The unique index on lower(email) refused a second account: a colleague invited the same address just now. */
const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET', 'POST');
  const { staff, address } = await requireStaff(req, context, { need: req.method === 'GET' ? 'colleagues' : 'staff' });

  if (req.method === 'GET') {
    const items = await listStaffAccounts();
    await audit({ staffId: staff.id, action: 'view', entity: 'staff', detail: { count: items.length } }, address);
    return json({ items, next: null });
  }

  const invitee = validate(InviteStaffSchema, await readJson(req));
  const token = newInvitationToken();
  const item = await transaction(async (client) => {
    const { rows } = await client.query<{ id: string; has_password: boolean; disabled: boolean }>(
      `select id::text, password_hash is not null as has_password, disabled_at is not null as disabled
         from staff where lower(email) = lower($1) for update`,
      [invitee.email],
    );
    const existing = rows[0];
    if (existing?.disabled) throw new HttpError(409, `The staff account of ${invitee.email} is disabled. Enable it in the list instead of inviting again.`);
    if (existing?.has_password) throw new HttpError(409, `${invitee.email} already has a staff account. They can sign in at /adminLogin.`);

    let staffId: string;
    if (existing) {
      staffId = existing.id;
      await client.query('update staff set name = $2, role = $3 where id = $1', [staffId, invitee.name, invitee.role]);
      await client.query('delete from staff_invitations where staff_id = $1', [staffId]);
    } else {
      try {
        const created = await client.query<{ id: string }>('insert into staff (name, email, created_by, role) values ($1, $2, $3, $4) returning id::text', [
          invitee.name,
          invitee.email,
          staff.id,
          invitee.role,
        ]);
        staffId = created.rows[0]!.id;
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, `A colleague has just invited ${invitee.email}. Please reload the list.`);
        throw error;
      }
    }
    await client.query(`insert into staff_invitations (token_hash, staff_id, created_by, expires_at) values ($1, $2, $3, now() + make_interval(hours => $4))`, [
      hashInvitationToken(token),
      staffId,
      staff.id,
      INVITATION_HOURS,
    ]);
    await audit(
      {
        staffId: staff.id,
        action: 'invite',
        entity: 'staff',
        entityId: staffId,
        subject: invitee.name,
        detail: { again: Boolean(existing), role: invitee.role },
      },
      address,
      client,
    );
    return (await staffAccount(client, staffId))!;
  });

  const { URL: siteAddress } = env();
  const origin = siteAddress ? new URL(siteAddress).origin : new URL(req.url).origin;
  await afterAnswer(context, () => sendMail(invitationMail(invitee, staff.name, origin, token)));
  return json({ message: `Invitation sent to ${invitee.email}.`, item }, 201);
});

export const config: Config = { path: '/api/admin/staff' };
