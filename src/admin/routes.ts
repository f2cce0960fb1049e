import type { Permission } from '../lib/schemas/staff';

/**
 * The admin app's addresses and its sidebar ('Admin Panel') as data. Each panel names what a role
 * must be allowed to do to open it (PANEL_NEEDS): the sidebar lists only those the role may open,
 * and any other shows "Your role does not allow this page". Every path here is answered
 * by the one shell page /adminPanel (netlify.toml rewrites them to it with status 200); the app
 * picks the panel from the address.
 */

/** The paths of the panels. */
export const PATHS = {
  panel: '/adminPanel',
  dashboard: '/adminDashboard',
  today: '/adminToday',
  leads: '/adminLeads',
  allStudents: '/allStudents',
  studentList: '/student-list',
  newStudent: '/student-list/new',
  editStudentPick: '/student-list/edit',
  deleteStudentPick: '/student-list/delete',
  importStudents: '/student-list/import',
  courses: '/adminCourse',
  jobs: '/addJobs',
  notification: '/notification',
  users: '/adminUsers',
  staff: '/adminStaff',
  audit: '/adminAudit',
  settings: '/adminSettings',
  security: '/adminSecurity',
  classes: '/classes',
  attendance: '/attendance',
  batches: '/batches',
  newBatch: '/batches/new',
  assignStudents: '/batches/assign',
  editStudents: '/batches/roster',
  deleteStudents: '/batches/remove',
  timetable: '/timetable',
  certificates: '/adminCertificates',
  fees: '/fees',
  feeReports: '/fees/reports',
  feePlans: '/fees/plans',
  feeDues: '/fees/dues',
  walkIn: '/fees/walk-in',
  cashBook: '/fees/cash-book',
  educator: '/educater',
  educatorCourse: '/educater/add-Course',
  myCourses: '/educater/my-courses',
  enrolled: '/educater/student-enrolled',
  questions: '/educater/questions',
  importQuestions: '/educater/questions/import',
  practiceTests: '/educater/tests',
  guardianOffice: '/adminGuardianConsent',
  privacyRequests: '/privacy-requests',
} as const;

/** What the app shows at an address (App.tsx gives each its component). */
export type Panel =
  | 'dashboard'
  | 'today'
  | 'leads'
  | 'lead'
  | 'students'
  | 'student-list'
  | 'new-student'
  | 'edit-student-pick'
  | 'delete-student-pick'
  | 'edit-student'
  | 'courses'
  | 'jobs'
  | 'notification'
  | 'users'
  | 'staff'
  | 'audit'
  | 'settings'
  | 'security'
  | 'classes'
  | 'register'
  | 'attendance-grid'
  | 'batches'
  | 'new-batch'
  | 'edit-batch'
  | 'batch-assign'
  | 'batch-roster'
  | 'batch-remove'
  | 'timetable'
  | 'certificates'
  | 'fees'
  | 'fees-student'
  | 'fee-reports'
  | 'fee-plans'
  | 'fee-due'
  | 'walk-in'
  | 'cash-book'
  | 'student-import'
  | 'educator'
  | 'course-chapters'
  | 'my-courses'
  | 'enrolled'
  | 'question-bank'
  | 'question-import'
  | 'practice-test'
  | 'guardian-office'
  | 'privacy-requests'
  | 'privacy-request';

