/**
 * The roles of staff and their names, alone: the sign-in and invitation forms' schemas need only
 * these, so the permission table (staff-roles.ts) stays out of those islands.
 */

/** The roles of staff (staff.role): what each may do is decided on the server (functions/_shared/auth/roles.ts). */
export const ROLES = ['owner', 'counsellor', 'accountant', 'teacher'] as const;
/** A role of staff. */
export type Role = (typeof ROLES)[number];

/** Each role as staff read it. */
export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', counsellor: 'Counsellor', accountant: 'Accountant', teacher: 'Teacher' };
