/**
 * GET /api/tests/attempts/{id}/result — the signed-in student's own submitted attempt as its
 * `AttemptResult`, with the review (their answer, the right one, the explanation in both
 * languages) only when the test shows answers. An attempt past its deadline is submitted first;
 * one still in progress is a 409 in words. Per the Terms, from the 31st day after the batch's
 * access ended the result is no longer shown: 410 in words. Anyone else's attempt is a 404.
 */
import type { Config } from '@netlify/functions';
import { indiaToday } from '../src/lib/schemas/real-day';
import { formatIndiaDay } from '../src/lib/india-time';
import { attempt_history_gone, attempt_in_progress } from '../src/i18n/messages';
import { requireUser } from './_shared/auth/auth';
import { HttpError, allowMethods, endpoint, json, requestLocale } from './_shared/platform/http';
import { enforce } from './_shared/platform/limits';
import { resultOf } from './_shared/practice/attempt-result';
import { ownAttemptNow, pooled } from './_shared/practice/attempts';
import { accessEndsOn, attemptShown } from './_shared/practice/history-access';

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET');
  const { user } = await requireUser(req);
  await enforce([['practice:user', user._id]]);
  const attempt = await ownAttemptNow(pooled, context.params?.['id'], { userId: user._id, email: user.email });
  if (!attempt.submitted_at) throw new HttpError(409, attempt_in_progress());
  const ends = await accessEndsOn(pooled, attempt.id);
  if (!attemptShown(ends, indiaToday(new Date(attempt.now)))) {
    throw new HttpError(410, attempt_history_gone({ day: formatIndiaDay(ends, requestLocale(req)) }));
  }
  return json(await resultOf(pooled, attempt));
});

export const config: Config = { path: '/api/tests/attempts/:id/result' };
