/**
 * POST /api/user/logout-all — "log out of all devices": ends every session of the signed-in
 * account, this one included (401 without a live session). Recorded in the security log.
 */
import type { Config } from '@netlify/functions';
import { requireUser, revokeAllSessions } from './_shared/auth/auth';
import { recordEvent } from './_shared/platform/events';
import { afterAnswer, allowMethods, clientIp, endpoint, json } from './_shared/platform/http';
import { server_logged_out_everywhere } from '../src/i18n/messages';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const { user } = await requireUser(req);
  const ended = await revokeAllSessions(user._id);
  await afterAnswer(context, () => recordEvent({ kind: 'logout-all', userId: user._id, detail: { sessions: ended } }, clientIp(req, context)));
  return json({ message: server_logged_out_everywhere() });
});

export const config: Config = { path: '/api/user/logout-all' };
