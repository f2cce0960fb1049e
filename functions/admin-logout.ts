/**
 * POST /api/admin/logout — ends this browser's staff session on the server and removes its
 * cookie. Without a live session it answers 401 (and still removes a stale cookie): there was
 * nothing to log out of, and an answer of "Logged out" to anyone would say otherwise.
 */
import type { Config } from '@netlify/functions';
import { audit } from './_shared/platform/audit';
import { allowMethods, endpoint, json } from './_shared/platform/http';
import { CLEAR_COOKIE, requireStaff, revokeStaffSession } from './_shared/auth/staff';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const signing = await requireStaff(req, context, { stage: 'second-factor', need: 'account' });
  await revokeStaffSession(signing.sessionId);
  if (signing.verified) await audit({ staffId: signing.staff.id, action: 'sign-out', entity: 'session', entityId: signing.sessionId }, signing.address);
  return json({ message: 'Logged out' }, 200, { 'Set-Cookie': CLEAR_COOKIE });
});

export const config: Config = { path: '/api/admin/logout' };
