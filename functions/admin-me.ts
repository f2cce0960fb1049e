/**
 * GET /api/admin/me — who is signed in, and how far: {staff: {_id, name, email, role, roleLabel},
 * permissions, stage, idleMinutes, expiresAt}. `permissions` lists what their role may do
 * (roles.ts), so the app shows only that. `stage` is 'signed-in', or 'verify' / 'enrol' for a
 * session still waiting for its second factor (the sign-in page resumes there after a reload).
 * 401 without a live session.
 */
import type { Config } from '@netlify/functions';
import { allowMethods, endpoint, json } from './_shared/platform/http';
import { permissionsOf, roleLabel } from './_shared/auth/roles';
import { IDLE_MINUTES, requireStaff } from './_shared/auth/staff';

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET');
  const { staff, role, verified, enrolled, expiresAt } = await requireStaff(req, context, { stage: 'second-factor', need: 'account' });
  return json({
    staff: { _id: staff.id, name: staff.name, email: staff.email, role, roleLabel: roleLabel(role) },
    permissions: permissionsOf(role),
    stage: verified ? 'signed-in' : enrolled ? 'verify' : 'enrol',
    idleMinutes: IDLE_MINUTES,
    expiresAt: expiresAt.toISOString(),
  });
});

export const config: Config = { path: '/api/admin/me' };
