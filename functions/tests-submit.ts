/**
 * POST /api/tests/attempts/{id}/submit — the signed-in student submits their own attempt
 * (`SubmitAttemptSchema`: the answers still waiting on the phone) and gets its `AttemptResult`.
 * The waiting answers are stored only before the deadline (and its grace); after it they are
 * counted as not sent (`unsent`) and the attempt is submitted as the deadline left it. Marked
 * once: the marking is recorded only while the attempt is not yet submitted, so two submissions
 * at once mark it once, and a second submission answers the same result (submit-own.ts). Anyone
 * else's attempt is a 404.
 */
import type { Config } from '@netlify/functions';
import { SubmitAttemptSchema } from '../src/lib/schemas/practice-attempts';
import { requireUser } from './_shared/auth/auth';
import { allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { enforce } from './_shared/platform/limits';
import { attemptIdOf, pooled } from './_shared/practice/attempts';
import { submitOwn } from './_shared/practice/submit-own';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const { user } = await requireUser(req);
  const id = attemptIdOf(context.params?.['id']);
  await enforce([['practice:user', user._id]]);
  const { answers } = validate(SubmitAttemptSchema, await readJson(req, 64 * 1024));
  return json(await submitOwn(pooled, id, { userId: user._id, email: user.email }, answers));
});

export const config: Config = { path: '/api/tests/attempts/:id/submit' };
