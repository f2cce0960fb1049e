/** The admin sidebar by role: each link opens a route of the app, and a role sees only the pages it may open. */
import { describe, expect, it } from 'vitest';
import { can } from '../../functions/_shared/auth/roles';
import { isGroup, NAV, navFor, needOf, type NavGroup, type NavLink } from '../../src/admin/routes';
import type { Role } from '../../src/lib/staff-roles';

const labels = (entries: (NavLink | NavGroup)[]) => entries.flatMap((e) => (isGroup(e) ? [e.label, ...e.items.map((i) => i.label)] : [e.label]));
const sidebarOf = (role: Role) => labels(navFor((permission) => can(role, permission)));

describe('the sidebar by role', () => {
  it('has a route for every link (a link without one would vanish for every role)', () => {
    const links = NAV.flatMap((e) => (isGroup(e) ? e.items : [e]));
    expect(links.filter((link) => needOf(link.href) === undefined).map((l) => l.href)).toEqual([]);
  });

  it('shows an Owner everything', () => {
    expect(sidebarOf('owner')).toEqual(labels(NAV));
  });

  it('shows a Counsellor leads and students, not Staff, the audit log or the website', () => {
    const links = sidebarOf('counsellor');
    expect(links).toEqual(expect.arrayContaining(['Dashboard', 'Today', 'Leads', 'Security']));
    for (const hidden of ['Staff', 'Audit log', 'Courses', 'Jobs Opening', 'Update Notification']) expect(links).not.toContain(hidden);
  });

  it('shows an Accountant the dashboard, Today (the dues to chase), the Fees submenu and their own security page', () => {
    expect(sidebarOf('accountant')).toEqual([
      'Dashboard',
      'Today',
      'Guardian at the office',
      'Fees',
      'Collect fees',
      'Walk-in admission',
      'Fee plans',
      'Fee reports',
      'Cash book',
      'Security',
    ]);
  });

  it('shows a Teacher Today’s classes, the batches and the timetable to read, the certificates of their batches, the educator area and the fees as status, but not the screens that change a batch or the reports', () => {
    expect(sidebarOf('teacher')).toEqual([
      'Dashboard',
      'Today',
      'Today’s classes',
      'Batch',
      'Batch List',
      'Timetable',
      'Certificates',
      'Practice tests',
      'Educator Area',
      'Add a Course',
      'My Courses',
      'Students Enrolled',
      'Question bank',
      'Import questions',
      'Fees',
      'Collect fees',
      'Fee plans',
      'Security',
    ]);
  });

  it('shows a Counsellor the whole Batch submenu and the timetable', () => {
    expect(sidebarOf('counsellor')).toEqual(
      expect.arrayContaining(['Batch', 'Add Batch', 'Batch List', 'Assign Students', 'Edit Students', 'Delete Students', 'Timetable']),
    );
  });
});
