/**
 * /api/admin/practice/tests (Owner and Teacher: 'practice-tests'):
 * - GET ?course=&archived=1 → {tests: PracticeTestSummary[]}: the tests of a course (or of every
 *   course), with their questions, marks and openings now and to come; archived ones on request;
 * - POST {PracticeTestFields} → 201 {message, test}: a new test. Refused in words (400, nothing
 *   saved) when it cannot be drawn from the course's bank as it is now, when the pass marks are
 *   above its total, or when the course already has a test of that title (a double tap saves one).
 * An audit line 'create' of 'practice-test' in the same transaction.
 */
import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { PracticeTestFieldsSchema } from '../src/lib/schemas/practice-tests';
import { RecordIdSchema } from '../src/lib/schemas/records';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { listQuery } from './_shared/platform/paging';
import { requireStaff } from './_shared/auth/staff';
import { findTest, refuseSameTitle, refuseUndrawable, saveTestParts, testFigures, testSummaries, testValues } from './_shared/practice/tests';

const ListSchema = z.object({
  course: z.preprocess((v) => (v === '' ? undefined : v), RecordIdSchema.optional()),
  archived: z.enum(['0', '1'], { message: 'Please ask for archived=1 or leave it out.' }).optional(),
});

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET', 'POST');
  const { staff, address } = await requireStaff(req, context, { need: 'practice-tests' });

  if (req.method === 'GET') {
    const { course, archived } = listQuery(req, ListSchema);
    return json({ tests: await transaction((client) => testSummaries(client, course ? [course] : null, archived === '1')) });
  }

  const fields = validate(PracticeTestFieldsSchema, await readJson(req, 32 * 1024));
  const test = await transaction(async (client) => {
    // One save at a time per course, so a double tap finds the first test's title.
    await client.query(`select id from courses where id = $1 for update`, [fields.courseId]);
    await refuseUndrawable(client, fields);
    await refuseSameTitle(client, fields, null);
    const { rows } = await client.query<{ id: string }>(
      `insert into practice_tests (course_id, title_en, title_hi, pattern, kind, duration_minutes, marks_per_question, negative_marks, pass_marks,
                                   attempts_allowed, show_answers, created_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning id::text`,
      [...testValues(fields), staff.id],
    );
    const id = rows[0]!.id;
    await saveTestParts(client, id, fields);
    await audit(
      {
        staffId: staff.id,
        action: 'create',
        entity: 'practice-test',
        entityId: id,
        subject: fields.title.en,
        detail: { figures: testFigures(fields), pattern: fields.pattern },
      },
      address,
      client,
    );
    return (await findTest(client, id))!;
  });
  return json({ message: `The test “${test.title.en}” is saved: ${testFigures(fields)}.`, test }, 201);
});

export const config: Config = { path: '/api/admin/practice/tests' };
