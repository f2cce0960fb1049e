/**
 * What each role may do, in a sentence per role, written from the one permission table (GRANTS in
 * src/lib/staff-roles.ts): shown where an Owner invites a colleague in a role.
 */
import { ROLE_LABELS, ROLES, roleScope, type Role } from '../../lib/staff-roles';

/** 'An Owner' or 'A Teacher'. */
const article = (role: Role) => `${/^[AEIOU]/.test(ROLE_LABELS[role]) ? 'An' : 'A'} ${ROLE_LABELS[role]}`;

export default function RoleScopes() {
  return (
    <p className="form-hint">
      {ROLES.map((role) => `${article(role)}: ${roleScope(role)}.`).join(' ')} Everyone has the dashboard and their own security page.
    </p>
  );
}
