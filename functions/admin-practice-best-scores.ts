/**
 * GET /api/admin/practice/best-scores?batch={id} (permission 'practice-tests': an Owner for every
 * batch, a Teacher for the batches they teach; 403 in words for another's, 404 for none): each
 * student of the batch who has a marked attempt at a test opened to it, with their best score in
 * each such test ("62 / 100"), the highest share first. The certificate form offers it as the
 * marks; the staff still choose, and a certificate once issued keeps the marks it was given. An
 * audit line (a view of students' marks).
 */
import type { Config } from '@netlify/functions';
import { BatchQuerySchema, scorePercent, scoreText, type BestScoresAnswer } from '../src/lib/schemas/practice-results';
import { requireStaff } from './_shared/auth/staff';
import { batchForResults } from './_shared/practice/results-access';
import { batchResults } from './_shared/practice/batch-results';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, json, validate } from './_shared/platform/http';

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET');
  const who = await requireStaff(req, context, { need: 'practice-tests' });
  const { batch: batchId } = validate(BatchQuerySchema, Object.fromEntries(new URL(req.url).searchParams));

  const answer = await transaction(async (client): Promise<BestScoresAnswer> => {
    const batch = await batchForResults(client, batchId, who);
    const { tests, students } = await batchResults(client, batch.id);
    const titleOf = new Map(tests.map((t) => [t.id, t.title]));
    const withScores = students
      .map((s) => ({
        studentId: s.studentId,
        name: s.name,
        best: s.cells
          .flatMap((c) => (c.best ? [{ testId: c.testId, ...c.best }] : []))
          .sort((a, b) => scorePercent(b.score, b.maxScore) - scorePercent(a.score, a.maxScore))
          .map((b) => ({ ...b, title: titleOf.get(b.testId) ?? '', marks: scoreText(b.score, b.maxScore) })),
      }))
      .filter((s) => s.best.length > 0);
    await audit(
      {
        staffId: who.staff.id,
        action: 'view',
        entity: 'practice-results',
        entityId: batch.id,
        subject: batch.name,
        detail: { count: withScores.length, best: true },
      },
      who.address,
      client,
    );
    return { batch, students: withScores };
  });
  return json(answer);
});

export const config: Config = { path: '/api/admin/practice/best-scores' };