/** What a role must be allowed to do (GET /api/admin/me's permissions) to open each panel. */
export const PANEL_NEEDS: Record<Panel, Permission> = {
  dashboard: 'dashboard',
  // Every role sees something on Today: the leads (with 'leads') and the dues to chase (with 'fees').
  today: 'fees',
  leads: 'leads',
  lead: 'leads',
  students: 'students',
  'student-list': 'students',
  'new-student': 'students',
  'edit-student-pick': 'students',
  'delete-student-pick': 'students',
  'edit-student': 'students',
  courses: 'website',
  jobs: 'website',
  notification: 'website',
  users: 'students',
  staff: 'staff',
  audit: 'audit',
  // Every role reads the settings; the Owner (with 'staff') changes them. Only the Owner opens the screen.
  settings: 'staff',
  security: 'account',
  classes: 'attendance',
  register: 'attendance',
  'attendance-grid': 'attendance',
  batches: 'timetable',
  'new-batch': 'batches',
  'edit-batch': 'batches',
  'batch-assign': 'batches',
  'batch-roster': 'batches',
  'batch-remove': 'batches',
  timetable: 'timetable',
  certificates: 'certificates',
  fees: 'fees',
  'fees-student': 'fees',
  'fee-reports': 'fees-reports',
  // Every role sees the plans and a due (Counsellor and Teacher to read); changing them asks 'fees-manage'.
  'fee-plans': 'fees',
  'fee-due': 'fees',
  'walk-in': 'admit',
  // The Owner and the Accountant read the cash book; recording a hand-over asks 'cash-handover' (the Owner).
  'cash-book': 'fees-reports',
  // Owner and Counsellor: the import also puts students in batches ('batches', checked by the server).
  'student-import': 'students',
  // The educator area: Owner and Teacher (a Teacher's batches are their own, checked by the server).
  educator: 'practice-tests',
  'course-chapters': 'practice-tests',
  'my-courses': 'practice-tests',
  enrolled: 'practice-tests',
  'question-bank': 'practice-tests',
  'question-import': 'practice-tests',
  'practice-test': 'practice-tests',
  // Owner, Counsellor and Accountant: whoever meets a parent at the counter.
  'guardian-office': 'guardian-consent',
  // Requests about personal data: the Owner alone (the Grievance Officer).
  'privacy-requests': 'privacy',
  'privacy-request': 'privacy',
};

/** One address of the admin app. */
export interface AdminRoute {
  /** The address in wouter's syntax (`:id` for a part taken from it). */
  path: string;
  /** What it shows. */
  panel: Panel;
  /** The panel's heading (its h1), where it is always the same; the browser tests read it. */
  h1?: string;
  /** The screen's name in the top bar where there is no fixed h1 (a lead's page, a student's form). */
  screen?: string;
}

/**
 * Every address of the admin app, in the order they are matched: the one list the app routes by,
 * netlify.toml's rewrites to the shell page are checked against (tests/unit/netlify-config.test.ts)
 * and the browser tests visit (tests/e2e/routes.ts).
 */
export const ADMIN_ROUTES: readonly AdminRoute[] = [
  { path: PATHS.panel, panel: 'dashboard', h1: 'Dashboard' },
  { path: PATHS.dashboard, panel: 'dashboard', h1: 'Dashboard' },
  { path: PATHS.today, panel: 'today', h1: 'Today' },
  { path: PATHS.leads, panel: 'leads', h1: 'Leads' },
  { path: `${PATHS.leads}/:id`, panel: 'lead', screen: 'Lead' },
  { path: PATHS.notification, panel: 'notification', h1: 'Update Notification' },
  { path: PATHS.courses, panel: 'courses', h1: 'Courses' },
  { path: PATHS.jobs, panel: 'jobs', h1: 'Jobs Opening' },
  { path: PATHS.allStudents, panel: 'students', h1: 'Students' },
  { path: PATHS.studentList, panel: 'student-list', h1: 'Student list' },
  { path: PATHS.newStudent, panel: 'new-student', h1: 'Add a student' },
  { path: PATHS.editStudentPick, panel: 'edit-student-pick', h1: 'Edit a student' },
  { path: PATHS.deleteStudentPick, panel: 'delete-student-pick', h1: 'Delete a student' },
  { path: `${PATHS.studentList}/:id/edit`, panel: 'edit-student', screen: 'Edit a student' },
  { path: PATHS.batches, panel: 'batches', h1: 'Batch List' },
  { path: PATHS.newBatch, panel: 'new-batch', h1: 'Add Batch' },
  { path: PATHS.assignStudents, panel: 'batch-assign', h1: 'Assign Students' },
  { path: PATHS.editStudents, panel: 'batch-roster', h1: 'Edit Students' },
  { path: PATHS.deleteStudents, panel: 'batch-remove', h1: 'Delete Students' },
  { path: `${PATHS.batches}/:id/edit`, panel: 'edit-batch', screen: 'Edit a batch' },
  { path: PATHS.timetable, panel: 'timetable', h1: 'Timetable' },
  { path: PATHS.users, panel: 'users', h1: 'Website accounts' },
  { path: PATHS.staff, panel: 'staff', h1: 'Staff' },
  { path: PATHS.audit, panel: 'audit', h1: 'Audit log' },
  { path: PATHS.settings, panel: 'settings', h1: 'Settings' },
  { path: PATHS.security, panel: 'security', h1: 'Security' },
  { path: PATHS.classes, panel: 'classes', h1: 'Today’s classes' },
  { path: `${PATHS.classes}/:batchId`, panel: 'register', screen: 'Register' },
  { path: `${PATHS.attendance}/:batchId`, panel: 'attendance-grid', screen: 'Attendance' },
  { path: PATHS.certificates, panel: 'certificates', h1: 'Certificates' },
  { path: PATHS.fees, panel: 'fees', h1: 'Collect fees' },
  { path: `${PATHS.fees}/students/:studentId`, panel: 'fees-student', screen: 'A student’s fees' },
  { path: PATHS.feeReports, panel: 'fee-reports', h1: 'Fee reports' },
  { path: PATHS.feePlans, panel: 'fee-plans', h1: 'Fee plans' },
  { path: `${PATHS.feeDues}/:dueId`, panel: 'fee-due', screen: 'A student’s due' },
  { path: PATHS.walkIn, panel: 'walk-in', h1: 'Walk-in admission' },
  { path: PATHS.cashBook, panel: 'cash-book', h1: 'Cash book' },
  { path: PATHS.importStudents, panel: 'student-import', h1: 'Import students' },
  { path: PATHS.educator, panel: 'educator', h1: 'Educator Area' },
  { path: PATHS.educatorCourse, panel: 'course-chapters', h1: 'Add a Course' },
  { path: PATHS.myCourses, panel: 'my-courses', h1: 'My Courses' },
  { path: PATHS.enrolled, panel: 'enrolled', h1: 'Students Enrolled' },
  { path: PATHS.questions, panel: 'question-bank', h1: 'Question bank' },
  { path: PATHS.importQuestions, panel: 'question-import', h1: 'Import questions' },
  { path: `${PATHS.practiceTests}/:id`, panel: 'practice-test', screen: 'A practice test' },
  { path: PATHS.guardianOffice, panel: 'guardian-office', h1: 'Guardian at the office' },
  { path: PATHS.privacyRequests, panel: 'privacy-requests', h1: 'Data requests' },
  { path: `${PATHS.privacyRequests}/:id`, panel: 'privacy-request', screen: 'A data request' },
];

