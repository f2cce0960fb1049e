/**
 * POST /api/admin/logout-all — "sign out everywhere": ends every session of the signed-in member
 * of staff (this browser's too) and removes this browser's cookie.
 */
import type { Config } from '@netlify/functions';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, json } from './_shared/platform/http';
import { CLEAR_COOKIE, requireStaff, revokeStaffSessions } from './_shared/auth/staff';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const { staff, address } = await requireStaff(req, context, { need: 'account' });
  const ended = await transaction(async (client) => {
    const count = await revokeStaffSessions(staff.id, client);
    await audit({ staffId: staff.id, action: 'sign-out-everywhere', entity: 'staff', entityId: staff.id, detail: { sessions: count } }, address, client);
    return count;
  });
  return json({ message: `Signed out on every device (${ended} session${ended === 1 ? '' : 's'}).`, ended }, 200, { 'Set-Cookie': CLEAR_COOKIE });
});

export const config: Config = { path: '/api/admin/logout-all' };
