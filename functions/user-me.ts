/**
 * GET /api/user/me — the signed-in user, {user}, from the token in the `token` header (or
 * `Authorization: Bearer`). The session is read from the database on every call, so a logged-out
 * session, a changed password or a deleted account stops the token at once. 401 otherwise.
 */
import type { Config } from '@netlify/functions';
import { requireUser } from './_shared/auth/auth';
import { allowMethods, endpoint, json } from './_shared/platform/http';

export default endpoint(async (req) => {
  allowMethods(req, 'GET');
  const { user } = await requireUser(req);
  return json({ user });
});

export const config: Config = { path: '/api/user/me' };