/** The address of one request about personal data. */
export const privacyRequestPath = (id: string) => `/privacy-requests/${encodeURIComponent(id)}`;

/** The address of one practice test's page ('new' for the form of a new one). */
export const practiceTestPath = (id: string) => `/educater/tests/${encodeURIComponent(id)}`;

/** The address of one student's fees at the counter. */
export const feesStudentPath = (id: string) => `/fees/students/${encodeURIComponent(id)}`;

/** The address of one lead's page. */
export const leadPath = (id: string) => `/adminLeads/${encodeURIComponent(id)}`;

/** The address of the form that edits one student. */
export const editStudentPath = (id: string) => `/student-list/${encodeURIComponent(id)}/edit`;

/** The address of the form that edits one batch. */
export const batchEditPath = (id: string) => `/batches/${encodeURIComponent(id)}/edit`;

/** The address of one of a student's dues. */
export const feeDuePath = (id: string) => `/fees/dues/${encodeURIComponent(id)}`;

/** A link of the sidebar. */
export interface NavLink {
  label: string;
  href: string;
  /** Other addresses on which this link counts as the current page. */
  alsoAt?: string[];
}

/** A submenu of the sidebar. */
export interface NavGroup {
  label: string;
  items: NavLink[];
}

/**
 * The sidebar, in the spec's order, then the
 * staff pages. The spec's 'Student', 'Students' and 'Users' are named for what they hold, so a
 * newcomer tells them apart: the student list, the student records' management, and the accounts
 * students open on the website.
 */
