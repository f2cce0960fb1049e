/**
 * GET /api/admin/practice/results (permission 'practice-tests': an Owner for every batch, a
 * Teacher for the batches they teach): the batches the caller may see; with `?batch={id}`, that
 * batch's students by the tests opened to it — each student's best and last score, their attempts,
 * whether one is being taken now, and who has not attempted (batch-results.ts). Another teacher's
 * batch is 403 in words, no such batch 404. Seeing a batch's results is an audit line (a view of
 * students' marks).
 */
import type { Config } from '@netlify/functions';
import { ResultsQuerySchema, type ResultsAnswer } from '../src/lib/schemas/practice-results';
import { requireStaff } from './_shared/auth/staff';
import { batchForResults, batchesForResults } from './_shared/practice/results-access';
import { batchResults } from './_shared/practice/batch-results';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, json, validate } from './_shared/platform/http';

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET');
  const who = await requireStaff(req, context, { need: 'practice-tests' });
  const { batch: batchId } = validate(ResultsQuerySchema, Object.fromEntries(new URL(req.url).searchParams));

  // One transaction: the roster, the tests and the attempts are read at one moment.
  const answer = await transaction(async (client): Promise<ResultsAnswer> => {
    const batches = await batchesForResults(client, who);
    if (batchId === undefined) return { batches };
    const batch = await batchForResults(client, batchId, who);
    const { tests, students } = await batchResults(client, batch.id);
    await audit(
      {
        staffId: who.staff.id,
        action: 'view',
        entity: 'practice-results',
        entityId: batch.id,
        subject: batch.name,
        detail: { count: students.length, tests: tests.length },
      },
      who.address,
      client,
    );
    return { batches, batch, tests, students };
  });
  return json(answer);
});

export const config: Config = { path: '/api/admin/practice/results' };
