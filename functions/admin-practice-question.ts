/**
 * /api/admin/practice/questions/{id} (needs 'practice-tests': Owner and Teacher):
 * - GET → Question: its current version as the form edits it, and whether it is used;
 * - PATCH {...QuestionFields, version} → {message, item}: an edit of its words, options, right
 *   option(s), explanation, keep-order or picture adds a version (question_versions) and makes it
 *   current, so attempts that had the old one keep it; course, chapter and difficulty are the
 *   question's own row. PATCH {restore: true, version} puts an archived question back in the bank;
 * - DELETE ?version=N → {message, archived}: a question a fixed paper or any attempt has is
 *   archived (no new test draws it; attempts keep it); one never used is deleted.
 * A stale version is 409 with the question as it is now. Each change an audit line of 'question'.
 */
import type { Config } from '@netlify/functions';
import { QuestionRestoreSchema, QuestionUpdateSchema, type Question } from '../src/lib/schemas/practice-questions';
import { CONFLICT_MESSAGE, RecordIdSchema } from '../src/lib/schemas/records';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, HttpError, json, readJson, validate } from './_shared/platform/http';
import { MAX_VERSION, versionParam } from './_shared/records/records';
import { requireStaff } from './_shared/auth/staff';
import {
  checkCourseAndChapter,
  checkPicture,
  findQuestion,
  insertVersion,
  questionNotFound,
  refuseDuplicate,
  shortText,
  USED_SQL,
  versionWords,
} from './_shared/practice/questions';
import { pictureKept } from './_shared/practice/question-pictures';
import { pictureNameOf, questionPictureKey } from '../src/lib/schemas/practice-questions';

