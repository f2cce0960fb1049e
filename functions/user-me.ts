/**
 * GET /api/user/me — the signed-in user, {user}, from the token in the `token` header (or
 * `Authorization: Bearer`). The user is read from the database on every call, so a deleted
 * account's token stops working at once. 401 without a valid token.
 */
import type { Config } from '@netlify/functions';
import { requireUser } from './_shared/auth';
import { allowMethods, endpoint, json } from './_shared/http';

export default endpoint(async (req) => {
  allowMethods(req, 'GET');
  return json({ user: await requireUser(req) });
});

export const config: Config = { path: '/api/user/me' };
