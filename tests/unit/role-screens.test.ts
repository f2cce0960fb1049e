/**
 * What each role is offered on the screens that are not the sidebar, read against the one
 * permission table (GRANTS): the dashboard's shortcuts open only pages the role may open, and the
 * words that say what a role may do (the Staff page, Change role) say what the table grants.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { AppInfoContext, type AppInfo } from '../../src/admin/app-info';
import Dashboard from '../../src/admin/panels/Dashboard';
import { needOf } from '../../src/admin/routes';
import RoleScopes from '../../src/admin/staff/RoleScopes';
import { ROLE_SCOPES } from '../../src/admin/staff/RoleChange';
import { teachersOf } from '../../src/admin/staff/teachers';
import type { StaffListing } from '../../src/admin/panels/Staff';
import { canTeach, GRANTS, PERMISSION_WORDS, PERMISSIONS, ROLE_LABELS, ROLES, type Role } from '../../src/lib/staff-roles';

/** `element` rendered inside the signed-in app as a member of staff in `role`. */
function render(role: Role, element: ReactNode): string {
  const info = {
    me: {
      staff: { _id: '1', name: 'Asha Verma', email: 'asha@example.in', role, roleLabel: ROLE_LABELS[role] },
      permissions: [...GRANTS[role]],
      stage: 'signed-in',
      idleMinutes: 30,
      expiresAt: '2026-11-28T12:00:00Z',
    },
    siteName: 'Institute',
    announcementDefault: '',
    whatsappTemplates: [],
  } satisfies AppInfo;
  return renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: new QueryClient() },
      createElement(AppInfoContext, { value: info }, createElement(Router, { ssrPath: '/adminDashboard', children: element })),
    ),
  );
}

/** The shortcuts of the dashboard as `role` sees them: label and address. */
function shortcutsOf(role: Role): { label: string; href: string }[] {
  const html = render(role, createElement(Dashboard));
  const list = /<ul class="admin-shortcuts">(.*?)<\/ul>/s.exec(html)?.[1] ?? '';
  return [...list.matchAll(/<a[^>]*href="([^"]+)"[^>]*>(.*?)<\/a>/g)].map((m) => ({ href: m[1]!, label: m[2]!.replace(/&#x27;|’/g, '’') }));
}

describe('the dashboard’s shortcuts', () => {
  it.each(ROLES)('offer a %s only pages their role may open, and at least one', (role) => {
    const shortcuts = shortcutsOf(role);
    expect(shortcuts.length).toBeGreaterThan(0);
    for (const { href } of shortcuts) {
      const need = needOf(href);
      expect(need, href).toBeDefined();
      expect(GRANTS[role], `${role} → ${href}`).toContain(need);
    }
  });

  it('give each role the shortcuts of its own work', () => {
    expect(shortcutsOf('accountant').map((s) => s.href)).toEqual(['/fees']);
    expect(shortcutsOf('teacher').map((s) => s.href)).toEqual(['/classes', '/fees', '/adminCertificates']);
    expect(shortcutsOf('counsellor').map((s) => s.href)).toEqual(['/student-list/new', '/adminLeads', '/fees']);
    expect(shortcutsOf('owner').map((s) => s.href)).toEqual(
      expect.arrayContaining(['/student-list/new', '/notification', '/addJobs', '/adminCourse', '/fees', '/classes']),
    );
  });
});

describe('what a role may do, in words', () => {
  /** The words of every permission the role is granted (and of none it is not). */
  const expectTableOf = (role: Role, words: string) => {
    if (role === 'owner') return expect(words).toContain('everything');
    for (const permission of PERMISSIONS) {
      const phrase = PERMISSION_WORDS[permission];
      if (!phrase || (permission === 'fees' && GRANTS[role].includes('fees-collect'))) continue;
      if (GRANTS[role].includes(permission)) expect(words, `${role}: ${permission}`).toContain(phrase);
      else expect(words, `${role}: not ${permission}`).not.toContain(phrase);
    }
  };

  it.each(ROLES)('on the Staff page, say what the table grants a %s', (role) => {
    const html = render('owner', createElement(RoleScopes)).replace(/&#x27;/g, '’');
    const sentence = new RegExp(`An? ${ROLE_LABELS[role]}[^.]*\\.`).exec(html)?.[0] ?? '';
    expectTableOf(role, sentence);
    expect(html).not.toContain('for now');
  });

  it.each(ROLES)('when an Owner changes a role, say what the table grants a %s', (role) => {
    expectTableOf(role, ROLE_SCOPES[role]);
  });

  it('name collecting and the reports for an Accountant, attendance and certificates for a Teacher', () => {
    expect(ROLE_SCOPES.accountant).toMatch(/collecting fees.*fee plans and dues.*fee reports/);
    expect(ROLE_SCOPES.teacher).toMatch(/attendance.*certificates/);
  });
});

describe('who can teach', () => {
  it('is an Owner or a Teacher: the roles that take attendance in their own classes', () => {
    expect(ROLES.filter(canTeach)).toEqual(['owner', 'teacher']);
  });
});

describe('the teachers the batch form and the Batch List’s filter offer', () => {
  it('are the active colleagues whose role can teach, not Counsellors, Accountants or disabled staff', () => {
    const person = (name: string, role: Role, status: StaffListing['status'] = 'active'): StaffListing => ({
      _id: name,
      name,
      email: `${name}@example.in`,
      status,
      role,
      roleLabel: ROLE_LABELS[role],
      enrolled: true,
      createdAt: '2026-11-01T00:00:00Z',
      lastSignInAt: null,
      signInLocked: false,
    });
    const staff = [
      person('Asha', 'owner'),
      person('Ravi', 'counsellor'),
      person('Meena', 'accountant'),
      person('Kiran', 'teacher'),
      person('Old', 'teacher', 'disabled'),
    ];
    expect(teachersOf(staff).map((s) => s.name)).toEqual(['Asha', 'Kiran']);
  });
});
