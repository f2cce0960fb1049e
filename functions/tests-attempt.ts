/**
 * GET /api/tests/attempts/{id} — the signed-in student's own attempt as its `Paper`
 * (src/lib/schemas/practice-attempts.ts) with the answers that reached the server, to resume it
 * on another load; never the right answers or the explanations. Past its deadline it is
 * submitted first (by 'deadline', with the answers the server had) and answered with
 * `submittedAt` set. Anyone else's attempt, or none, is the same 404 in words.
 */
import type { Config } from '@netlify/functions';
import { requireUser } from './_shared/auth/auth';
import { allowMethods, endpoint, json } from './_shared/platform/http';
import { enforce } from './_shared/platform/limits';
import { ownAttemptNow, pooled } from './_shared/practice/attempts';
import { paperOf } from './_shared/practice/paper-view';

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET');
  const { user } = await requireUser(req);
  await enforce([['practice:user', user._id]]);
  const attempt = await ownAttemptNow(pooled, context.params?.['id'], { userId: user._id, email: user.email });
  return json(await paperOf(pooled, attempt));
});

export const config: Config = { path: '/api/tests/attempts/:id' };
