/**
 * POST /api/tests/{openingId}/start — starts the signed-in student's attempt at a test opened to
 * their batch (201 with the `Paper`), or gives back the attempt of that opening in progress (200,
 * the same `Paper` with the answers that reached the server). Refused in words, in the student's
 * language: a test not open to them (404, whether or not it exists), before or after the window
 * (403), another test's attempt in progress, attempts used up, a bank too small for the test
 * (409). Their attempts past the deadline are submitted first. The deadline is the server's:
 * now + the test's duration (decision 052). Body: none, or `{}`.
 */
import type { Config } from '@netlify/functions';
import { requireUser } from './_shared/auth/auth';
import { studentIdsOf } from './_shared/classes/student-classes';
import { allowMethods, endpoint, json, requestLocale } from './_shared/platform/http';
import { enforce } from './_shared/platform/limits';
import { pooled, submitOverdue } from './_shared/practice/attempts';
import { paperOf } from './_shared/practice/paper-view';
import { startAttempt } from './_shared/practice/start-attempt';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const { user } = await requireUser(req);
  await enforce([['practice:user', user._id]]);
  const studentIds = await studentIdsOf(pooled, user._id, user.email);
  if (studentIds.length) await submitOverdue(studentIds);
  const { attempt, created } = await startAttempt(context.params?.['openingId'], studentIds, requestLocale(req));
  return json(await paperOf(pooled, attempt, { fresh: created }), created ? 201 : 200);
});

export const config: Config = { path: '/api/tests/:openingId/start' };
