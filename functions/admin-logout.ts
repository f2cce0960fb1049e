/**
 * POST /api/admin/logout — ends this browser's staff session on the server and removes its
 * cookie. Answers 200 also when there was no live session (the browser is signed out either way).
 */
import type { Config } from '@netlify/functions';
import { audit } from './_shared/audit';
import { HttpError, allowMethods, endpoint, json } from './_shared/http';
import { CLEAR_COOKIE, requireStaff, revokeStaffSession } from './_shared/staff';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const signing = await requireStaff(req, context, 'second-factor').catch((error: unknown) => {
    if (error instanceof HttpError && error.status === 401) return null;
    throw error;
  });
  if (signing) {
    await revokeStaffSession(signing.sessionId);
    if (signing.verified) await audit({ staffId: signing.staff.id, action: 'sign-out', entity: 'session', entityId: signing.sessionId }, signing.address);
  }
  return json({ message: 'Logged out' }, 200, { 'Set-Cookie': CLEAR_COOKIE });
});

export const config: Config = { path: '/api/admin/logout' };
