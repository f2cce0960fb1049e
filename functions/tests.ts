/**
 * GET /api/tests — the signed-in student's practice tests (`TestsOverview`,
 * src/lib/schemas/practice-attempts.ts): the tests open to them now, their attempt in progress,
 * and their history as the Terms allow (decision 052). Their attempts past the deadline are
 * submitted first, so nothing waits on the schedule. Signed in as every student call is (the
 * `token` header); 401 otherwise; a student whose record is not linked yet gets empty lists.
 */
import type { Config } from '@netlify/functions';
import { requireUser } from './_shared/auth/auth';
import { studentIdsOf } from './_shared/classes/student-classes';
import { allowMethods, endpoint, json } from './_shared/platform/http';
import { enforce } from './_shared/platform/limits';
import { pooled, submitOverdue } from './_shared/practice/attempts';
import { testsOverview } from './_shared/practice/tests-overview';

export default endpoint(async (req) => {
  allowMethods(req, 'GET');
  const { user } = await requireUser(req);
  await enforce([['practice:user', user._id]]);
  const studentIds = await studentIdsOf(pooled, user._id, user.email);
  if (studentIds.length) await submitOverdue(studentIds);
  return json(await testsOverview(pooled, studentIds));
});

export const config: Config = { path: '/api/tests' };
