/**
 * PUT /api/tests/attempts/{id}/answers — answers from the signed-in student's phone
 * (`SaveAnswersSchema`), stored one per position of their own open attempt, the later `at`
 * winning; answered with `AnswersSaved` (how many were kept, the deadline and the server's
 * clock). A position beyond the paper or an option its question does not have is a 400 in
 * words, nothing saved. After the deadline (and a grace of GRACE_SECONDS for a request already on
 * its way) or once submitted: 409 in the student's language ("The time for this test ended at
 * 10:42 am; answers sent after it are not counted."), nothing saved — an attempt found past its
 * deadline is submitted then. Anyone else's attempt is a 404. Rate-limited per account and
 * attempt, never per address (a lab shares one).
 */
import type { Config } from '@netlify/functions';
import type { AnswersSaved } from '../src/lib/schemas/practice-attempts';
import { SaveAnswersSchema } from '../src/lib/schemas/practice-attempts';
import { requireUser } from './_shared/auth/auth';
import { studentIdsOf } from './_shared/classes/student-classes';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, json, readJson, requestLocale, validate } from './_shared/platform/http';
import { enforce } from './_shared/platform/limits';
import { attemptNotFound, ownAttempt, pooled, submitIfOverdue } from './_shared/practice/attempts';
import { checkedAnswers, storeAnswers, tooLate } from './_shared/practice/save-answers';
import { RecordIdSchema } from '../src/lib/schemas/records';

export default endpoint(async (req, context) => {
  allowMethods(req, 'PUT');
  const { user } = await requireUser(req);
  const id = RecordIdSchema.safeParse(context.params?.['id']);
  if (!id.success) throw attemptNotFound();
  await enforce([['practice-answers:attempt', `${user._id}:${id.data}`]]);
  const { answers } = validate(SaveAnswersSchema, await readJson(req, 64 * 1024));
  const studentIds = await studentIdsOf(pooled, user._id, user.email);
  const locale = requestLocale(req);

  const outcome = await transaction(async (client) => {
    // Shared with other saves of this attempt, exclusive of its submission: none slips in after it.
    const attempt = await ownAttempt(client, id.data, studentIds, 'share');
    if (attempt.submitted_at) return { late: tooLate(attempt, locale) };
    if (attempt.overdue) return { overdue: true as const };
    const saved = await storeAnswers(client, attempt.id, checkedAnswers(attempt, answers));
    const body: AnswersSaved = { saved, deadlineAt: new Date(attempt.deadline_at).toISOString(), serverNow: new Date(attempt.now).toISOString() };
    return { body };
  });
  if ('late' in outcome) throw outcome.late;
  if ('overdue' in outcome) {
    // Past its deadline: submitted now with what had reached the server, and this send refused.
    await submitIfOverdue(id.data, { wait: true });
    throw tooLate(await ownAttempt(pooled, id.data, studentIds), locale);
  }
  return json(outcome.body);
});

export const config: Config = { path: '/api/tests/attempts/:id/answers' };
