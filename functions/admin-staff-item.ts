/**
 * PUT /api/admin/staff/{id} {action, role?} (Owner only) → {message, item}:
 * - 'disable': the account can no longer sign in, and every session of it ends in the same
 *   transaction (its open browsers are refused at their next request). Nobody disables their own
 *   account.
 * - 'enable': it may sign in again (with its password and authenticator).
 * - 'reset-second-factor': for a lost phone. Its authenticator is forgotten and its recovery codes
 *   are voided (housekeeping deletes them), and its sessions end: at its next sign-in, after the
 *   password, it sets up an authenticator again.
 * - 'unlock': forgets the wrong passwords and codes counted against the account, so it can sign in
 *   again from any browser (strangers' guesses lock it for browsers it was never used on).
 *   Enabling, disabling and resetting the second factor unlock it too (decision 030).
 * - 'change-role' {role}: what the account may do from its next request on (roles.ts).
 * The institute is never left without an active Owner (someone must be able to manage the
 * others): disabling or demoting the last one is 409. Every change locks the active accounts
 * first, always in the same order, so two Owners demoting or disabling each other at the same
 * moment cannot leave none, and an Owner demoted a moment ago can no longer change anything.
 * Each change is an audit line in its transaction; asking for the state an account is already in
 * changes nothing and answers 200.
 */
import type { Config } from '@netlify/functions';
import { UpdateStaffSchema } from '../src/lib/schemas/staff';
import { audit } from './_shared/platform/audit';
import type { PoolClient } from '@neondatabase/serverless';
import { transaction } from './_shared/platform/db';
import { byEmail, clearFailures } from './_shared/platform/limits';
import { HttpError, allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { UUID } from './_shared/platform/paging';
import { can, roleLabel, roleRefusal, type Role } from './_shared/auth/roles';
import { staffAccount } from './_shared/auth/staff-accounts';
import { requireStaff, revokeStaffSessions } from './_shared/auth/staff';

/** Forgets the failed sign-ins counted against the account (limits.ts), inside the change's transaction. */
async function unlockSignIn(client: PoolClient, id: string, email: string): Promise<void> {
  await clearFailures(['staff-login-failures:email', 'staff-login-failures:email-address'], byEmail(email), client);
  await clearFailures(['second-factor-failures:staff'], id, client);
}

const notFound = () => new HttpError(404, 'This staff account was not found.');
const sessions = (n: number) => `${n} session${n === 1 ? '' : 's'}`;

export default endpoint(async (req, context) => {
  allowMethods(req, 'PUT');
  const { staff, address } = await requireStaff(req, context, { need: 'staff' });
  const id = String(context.params?.['id'] ?? '');
  if (!UUID.test(id)) throw notFound();
  const { action, role } = validate(UpdateStaffSchema, await readJson(req));

  const answer = await transaction(async (client) => {
    // The answer shows the account as this transaction leaves it.
    const done = async (message: string) => ({ message, item: (await staffAccount(client, id))! });
    // Every change locks the active accounts first, always in the same order, so that two Owners
    // demoting or disabling each other wait for one another (and the second sees the first's
    // change) instead of deadlocking or both succeeding.
    const { rows: active } = await client.query<{ id: string; role: Role }>(
      'select id::text, role from staff where disabled_at is null and password_hash is not null order by id for update',
    );
    // The caller was an Owner when the request began; one demoted or disabled meanwhile is refused.
    const caller = active.find((other) => other.id === staff.id);
    if (!caller) throw new HttpError(401, 'Your session has ended. Please sign in again.');
    if (!can(caller.role, 'staff')) throw roleRefusal(caller.role);
    const { rows } = await client.query<{ name: string; email: string; role: Role; disabled: boolean; active: boolean; enrolled: boolean }>(
      `select name, email, role, disabled_at is not null as disabled, disabled_at is null and password_hash is not null as active, totp_secret is not null as enrolled
         from staff where id = $1 for update`,
      [id],
    );
    const target = rows[0];
    if (!target) throw notFound();
    // Whether the account is the only active Owner left, as the locks above let this transaction see it.
    const lastOwner = target.active && target.role === 'owner' && !active.some((other) => other.id !== id && other.role === 'owner');
    let message: string;
    const unlock = () => unlockSignIn(client, id, target.email);

    if (action === 'disable') {
      if (id === staff.id) throw new HttpError(409, 'You cannot disable your own account. Ask a colleague if it must be disabled.');
      if (target.disabled) return done(`${target.name}’s account is already disabled.`);
      if (lastOwner) throw new HttpError(409, `${target.name} is the last active Owner, so their account cannot be disabled. Make a colleague an Owner first.`);
      await client.query('update staff set disabled_at = now(), disabled_by = $2 where id = $1', [id, staff.id]);
      const ended = await revokeStaffSessions(id, client);
      await unlock();
      await audit({ staffId: staff.id, action: 'disable', entity: 'staff', entityId: id, subject: target.name, detail: { sessions: ended } }, address, client);
      message = `${target.name}’s account is disabled; ${sessions(ended)} ended.`;
    } else if (action === 'enable') {
      if (!target.disabled) return done(`${target.name}’s account is already enabled.`);
      await client.query('update staff set disabled_at = null, disabled_by = null where id = $1', [id]);
      await unlock();
      await audit({ staffId: staff.id, action: 'enable', entity: 'staff', entityId: id, subject: target.name }, address, client);
      message = `${target.name}’s account is enabled.`;
    } else if (action === 'unlock') {
      await unlock();
      await audit({ staffId: staff.id, action: 'unlock', entity: 'staff', entityId: id, subject: target.name }, address, client);
      message = `${target.name} can sign in again from any browser: the wrong passwords and codes counted against the account are forgotten.`;
    } else if (action === 'change-role') {
      const next = role!;
      if (target.role === next) return done(`${target.name} is already ${roleLabel(next)}.`);
      if (lastOwner) throw new HttpError(409, `${target.name} is the last active Owner, so their role cannot be changed. Make a colleague an Owner first.`);
      await client.query('update staff set role = $2 where id = $1', [id, next]);
      await audit({ staffId: staff.id, action: 'change-role', entity: 'staff', entityId: id, detail: { from: target.role, to: next } }, address, client);
      message = `${target.name} is now ${roleLabel(next)}.`;
    } else {
      await client.query('update staff set totp_secret = null, totp_pending = null, totp_last_step = null, totp_enrolled_at = null where id = $1', [id]);
      const voided = await client.query('update staff_recovery_codes set used_at = now() where staff_id = $1 and used_at is null', [id]);
      const ended = await revokeStaffSessions(id, client);
      await unlock();
      await audit(
        {
          staffId: staff.id,
          action: 'reset-second-factor',
          entity: 'staff',
          entityId: id,
          subject: target.name,
          detail: { sessions: ended, recoveryCodes: voided.rowCount ?? 0, wasEnrolled: target.enrolled },
        },
        address,
        client,
      );
      message = `${target.name}’s authenticator is reset and ${sessions(ended)} ended: they set it up again at their next sign-in.`;
    }
    return done(message);
  });
  return json(answer);
});

export const config: Config = { path: '/api/admin/staff/:id' };
