/**
 * What each role of staff may do (staff.role, migration 009). Decided here on the server for
 * every staff endpoint (requireStaff's `need`) by the table GRANTS of src/lib/staff-roles.ts; the
 * admin app only hides what the server would refuse anyway.
 * - Owner: everything.
 * - Counsellor: leads (inbox, Today, actions, bulk, merging people), applications and their
 *   documents with the ID numbers masked, students and the students' website accounts, and the
 *   list of colleagues (to assign a lead). Not: showing an ID number in full, exporting leads,
 *   the public website's courses, jobs and announcements, staff accounts and settings, the audit
 *   log, failed notifications.
 * - Counsellor also: the timetable, batches and their rosters (admitting a lead into a batch).
 * - Teacher: the timetable, attendance in their own batches' classes (today's; an Owner corrects
 *   older days) and certificates for their own batches' students.
 * - Accountant: fees: plans and dues, collection at the counter, confirming UPI payments,
 *   cancelling receipts, reminders and the reports.
 * - Counsellor and Teacher see fees as status only ('fees': a student's dues and payments).
 * Everyone: their own account (security page, recovery codes, signing out).
 */
import { GRANTS, PERMISSIONS, ROLE_LABELS, ROLES, roleCan, type Permission, type Role } from '../../../src/lib/staff-roles';
import { HttpError } from '../platform/http';

// The table itself is plain data in src/lib, so the admin app describes each role from the same one.
export { GRANTS, ROLES, ROLE_LABELS, PERMISSIONS, type Permission, type Role };

/** Whether `role` may do `permission`. */
export const can = roleCan;

/** Everything `role` may do, in PERMISSIONS' order. */
export const permissionsOf = (role: Role): Permission[] => PERMISSIONS.filter((p) => can(role, p));

/** The roles that may do `permission`. */
export const rolesThatCan = (permission: Permission): Role[] => ROLES.filter((r) => can(r, permission));

/** A role in words ('Counsellor'). */
export const roleLabel = (role: Role): string => ROLE_LABELS[role];

/** The 403 of a call the caller's role does not allow. */
export const roleRefusal = (role: Role) => new HttpError(403, `Your role (${roleLabel(role)}) does not allow this.`);

/** Throws the 403 of roleRefusal unless `who`'s role may do `permission`. */
export function requireRole(who: { role: Role }, permission: Permission): void {
  if (!can(who.role, permission)) throw roleRefusal(who.role);
}
