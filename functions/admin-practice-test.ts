/**
 * /api/admin/practice/tests/{id} (Owner and Teacher: 'practice-tests'):
 * - GET → PracticeTest: its fields, rules or paper, questions, total marks and attempts so far;
 * - PATCH {...PracticeTestFields, version} → {message, test}: the same checks as a new test; it
 *   changes future attempts only (an attempt keeps the terms it started with). A stale version is
 *   409 with the test as it is now; an archived test is not edited (409);
 * - DELETE ?version=N → {message}: archives it (kept for the attempts and results that name it).
 *   Refused (409) while it is open to a batch now or later: close or delete those openings first.
 * Audit lines 'update' / 'delete' of 'practice-test'.
 */
import type { Config } from '@netlify/functions';
import { CONFLICT_MESSAGE, RecordIdSchema } from '../src/lib/schemas/records';
import { PracticeTestUpdateSchema } from '../src/lib/schemas/practice-tests';
import { formatIndiaMoment } from '../src/lib/india-time';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, HttpError, json, readJson, validate } from './_shared/platform/http';
import { MAX_VERSION, versionParam } from './_shared/records/records';
import { requireStaff } from './_shared/auth/staff';
import { findTest, refuseSameTitle, refuseUndrawable, saveTestParts, testFigures, testNotFound, testValues } from './_shared/practice/tests';
import type { PoolClient } from '@neondatabase/serverless';

/** The 409 of a stale version: the test as it is now. */
async function changed(client: PoolClient, id: string): Promise<HttpError> {
  const current = await findTest(client, id);
  if (!current) return testNotFound();
  return new HttpError(409, CONFLICT_MESSAGE, { current });
}

const ARCHIVED = (title: string) => new HttpError(409, `The test “${title}” is archived: it can no longer be changed. Make a new test instead.`);

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET', 'PATCH', 'DELETE');
  const { staff, address } = await requireStaff(req, context, { need: 'practice-tests' });
  const parsed = RecordIdSchema.safeParse(context.params?.['id']);
  if (!parsed.success) throw testNotFound();
  const id = parsed.data;

  if (req.method === 'GET') {
    const test = await transaction((client) => findTest(client, id));
    if (!test) throw testNotFound();
    return json(test);
  }

  if (req.method === 'PATCH') {
    const { version, ...fields } = validate(PracticeTestUpdateSchema, await readJson(req, 32 * 1024));
    const test = await transaction(async (client) => {
      await client.query(`select id from courses where id = $1 for update`, [fields.courseId]);
      const before = await findTest(client, id);
      if (!before) throw testNotFound();
      if (before.archivedAt) throw ARCHIVED(before.title.en);
      if (version > MAX_VERSION || before.version !== version) throw await changed(client, id);
      await refuseUndrawable(client, fields);
      await refuseSameTitle(client, fields, id);
      const { rowCount } = await client.query(
        `update practice_tests set course_id = $2, title_en = $3, title_hi = $4, pattern = $5, kind = $6, duration_minutes = $7, marks_per_question = $8,
                negative_marks = $9, pass_marks = $10, attempts_allowed = $11, show_answers = $12, version = version + 1, updated_at = now()
          where id = $1 and version = $13`,
        [id, ...testValues(fields), version],
      );
      if (rowCount !== 1) throw await changed(client, id);
      await saveTestParts(client, id, fields);
      const after = (await findTest(client, id))!;
      const keys = [
        'title',
        'courseId',
        'pattern',
        'kind',
        'draws',
        'questionIds',
        'durationMinutes',
        'marksPerQuestion',
        'negativeMarks',
        'passMarks',
        'attemptsAllowed',
        'showAnswers',
      ] as const;
      const fieldsChanged = keys
        .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
        .map((k) => (k === 'courseId' ? 'course' : k === 'draws' ? 'rules' : k === 'questionIds' ? 'questions' : k));
      await audit(
        {
          staffId: staff.id,
          action: 'update',
          entity: 'practice-test',
          entityId: id,
          subject: after.title.en,
          detail: { fields: fieldsChanged, figures: testFigures(fields) },
        },
        address,
        client,
      );
      return after;
    });
    const later = test.attempts > 0 ? ' Attempts already made keep the terms they started with.' : '';
    return json({ message: `The test “${test.title.en}” is saved: ${testFigures(fields)}.${later}`, test });
  }

  const version = versionParam(new URL(req.url));
  const title = await transaction(async (client) => {
    const before = await findTest(client, id);
    if (!before || before.archivedAt) throw testNotFound();
    if (before.version !== version) throw await changed(client, id);
    const { rows: open } = await client.query<{ batch: string; closes: string }>(
      `select b.name as batch, o.closes_at as closes from practice_test_openings o join batches b on b.id = o.batch_id
        where o.test_id = $1 and o.closes_at > now() order by o.closes_at desc limit 1`,
      [id],
    );
    if (open[0]) {
      throw new HttpError(
        409,
        `The test “${before.title.en}” is open to batch ${open[0].batch} until ${formatIndiaMoment(open[0].closes)}: close or delete that opening first, then archive the test.`,
      );
    }
    await client.query(`update practice_tests set archived_at = now(), version = version + 1, updated_at = now() where id = $1`, [id]);
    await audit(
      { staffId: staff.id, action: 'delete', entity: 'practice-test', entityId: id, subject: before.title.en, detail: { archived: true } },
      address,
      client,
    );
    return before.title.en;
  });
  return json({ message: `The test “${title}” is archived. Attempts made of it and their results stay as they were.` });
});

export const config: Config = { path: '/api/admin/practice/tests/:id' };
