/**
 * GET /api/admin/practice/tests/{id}/question-stats (permission 'practice-tests'): each question
 * of a test by version, from the submitted attempts (question-stats.ts) — how many were asked it,
 * how many got it right, each option's count and the wrong option chosen most, flagged in words
 * when few get it right or a wrong option draws more than the right answer; worst first. With
 * `?batch={id}` only that batch's attempts (another teacher's batch: 403 in words). Without it, an
 * Owner counts every batch's attempts, a Teacher those of the batches they teach. No such test:
 * 404. Figures about questions, not a student's marks: not an audit line.
 */
import type { Config } from '@netlify/functions';
import { QuestionStatsQuerySchema, type QuestionStatsAnswer } from '../src/lib/schemas/practice-results';
import { RecordIdSchema } from '../src/lib/schemas/records';
import { requireStaff } from './_shared/auth/staff';
import { batchForResults, teacherScopeOf } from './_shared/practice/results-access';
import { questionStats } from './_shared/practice/question-stats';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, HttpError, json, validate } from './_shared/platform/http';

const NO_TEST = 'This practice test was not found. It may have been deleted; please reload.';

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET');
  const who = await requireStaff(req, context, { need: 'practice-tests' });
  const testId = context.params['id'];
  if (!RecordIdSchema.safeParse(testId).success) throw new HttpError(404, NO_TEST);
  const { batch: batchId } = validate(QuestionStatsQuerySchema, Object.fromEntries(new URL(req.url).searchParams));

  const answer = await transaction(async (client): Promise<QuestionStatsAnswer> => {
    const { rows } = await client.query<{ id: string; title: string }>('select id::text, title_en as title from practice_tests where id = $1', [testId]);
    const test = rows[0];
    if (!test) throw new HttpError(404, NO_TEST);
    const batch = batchId === undefined ? null : await batchForResults(client, batchId, who);
    const stats = await questionStats(client, { testId: test.id, batchId: batch?.id ?? null, teacherId: batch ? null : teacherScopeOf(who) });
    return { test, batch, ...stats };
  });
  return json(answer);
});

export const config: Config = { path: '/api/admin/practice/tests/:id/question-stats' };