/** A stale version: 409 with the question as it is now. */
const changed = (current: Question) => new HttpError(409, CONFLICT_MESSAGE, { current });

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET', 'PATCH', 'DELETE');
  const { staff, address } = await requireStaff(req, context, { need: 'practice-tests' });
  const parsed = RecordIdSchema.safeParse(context.params?.['id']);
  if (!parsed.success) throw questionNotFound();
  const id = parsed.data;

  if (req.method === 'GET') {
    const item = await transaction((client) => findQuestion(client, id));
    if (!item) throw questionNotFound();
    return json(item);
  }

  if (req.method === 'PATCH') {
    const body = await readJson(req, 64 * 1024);
    if (typeof body === 'object' && body !== null && 'restore' in body) {
      const { version } = validate(QuestionRestoreSchema, body);
      const item = await transaction(async (client) => {
        const before = await lock(client, id);
        if (version > MAX_VERSION || before.version !== version) throw changed(before);
        if (!before.archived) throw new HttpError(409, `Question #${id} is already in the bank.`);
        await refuseDuplicate(client, before.chapterId, before.textEn, id);
        await client.query(`update questions set archived_at = null, version = version + 1, updated_at = now() where id = $1`, [id]);
        await audit(
          { staffId: staff.id, action: 'update', entity: 'question', entityId: id, subject: shortText(before.textEn), detail: { action: 'restore' } },
          address,
          client,
        );
        return (await findQuestion(client, id))!;
      });
      return json({ message: `Question #${id} is back in the bank.`, item });
    }

    const { version, ...fields } = validate(QuestionUpdateSchema, body);
    const before0 = await transaction((client) => findQuestion(client, id));
    // A picture kept as it was needs no new upload; a new one must have been kept.
    const pictureKey =
      before0 && fields.picture && fields.picture === before0.picture ? questionPictureKey(fields.picture) : await checkPicture(pictureKept, fields.picture);
    const answer = await transaction(async (client) => {
      const before = await lock(client, id);
      if (version > MAX_VERSION || before.version !== version) throw changed(before);
      const names = await checkCourseAndChapter(client, fields.courseId, fields.chapterId);
      if (!before.archived) await refuseDuplicate(client, fields.chapterId, fields.textEn, id);
      const wordsChanged = versionWords(fields, pictureKey) !== versionWords(before, before.picture ? questionPictureKey(before.picture) : null);
      const rowChanged = (['courseId', 'chapterId', 'difficulty'] as const).filter((k) => fields[k] !== before[k]);
      if (!wordsChanged && rowChanged.length === 0) return { message: 'Nothing was changed.', item: before };
      const nextVersion = wordsChanged ? before.currentVersion + 1 : before.currentVersion;
      if (wordsChanged) await insertVersion(client, id, nextVersion, fields, pictureKey, staff.id);
      await client.query(
        `update questions set course_id = $2, chapter_id = $3, difficulty = $4, current_version = $5, version = version + 1, updated_at = now() where id = $1`,
        [id, fields.courseId, fields.chapterId, fields.difficulty, nextVersion],
      );
      const wordFields = wordsChanged
        ? (
            [
              ['textEn', 'the question in English'],
              ['textHi', 'the question in Hindi'],
              ['options', 'the options'],
              ['correct', 'the right option'],
              ['explanationEn', 'the explanation in English'],
              ['explanationHi', 'the explanation in Hindi'],
              ['keepOrder', 'the order of the options'],
            ] as const
          )
            .filter(([k]) => JSON.stringify(fields[k]) !== JSON.stringify(before[k]))
            .map(([, words]): string => words)
            .concat((pictureKey ? pictureNameOf(pictureKey) : null) !== before.picture ? ['the picture'] : [])
        : [];
      const rowWords = rowChanged.map((k) =>
        k === 'courseId'
          ? `the course (to ${names.course})`
          : k === 'chapterId'
            ? `the chapter (to ${names.chapter})`
            : `the difficulty (to ${fields.difficulty})`,
      );
      await audit(
        {
          staffId: staff.id,
          action: 'update',
          entity: 'question',
          entityId: id,
          subject: shortText(fields.textEn),
          detail: { changes: [...wordFields, ...rowWords], ...(wordsChanged && { newVersion: nextVersion }) },
        },
        address,
        client,
      );
      const item = (await findQuestion(client, id))!;
      return {
        message: wordsChanged
          ? `Question #${id} saved as version ${nextVersion}.${before.used ? ' Attempts made before keep the version they were given.' : ''}`
          : `Question #${id} saved.`,
        item,
      };
    });
    return json(answer);
  }

  const version = versionParam(new URL(req.url));
  const answer = await transaction(async (client) => {
    const before = await lock(client, id);
    if (version > MAX_VERSION || before.version !== version) throw changed(before);
    const subject = shortText(before.textEn);
    if (before.used) {
      if (before.archived) throw new HttpError(409, `Question #${id} is already archived; tests and attempts that have it keep it.`);
      await client.query(`update questions set archived_at = now(), version = version + 1, updated_at = now() where id = $1`, [id]);
      await audit({ staffId: staff.id, action: 'update', entity: 'question', entityId: id, subject, detail: { action: 'archive' } }, address, client);
      return {
        message: `Question #${id} was archived, not deleted: a test or an attempt has it. No new test will draw it; results stay as they were.`,
        archived: true,
      };
    }
    await client.query(`delete from questions where id = $1 and not ${USED_SQL('$1::bigint')}`, [id]);
    await audit({ staffId: staff.id, action: 'delete', entity: 'question', entityId: id, subject, detail: { chapter: before.chapter } }, address, client);
    return { message: `Question #${id} deleted.`, archived: false };
  });
  return json(answer);
});

/** Question `id` locked for a change (404 when there is none). */
async function lock(client: Parameters<Parameters<typeof transaction>[0]>[0], id: string): Promise<Question> {
  const { rows } = await client.query(`select 1 from questions where id = $1 for update`, [id]);
  if (!rows[0]) throw questionNotFound();
  return (await findQuestion(client, id))!;
}

export const config: Config = { path: '/api/admin/practice/questions/:id' };
