/**
 * PUT /api/tests/attempts/{id}/answers — answers from the signed-in student's phone
 * (`SaveAnswersSchema`), stored one per position of their own open attempt, the later `at`
 * winning; answered with `AnswersSaved` (how many were kept, the deadline and the server's
 * clock). A position beyond the paper or an option its question does not have is a 400 in
 * words, nothing saved. After the deadline (and a grace of GRACE_SECONDS for a request already on
 * its way) or once submitted: 409 in the student's language ("The time for this test ended at
 * 10:42 am; answers sent after it are not counted."), nothing saved — an attempt found past its
 * deadline is submitted then. Anyone else's attempt is a 404. Rate-limited per account and
 * attempt, never per address (a lab shares one). The save is one statement (save-answers.ts).
 */
import type { Config } from '@netlify/functions';
import type { AnswersSaved } from '../src/lib/schemas/practice-attempts';
import { SaveAnswersSchema } from '../src/lib/schemas/practice-attempts';
import { requireUser } from './_shared/auth/auth';
import { allowMethods, endpoint, json, readJson, requestLocale, validate } from './_shared/platform/http';
import { enforce } from './_shared/platform/limits';
import { attemptIdOf, attemptNotFound, ownAttempt, pooled, submitIfOverdue } from './_shared/practice/attempts';
import { saveAnswers, tooLate } from './_shared/practice/save-answers';

export default endpoint(async (req, context) => {
  allowMethods(req, 'PUT');
  const { user } = await requireUser(req);
  const id = attemptIdOf(context.params?.['id']);
  await enforce([['practice-answers:attempt', `${user._id}:${id}`]]);
  const { answers } = validate(SaveAnswersSchema, await readJson(req, 64 * 1024));
  const owner = { userId: user._id, email: user.email };
  const locale = requestLocale(req);

  const saved = await saveAnswers(pooled, id, owner, answers);
  if (!saved) throw attemptNotFound();
  if (saved.submitted_at) throw tooLate(saved, locale);
  if (saved.overdue) {
    // Past its deadline: submitted now with what had reached the server, and this send refused.
    await submitIfOverdue(id, { wait: true });
    throw tooLate(await ownAttempt(pooled, id, owner), locale);
  }
  const body: AnswersSaved = { saved: saved.saved, deadlineAt: new Date(saved.deadline_at).toISOString(), serverNow: new Date(saved.now).toISOString() };
  return json(body);
});

export const config: Config = { path: '/api/tests/attempts/:id/answers' };