export const NAV: (NavLink | NavGroup)[] = [
  { label: 'Dashboard', href: PATHS.dashboard, alsoAt: [PATHS.panel] },
  { label: 'Today', href: PATHS.today },
  { label: 'Today’s classes', href: PATHS.classes },
  { label: 'Leads', href: PATHS.leads },
  { label: 'Guardian at the office', href: PATHS.guardianOffice },
  { label: 'Students', href: PATHS.allStudents },
  {
    label: 'Manage students',
    items: [
      { label: 'Add a student', href: PATHS.newStudent },
      { label: 'Student list', href: PATHS.studentList },
      { label: 'Edit a student', href: PATHS.editStudentPick },
      { label: 'Delete a student', href: PATHS.deleteStudentPick },
      { label: 'Import students', href: PATHS.importStudents },
    ],
  },
  {
    label: 'Batch',
    items: [
      { label: 'Add Batch', href: PATHS.newBatch },
      { label: 'Batch List', href: PATHS.batches },
      { label: 'Assign Students', href: PATHS.assignStudents },
      { label: 'Edit Students', href: PATHS.editStudents },
      { label: 'Delete Students', href: PATHS.deleteStudents },
    ],
  },
  { label: 'Timetable', href: PATHS.timetable },
  { label: 'Certificates', href: PATHS.certificates },
  {
    label: 'Practice tests',
    items: [
      { label: 'Educator Area', href: PATHS.educator },
      { label: 'Add a Course', href: PATHS.educatorCourse },
      { label: 'My Courses', href: PATHS.myCourses },
      { label: 'Students Enrolled', href: PATHS.enrolled },
      { label: 'Question bank', href: PATHS.questions },
      { label: 'Import questions', href: PATHS.importQuestions },
    ],
  },
  {
    label: 'Fees',
    items: [
      { label: 'Collect fees', href: PATHS.fees },
      { label: 'Walk-in admission', href: PATHS.walkIn },
      { label: 'Fee plans', href: PATHS.feePlans },
      { label: 'Fee reports', href: PATHS.feeReports },
      { label: 'Cash book', href: PATHS.cashBook },
    ],
  },
  { label: 'Courses', href: PATHS.courses },
  { label: 'Jobs Opening', href: PATHS.jobs },
  { label: 'Update Notification', href: PATHS.notification },
  { label: 'Website accounts', href: PATHS.users },
  { label: 'Staff', href: PATHS.staff },
  { label: 'Audit log', href: PATHS.audit },
  { label: 'Data requests', href: PATHS.privacyRequests },
  { label: 'Settings', href: PATHS.settings },
  { label: 'Security', href: PATHS.security },
];

/** The name of the screen of the first route `matches` accepts (the top bar shows it), or null. */
export function screenName(matches: (path: string) => boolean): string | null {
  const route = ADMIN_ROUTES.find((r) => matches(r.path));
  return route ? (route.h1 ?? route.screen ?? null) : null;
}

/** Whether a sidebar entry is a submenu. */
export const isGroup = (entry: NavLink | NavGroup): entry is NavGroup => 'items' in entry;

/** What a role must be allowed to do to open `href` (its route's need; nothing for an unknown address). */
export const needOf = (href: string): Permission | undefined => {
  const route = ADMIN_ROUTES.find((r) => r.path === href);
  return route && PANEL_NEEDS[route.panel];
};

/** Whether a role that may do what `can` says may open `link` (by its route's need). */
const opensFor = (can: (permission: Permission) => boolean) => (link: NavLink) => {
  const need = needOf(link.href);
  return need !== undefined && can(need);
};

/**
 * The dashboard's shortcuts to the day's usual work. Each opens a route of ADMIN_ROUTES, so a role
 * is offered one only where that route's need allows it (shortcutsFor).
 */
export const SHORTCUTS: readonly NavLink[] = [
  { label: 'Register a student', href: PATHS.newStudent },
  { label: 'See the leads', href: PATHS.leads },
  { label: 'Take today’s attendance', href: PATHS.classes },
  { label: 'Find a student’s fees', href: PATHS.fees },
  { label: 'Issue certificates', href: PATHS.certificates },
  { label: 'Update the announcement line', href: PATHS.notification },
  { label: 'Post a job opening', href: PATHS.jobs },
  { label: 'Add a course', href: PATHS.courses },
];

/** The dashboard's shortcuts as a role sees them: those whose page it may open. */
export const shortcutsFor = (can: (permission: Permission) => boolean): NavLink[] => SHORTCUTS.filter(opensFor(can));

/** The sidebar as a role sees it: the links it may open, and the submenus left with any. */
export function navFor(can: (permission: Permission) => boolean): (NavLink | NavGroup)[] {
  const opens = opensFor(can);
  return NAV.flatMap((entry): (NavLink | NavGroup)[] => {
    if (!isGroup(entry)) return opens(entry) ? [entry] : [];
    const items = entry.items.filter(opens);
    return items.length ? [{ ...entry, items }] : [];
  });
}
