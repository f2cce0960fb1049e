/**
 * /api/admin/practice/openings (Owner and Teacher: 'practice-tests'):
 * - GET ?test=ID → {openings: OpeningRow[], batches: OpenableBatch[]}: the test's openings (a
 *   Teacher sees those of their own batches) with their windows, students and how many started,
 *   and the batches it may be opened to (of its course, not completed; a Teacher's own);
 *   without `test`, every opening the caller sees and no batches;
 * - POST {testId, batchId, opensAt, closesAt} (India's date and time, 2026-12-01T10:00) → 201
 *   {message, opening}: refused in words for another teacher's batch (403), a batch of another
 *   course or completed, an archived test or one its bank cannot draw now, a window that has
 *   already ended, or one overlapping the test's other window for that batch (a double tap opens
 *   it once). The opening time may be in the past: the test is then open at once.
 * An audit line 'create' of 'test-opening'.
 */
import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { formatIndiaMoment } from '../src/lib/india-time';
import { instantOfIndia, OpeningSchema, type PracticeTestFields } from '../src/lib/schemas/practice-tests';
import { RecordIdSchema } from '../src/lib/schemas/records';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, HttpError, json, readJson, validate } from './_shared/platform/http';
import { listQuery } from './_shared/platform/paging';
import { requireStaff } from './_shared/auth/staff';
import { findTest, refuseUndrawable, testNotFound } from './_shared/practice/tests';
import { notTheirBatch, openableBatches, openingRows, openingScope, refuseOverlap } from './_shared/practice/openings';

const ListSchema = z.object({ test: z.preprocess((v) => (v === '' ? undefined : v), RecordIdSchema.optional()) });

const fieldError = (field: string, message: string) => new HttpError(400, message, { errors: { [field]: message } });

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET', 'POST');
  const who = await requireStaff(req, context, { need: 'practice-tests' });
  const scope = openingScope(who);

  if (req.method === 'GET') {
    const { test } = listQuery(req, ListSchema);
    const answer = await transaction(async (client) => {
      if (!test) return { openings: await openingRows(client, null, scope), batches: [] };
      const found = await findTest(client, test);
      if (!found) throw testNotFound();
      return { openings: await openingRows(client, test, scope), batches: found.archivedAt ? [] : await openableBatches(client, found.courseId, scope) };
    });
    return json(answer);
  }

  const input = validate(OpeningSchema, await readJson(req, 4096));
  const opensAt = instantOfIndia(input.opensAt);
  const closesAt = instantOfIndia(input.closesAt);
  const opening = await transaction(async (client) => {
    const { rows: batches } = await client.query<{ name: string; course: string; status: string; teacher: string | null }>(
      `select name, course_id::text as course, status, teacher_id::text as teacher from batches where id = $1 for update`,
      [input.batchId],
    );
    const batch = batches[0];
    if (!batch) throw fieldError('batchId', 'This batch was not found. Please choose a batch from the list.');
    if (scope !== null && batch.teacher !== scope) throw notTheirBatch(batch.name);
    const test = await findTest(client, input.testId);
    if (!test || test.archivedAt) throw testNotFound();
    if (batch.course !== test.courseId) throw fieldError('batchId', `The batch “${batch.name}” is not of this test’s course (${test.course}).`);
    if (batch.status === 'completed')
      throw fieldError('batchId', `The batch “${batch.name}” is completed: a test can be opened only to a batch that is planned or running.`);
    if (new Date(closesAt) <= new Date())
      throw fieldError('closesAt', `${formatIndiaMoment(closesAt)} has already passed: please choose a closing time to come.`);
    try {
      await refuseUndrawable(client, test as unknown as PracticeTestFields);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      throw fieldError('testId', `This test cannot be drawn from the question bank as it is now: ${error.message} Please change the test first.`);
    }
    await refuseOverlap(client, test.id, input.batchId, opensAt, closesAt, null, formatIndiaMoment);
    const { rows } = await client.query<{ id: string }>(
      `insert into practice_test_openings (test_id, batch_id, opens_at, closes_at, opened_by, opened_by_name) values ($1, $2, $3, $4, $5, $6) returning id::text`,
      [test.id, input.batchId, opensAt, closesAt, who.staff.id, who.staff.name],
    );
    const id = rows[0]!.id;
    await audit(
      {
        staffId: who.staff.id,
        action: 'create',
        entity: 'test-opening',
        entityId: id,
        subject: test.title.en,
        detail: { batch: batch.name, opensAt, closesAt },
      },
      who.address,
      client,
    );
    return (await openingRows(client, test.id, scope)).find((o) => o.id === id)!;
  });
  return json(
    {
      message: `“${opening.test}” is open to batch ${opening.batch} from ${formatIndiaMoment(opening.opensAt)} until ${formatIndiaMoment(opening.closesAt)}.`,
      opening,
    },
    201,
  );
});

export const config: Config = { path: '/api/admin/practice/openings' };
