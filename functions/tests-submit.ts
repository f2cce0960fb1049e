/**
 * POST /api/tests/attempts/{id}/submit — the signed-in student submits their own attempt
 * (`SubmitAttemptSchema`: the answers still waiting on the phone) and gets its `AttemptResult`.
 * The waiting answers are stored only before the deadline (and its grace); after it they are
 * counted as not sent (`unsent`) and the attempt is submitted as the deadline left it. Marked
 * once: the attempt's row is locked, so two submissions at once mark it once, and a second
 * submission answers the same result. Anyone else's attempt is a 404.
 */
import type { Config } from '@netlify/functions';
import { SubmitAttemptSchema } from '../src/lib/schemas/practice-attempts';
import { requireUser } from './_shared/auth/auth';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { enforce } from './_shared/platform/limits';
import { resultOf } from './_shared/practice/attempt-result';
import { attemptById, ownAttempt, pooled, submitAttempt } from './_shared/practice/attempts';
import { checkedAnswers, storeAnswers, unsentOf } from './_shared/practice/save-answers';

export default endpoint(async (req, context) => {
  allowMethods(req, 'POST');
  const { user } = await requireUser(req);
  await enforce([['practice:user', user._id]]);
  const { answers } = validate(SubmitAttemptSchema, await readJson(req, 64 * 1024));
  const owner = { userId: user._id, email: user.email };

  const submitted = await transaction(async (client) => {
    const attempt = await ownAttempt(client, context.params?.['id'], owner, 'update');
    const waiting = checkedAnswers(attempt, answers);
    if (!attempt.submitted_at) {
      if (attempt.overdue) return submitAttempt(client, attempt, 'deadline', await unsentOf(client, attempt.id, waiting));
      await storeAnswers(client, attempt.id, waiting);
      return submitAttempt(client, attempt, 'student', 0);
    }
    if (attempt.submitted_by === 'deadline' && attempt.unsent_count === null && waiting.length) {
      // Submitted at the deadline while the phone was away: it now says what it still held.
      await client.query('update practice_attempts set unsent_count = $2 where id = $1', [attempt.id, await unsentOf(client, attempt.id, waiting)]);
      return attemptById(client, attempt.id);
    }
    return attempt;
  });
  // Read once the row is free again: the result is what was stored, and nothing waits on it.
  return json(await resultOf(pooled, submitted));
});

export const config: Config = { path: '/api/tests/attempts/:id/submit' };
