/**
 * /api/admin/practice/chapters/{id} (needs 'practice-tests': Owner and Teacher):
 * - PATCH {titleEn, titleHi, version} → {message, item}: renamed (both titles required);
 *   PATCH {move: 'up'|'down', version} → {message, chapters}: one place up or down its course's list;
 * - DELETE ?version=N → {message}: refused (409) in words while questions (archived ones too) or a
 *   test's draws use it.
 * Optimistic concurrency: a stale version is 409 with the chapter as it is now. Each change an
 * audit line of 'chapter'.
 */
import type { Config } from '@netlify/functions';
import type { PoolClient } from '@neondatabase/serverless';
import { ChapterUpdateSchema, type Chapter } from '../src/lib/schemas/practice-questions';
import { CONFLICT_MESSAGE, RecordIdSchema } from '../src/lib/schemas/records';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, HttpError, json, readJson, validate } from './_shared/platform/http';
import { MAX_VERSION, versionParam } from './_shared/records/records';
import { requireStaff } from './_shared/auth/staff';
import { CHAPTER_COLUMNS, chapterTitleTaken } from './_shared/practice/chapters';
import { chapterNotFound } from './_shared/practice/questions';

/** The chapter and its course's title, locked. */
async function lockedChapter(client: PoolClient, id: string): Promise<(Chapter & { course: string }) | null> {
  const { rows } = await client.query<Chapter & { course: string }>(
    `select ${CHAPTER_COLUMNS}, c.title as course from course_chapters ch join courses c on c.id = ch.course_id where ch.id = $1 for update of ch`,
    [id],
  );
  return rows[0] ?? null;
}

/** A stale version: 409 with the chapter as it is now. */
const changed = (current: Chapter) => new HttpError(409, CONFLICT_MESSAGE, { current });

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export default endpoint(async (req, context) => {
  allowMethods(req, 'PATCH', 'DELETE');
  const { staff, address } = await requireStaff(req, context, { need: 'practice-tests' });
  const parsed = RecordIdSchema.safeParse(context.params?.['id']);
  if (!parsed.success) throw chapterNotFound();
  const id = parsed.data;

  if (req.method === 'PATCH') {
    const change = validate(ChapterUpdateSchema, await readJson(req));
    const answer = await transaction(async (client) => {
      const before = await lockedChapter(client, id);
      if (!before) throw chapterNotFound();
      if (change.version > MAX_VERSION || before.version !== change.version) throw changed(before);
      if ('move' in change) {
        const { rows } = await client.query<{ id: string; position: number }>(
          `select id::text, position from course_chapters where course_id = $1 order by position, id for update`,
          [before.courseId],
        );
        const at = rows.findIndex((r) => r.id === id);
        const to = change.move === 'up' ? at - 1 : at + 1;
        if (to < 0 || to >= rows.length)
          throw new HttpError(409, `“${before.titleEn}” is already ${change.move === 'up' ? 'the first' : 'the last'} chapter of ${before.course}.`);
        const order = rows.map((r) => r.id);
        [order[at], order[to]] = [order[to]!, order[at]!];
        // Positions 1…n in the new order (also mends equal positions); the moved chapter's version goes up
        // (its neighbour's titles are as they were: an edit of them stays valid).
        await client.query(
          `update course_chapters ch set position = u.n, version = ch.version + case when ch.id = $2 then 1 else 0 end, updated_at = now()
             from unnest($1::bigint[]) with ordinality as u(id, n) where ch.id = u.id and ch.position is distinct from u.n`,
          [order, id],
        );
        await audit(
          {
            staffId: staff.id,
            action: 'update',
            entity: 'chapter',
            entityId: id,
            subject: before.titleEn,
            detail: { action: 'move', to: change.move, course: before.course },
          },
          address,
          client,
        );
        const chapters = (
          await client.query<Chapter>(`select ${CHAPTER_COLUMNS} from course_chapters ch where ch.course_id = $1 order by ch.position, ch.id`, [
            before.courseId,
          ])
        ).rows;
        return { message: `“${before.titleEn}” moved ${change.move}.`, chapters };
      }
      if (await chapterTitleTaken(client, before.courseId, change.titleEn, id))
        throw new HttpError(409, `${before.course} already has a chapter called “${change.titleEn}”.`, {
          errors: { titleEn: `${before.course} already has a chapter called “${change.titleEn}”.` },
        });
      await client.query(`update course_chapters set title_en = $2, title_hi = $3, version = version + 1, updated_at = now() where id = $1`, [
        id,
        change.titleEn,
        change.titleHi,
      ]);
      const item = (await lockedChapter(client, id))!;
      await audit(
        {
          staffId: staff.id,
          action: 'update',
          entity: 'chapter',
          entityId: id,
          subject: item.titleEn,
          detail: { action: 'rename', course: before.course, from: { en: before.titleEn, hi: before.titleHi }, to: { en: item.titleEn, hi: item.titleHi } },
        },
        address,
        client,
      );
      return { message: `Chapter “${item.titleEn}” saved.`, item };
    });
    return json(answer);
  }

  const version = versionParam(new URL(req.url));
  const message = await transaction(async (client) => {
    const chapter = await lockedChapter(client, id);
    if (!chapter) throw chapterNotFound();
    if (version > MAX_VERSION || chapter.version !== version) throw changed(chapter);
    const users = [
      chapter.questions ? plural(chapter.questions, 'question') : '',
      chapter.archived ? plural(chapter.archived, 'archived question') : '',
      chapter.tests ? plural(chapter.tests, 'test') : '',
    ].filter(Boolean);
    const single = chapter.questions + chapter.archived + chapter.tests === 1;
    if (users.length)
      throw new HttpError(
        409,
        `“${chapter.titleEn}” cannot be deleted: ${users.join(' and ')} ${single ? 'uses' : 'use'} it. Move or delete ${single ? 'it' : 'them'} first.`,
      );
    try {
      await client.query('savepoint chapter_delete');
      await client.query('delete from course_chapters where id = $1', [id]);
    } catch (error) {
      // A question or a test's draw added this very moment: the database refuses (restrict).
      if ((error as { code?: string }).code === '23503') {
        await client.query('rollback to savepoint chapter_delete');
        throw new HttpError(409, `“${chapter.titleEn}” cannot be deleted: questions or tests use it now. Please reload.`);
      }
      throw error;
    }
    await audit(
      { staffId: staff.id, action: 'delete', entity: 'chapter', entityId: id, subject: chapter.titleEn, detail: { course: chapter.course } },
      address,
      client,
    );
    return `Chapter “${chapter.titleEn}” deleted.`;
  });
  return json({ message });
});

export const config: Config = { path: '/api/admin/practice/chapters/:id' };
