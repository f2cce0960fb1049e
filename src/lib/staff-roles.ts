/**
 * The roles of staff and what a role may be allowed to do, as names only (no validation library:
 * every staff function reads these). Which role may do what is decided on the server
 * (functions/_shared/auth/roles.ts).
 */

/** The roles of staff (staff.role): what each may do is decided on the server (functions/_shared/auth/roles.ts). */
export const ROLES = ['owner', 'counsellor', 'accountant', 'teacher'] as const;
/** A role of staff. */
export type Role = (typeof ROLES)[number];

/** Each role as staff read it. */
export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', counsellor: 'Counsellor', accountant: 'Accountant', teacher: 'Teacher' };

/**
 * What a role may be allowed to do; each staff endpoint names the one it needs, and GET
 * /api/admin/me lists those of the signed-in member of staff so the app shows only what they may use.
 */
export const PERMISSIONS = [
  /** The dashboard's figures. */
  'dashboard',
  /** Their own account: security page, recovery codes, signing out. */
  'account',
  /** The leads inbox, a lead and its actions, bulk actions, Today, merging people. */
  'leads',
  /** Exporting leads (every lead's contact details in one file). */
  'leads-export',
  /** The answers and documents of applications (ID numbers masked). */
  'applications',
  /** Showing an application's ID number (Aadhaar, PAN…) in full. */
  'reveal-ids',
  /** Students and the students' website accounts. */
  'students',
  /** The public website's courses, job openings and announcements. */
  'website',
  /** The list of colleagues (to assign a lead to one). */
  'colleagues',
  /** Staff accounts (invite, disable, change a role, reset a second factor) and the institute's settings. */
  'staff',
  /** The audit log. */
  'audit',
  /** Notifications that failed for good (send again, put aside). */
  'outbox',
  /** The timetable: every running batch's week, by room and by teacher. */
  'timetable',
  /** Batches and their rosters: add and edit a batch, assign, move and remove students. */
  'batches',
  /** Taking attendance in the classes of one's own batches (today), and their monthly grids. */
  'attendance',
  /** Attendance of every batch, and correcting a day before today. */
  'attendance-any',
  /** Issuing certificates to the students of one's own batches (any batch with attendance-any). */
  'certificates',
  /** Revoking a certificate (with a reason). */
  'certificates-revoke',
  /** Fees as status only: a student's dues and payments, Today's dues, the timetable of what is owed. */
  'fees',
  /** Taking fees at the counter, confirming or rejecting a student's UPI payment, cancelling a receipt, sending reminders. */
  'fees-collect',
  /** Fee plans and a student's dues (changing one, a scholarship or discount, waiving a late fee), with a reason. */
  'fees-manage',
  /** The collection and outstanding reports and their .xlsx and CSV exports. */
  'fees-reports',
] as const;
/** Something a role may be allowed to do. */
export type Permission = (typeof PERMISSIONS)[number];
