/**
 * The roles of staff, what a role may be allowed to do and which role may do what (GRANTS), as
 * plain data (no validation library: every staff function reads these). The server decides with
 * them (functions/_shared/auth/roles.ts); the admin app reads the same table only to say in words
 * what each role may do and to offer only who may teach.
 */

export { ROLE_LABELS, ROLES, type Role } from './staff-role-names';
import type { Role } from './staff-role-names';

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
  /** The collection and outstanding reports and their .xlsx and CSV exports, and the cash book. */
  'fees-reports',
  /** Admitting a walk-in at the counter: a new student put in a batch with a free seat, the first instalment collected, in one step. */
  'admit',
  /** Recording a member of staff's day's cash as handed over (the Owner alone). */
  'cash-handover',
  /** Approving or declining a refund (fees are not refundable by default: the Owner decides each exception). */
  'fees-refund-approve',
  /** Practice tests: chapters, the question bank and its imports, tests, opening a test to one's own batches (any batch with attendance-any) and their results. */
  'practice-tests',
  /** People's requests about their data (a copy, a correction, an erasure) and their answers: the Grievance Officer (the Owner alone). */
  'privacy',
] as const;
/** Something a role may be allowed to do. */
export type Permission = (typeof PERMISSIONS)[number];

const EVERYONE: Permission[] = ['dashboard', 'account'];

/**
 * What each role may do: the one permission table (decision 020). The server's requireStaff
 * refuses by it; the admin app derives its sidebar, shortcuts and role descriptions from it.
 */
export const GRANTS: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  counsellor: [...EVERYONE, 'leads', 'applications', 'students', 'colleagues', 'timetable', 'batches', 'fees'],
  accountant: [...EVERYONE, 'fees', 'fees-collect', 'fees-manage', 'fees-reports', 'admit'],
  teacher: [...EVERYONE, 'timetable', 'attendance', 'certificates', 'fees', 'practice-tests'],
};

/** Whether `role` may do `permission`. */
export const roleCan = (role: Role, permission: Permission): boolean => GRANTS[role].includes(permission);

/**
 * Whether a member of staff in `role` can teach a batch: their role takes attendance in their
 * own batches' classes. The batch form offers only them as a batch's teacher, the Batch List
 * filters by them, and the server refuses anyone else.
 */
export const canTeach = (role: Role): boolean => roleCan(role, 'attendance');

/**
 * Each permission as staff read it in a role's description; null where it goes without saying
 * (every role has the dashboard and their own account) or is part of another (the list of
 * colleagues comes with the leads).
 */
export const PERMISSION_WORDS: Record<Permission, string | null> = {
  dashboard: null,
  account: null,
  leads: 'leads and their follow-ups',
  'leads-export': 'exporting leads',
  applications: 'applications (ID numbers masked)',
  'reveal-ids': 'showing ID numbers in full',
  students: 'students and their website accounts',
  website: 'the website’s courses, job openings and announcements',
  colleagues: null,
  staff: 'staff accounts',
  audit: 'the audit log',
  outbox: 'failed notifications',
  timetable: 'the timetable and the batch list',
  batches: 'adding batches and putting students in them',
  attendance: 'taking attendance in their own batches',
  'attendance-any': 'every batch’s attendance',
  certificates: 'certificates for their batches’ students',
  'certificates-revoke': 'revoking certificates',
  fees: 'students’ fees (to read)',
  'fees-collect': 'collecting fees and confirming UPI payments',
  'fees-manage': 'fee plans and dues',
  'fees-reports': 'the fee reports',
  admit: 'admitting walk-ins at the counter',
  'cash-handover': 'receiving the day’s cash from staff',
  'fees-refund-approve': 'approving refunds',
  'practice-tests': 'practice tests and the question bank',
  privacy: 'people’s requests about their data (copies and erasures)',
};

/**
 * What `role` may do, in words from GRANTS ('everything' for a role with every permission),
 * beyond the dashboard and their own account, which every role has.
 */
export function roleScope(role: Role): string {
  const granted = GRANTS[role];
  if (PERMISSIONS.every((p) => granted.includes(p))) return 'everything';
  // Reading fees is said only where the role may not also collect them.
  const words = granted.filter((p) => !(p === 'fees' && granted.includes('fees-collect'))).flatMap((p) => PERMISSION_WORDS[p] ?? []);
  // Semicolons: the phrases have 'and' inside them.
  return words.join('; ');
}
