/**
 * Staff accounts as the staff page shows them, and the invitations that bring a colleague in.
 * An invitation link carries 32 random bytes (base64url); only their SHA-256 is stored
 * (staff_invitations), so a copy of the database opens no invitation. A link works once, for
 * INVITATION_HOURS; inviting the same address again voids the earlier links.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { PoolClient } from '@neondatabase/serverless';
import { query } from '../platform/db';
import { HttpError } from '../platform/http';
import { byEmail, failuresSpent } from '../platform/limits';
import { roleLabel, type Role } from './roles';

/** Hours an invitation link works. */
export const INVITATION_HOURS = 72;

/** An account's state: signed in before (active), waiting for its invitation (invited), or disabled. */
export type StaffStatus = 'active' | 'invited' | 'disabled';

/** A staff account as GET /api/admin/staff lists it. */
export interface StaffAccount {
  _id: string;
  name: string;
  email: string;
  status: StaffStatus;
  /** What they may do (roles.ts), and the role in words. */
  role: Role;
  roleLabel: string;
  /** Whether an authenticator app is set up (false after a reset, until the next sign-in). */
  enrolled: boolean;
  createdAt: string;
  /** The last completed sign-in, or null if never (or not in the last 400 days). */
  lastSignInAt: string | null;
  /** Wrong passwords from strangers have locked the account for browsers it was never used on (an Owner can unlock it). */
  signInLocked: boolean;
}

interface AccountRow {
  id: string;
  name: string;
  email: string;
  status: StaffStatus;
  role: Role;
  enrolled: boolean;
  created_at: Date;
  last_sign_in_at: Date | null;
}

/**
 * The select of staff accounts (`where` picks them). The last sign-in comes from the sessions,
 * which are deleted 30 days after they end, then from the audit log's sign-in lines (400 days).
 */
const ACCOUNTS = (where: string) => `
  select t.id::text, t.name, t.email, t.role,
         case when t.disabled_at is not null then 'disabled' when t.password_hash is null then 'invited' else 'active' end as status,
         t.totp_secret is not null as enrolled, t.created_at,
         coalesce((select max(s.second_factor_at) from staff_sessions s where s.staff_id = t.id),
                  (select max(a.at) from audit_log a where a.staff_id = t.id and a.action = 'sign-in')) as last_sign_in_at
    from staff t ${where}
   order by t.created_at desc, t.id desc`;

const toAccount = (row: AccountRow, locked: Set<string>): StaffAccount => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  status: row.status,
  role: row.role,
  roleLabel: roleLabel(row.role),
  enrolled: row.enrolled,
  createdAt: new Date(row.created_at).toISOString(),
  lastSignInAt: row.last_sign_in_at ? new Date(row.last_sign_in_at).toISOString() : null,
  signInLocked: locked.has(byEmail(row.email)),
});

/** The accounts of `rows` whose sign-in is locked (by their e-mail's key). */
const lockedOf = (rows: AccountRow[], client?: PoolClient) =>
  failuresSpent(
    'staff-login-failures:email',
    rows.map((row) => byEmail(row.email)),
    client,
  );

/** Every staff account, newest first (a handful: one page). */
export async function listStaffAccounts(): Promise<StaffAccount[]> {
  const rows = await query<AccountRow>(ACCOUNTS(''));
  const locked = await lockedOf(rows);
  return rows.map((row) => toAccount(row, locked));
}

/** One staff account as the caller's transaction sees it, or null. */
export async function staffAccount(client: PoolClient, id: string): Promise<StaffAccount | null> {
  const { rows } = await client.query<AccountRow>(ACCOUNTS('where t.id = $1'), [id]);
  return rows[0] ? toAccount(rows[0], await lockedOf(rows, client)) : null;
}

/** The SHA-256 under which an invitation token is stored. */
export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new invitation token (shown once, in the e-mail). */
export const newInvitationToken = () => randomBytes(32).toString('base64url');

/** What the person opening a link is told when it is unknown, used, or of an account that cannot take it. */
export const INVITATION_NOT_FOUND = 'This invitation link is not valid or has already been used. Please ask a colleague to invite you again.';
/** … and when it is too old. */
export const INVITATION_EXPIRED = 'This invitation link has expired. Please ask a colleague to invite you again.';

/** An invitation that may still be accepted. */
export interface OpenInvitation {
  staffId: string;
  name: string;
  email: string;
  /** The role they are invited to, and in words. */
  role: Role;
  roleLabel: string;
}

/**
 * The invitation of `token` if it can still be accepted; 404 if unknown, used, or its account
 * already has a password or is disabled; 410 if it expired.
 */
export async function openInvitation(token: string): Promise<OpenInvitation> {
  const rows = await query<{ staff_id: string; name: string; email: string; role: Role; expired: boolean }>(
    `select t.id::text as staff_id, t.name, t.email, t.role, i.expires_at <= now() as expired
       from staff_invitations i join staff t on t.id = i.staff_id
      where i.token_hash = $1 and i.used_at is null and t.password_hash is null and t.disabled_at is null`,
    [hashInvitationToken(token)],
  );
  const row = rows[0];
  if (!row) throw new HttpError(404, INVITATION_NOT_FOUND);
  if (row.expired) throw new HttpError(410, INVITATION_EXPIRED);
  return { staffId: row.staff_id, name: row.name, email: row.email, role: row.role, roleLabel: roleLabel(row.role) };
}
