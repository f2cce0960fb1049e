/**
 * The admin app's addresses and its sidebar ('Admin Panel') as data. Every path here is answered
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
  courses: '/adminCourse',
  jobs: '/addJobs',
  notification: '/notification',
  users: '/adminUsers',
  staff: '/adminStaff',
  audit: '/adminAudit',
  security: '/adminSecurity',
} as const;

/** The address of one lead's page. */
export const leadPath = (id: string) => `/adminLeads/${encodeURIComponent(id)}`;

/** The address of the form that edits one student. */
export const editStudentPath = (id: string) => `/student-list/${encodeURIComponent(id)}/edit`;

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

/** The sidebar, in the spec's order (Batch and Fees are not built, so they are not listed), then the staff pages. */
export const NAV: (NavLink | NavGroup)[] = [
  { label: 'Dashboard', href: PATHS.dashboard, alsoAt: [PATHS.panel] },
  { label: 'Today', href: PATHS.today },
  { label: 'Leads', href: PATHS.leads },
  { label: 'Student', href: PATHS.allStudents },
  {
    label: 'Students',
    items: [
      { label: 'New Registration', href: PATHS.newStudent },
      { label: 'All Student List', href: PATHS.studentList },
      { label: 'Edit Student', href: PATHS.editStudentPick },
      { label: 'Delete Student', href: PATHS.deleteStudentPick },
    ],
  },
  { label: 'Courses', href: PATHS.courses },
  { label: 'Jobs Opening', href: PATHS.jobs },
  { label: 'Update Notification', href: PATHS.notification },
  { label: 'Users', href: PATHS.users },
  { label: 'Staff', href: PATHS.staff },
  { label: 'Audit log', href: PATHS.audit },
  { label: 'Security', href: PATHS.security },
];

/** Whether a sidebar entry is a submenu. */
export const isGroup = (entry: NavLink | NavGroup): entry is NavGroup => 'items' in entry;
