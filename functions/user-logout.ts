/**
 * POST /api/user/logout — ends this device's session on the server: its token stops working at
 * once. Always answers 200 {message: 'Logged out'}, also for a token that was already refused.
 */
import type { Config } from '@netlify/functions';
import { requestToken, revokeSession, verifyUserToken } from './_shared/auth/auth';
import { allowMethods, endpoint, json } from './_shared/platform/http';
import { server_logged_out } from '../src/i18n/messages';

export default endpoint(async (req) => {
  allowMethods(req, 'POST');
  const token = requestToken(req);
  const ids = token ? await verifyUserToken(token) : null;
  if (ids) await revokeSession(ids.sessionId);
  return json({ message: server_logged_out() });
});

export const config: Config = { path: '/api/user/logout' };
