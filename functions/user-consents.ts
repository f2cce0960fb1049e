/**
 * GET /api/user/consents — the signed-in account's consents (its own, its enquiries' and
 * applications' with its e-mail address, its student records', given by the person or by a
 * parent or guardian), in the request's language: {consents: ConsentView[]}. 401 when not signed in.
 */
import type { Config } from '@netlify/functions';
import { requireUser } from './_shared/auth/auth';
import { accountConsents } from './_shared/consent/account-consents';
import { pool } from './_shared/platform/db';
import { allowMethods, endpoint, json } from './_shared/platform/http';

export default endpoint(async (req) => {
  allowMethods(req, 'GET');
  const { user } = await requireUser(req);
  return json({ consents: await accountConsents(pool(), { userId: user._id, email: user.email }) });
});

export const config: Config = { path: '/api/user/consents' };
