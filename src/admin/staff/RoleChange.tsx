/**
 * "Change role" on a row of the Staff panel (Owner only): opens a small form with the roles in
 * words; saving asks first, then PUT /api/admin/staff/{id} {action: 'change-role', role}. The
 * server refuses to demote the last active Owner and says so.
 */
import { useId, useState } from 'react';
import { ROLE_LABELS, ROLES, type Role } from '../../lib/schemas/staff';
import { roleScope } from '../../lib/staff-roles';

/** What each role may do, in a line from the permission table: said when an Owner is asked to confirm a change. */
export const ROLE_SCOPES = Object.fromEntries(
  ROLES.map((role) => [role, role === 'owner' ? 'everything, including staff accounts, the audit log and showing ID numbers in full' : roleScope(role)]),
) as Record<Role, string>;

interface Props {
  name: string;
  role: Role;
  busy: boolean;
  /** Changes the role (after the confirmation); resolves when done, whatever the answer. */
  onChange: (role: Role) => Promise<void>;
}

export default function RoleChange({ name, role, busy, onChange }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [next, setNext] = useState<Role>(role);

  if (!open) {
    return (
      <button
        type="button"
        className="btn btn--sm btn--outline"
        disabled={busy}
        onClick={() => {
          setNext(role);
          setOpen(true);
        }}
      >
        Change role<span className="sr-only"> of {name}</span>
      </button>
    );
  }
  return (
    <form
      className="admin-role-change"
      aria-label={`Change the role of ${name}`}
      onSubmit={(event) => {
        event.preventDefault();
        void onChange(next).then(() => setOpen(false));
      }}
    >
      <label htmlFor={`${id}-role`}>New role</label>
      <select id={`${id}-role`} value={next} onChange={(event) => setNext(event.target.value as Role)} disabled={busy}>
        {ROLES.map((value) => (
          <option key={value} value={value}>
            {ROLE_LABELS[value]}
          </option>
        ))}
      </select>
      <button type="submit" className="btn btn--sm" disabled={busy || next === role}>
        Save role
      </button>
      <button type="button" className="btn btn--sm btn--outline" onClick={() => setOpen(false)}>
        Cancel
      </button>
    </form>
  );
}
