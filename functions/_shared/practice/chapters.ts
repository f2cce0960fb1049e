/** A course's chapters (decision 052): what the chapter screens read of them. */
import type { Queryable } from '../platform/db';

/** A chapter's columns as a Chapter (the table aliased `ch`), with its questions and the tests drawing from it. */
export const CHAPTER_COLUMNS = `ch.id::text, ch.course_id::text as "courseId", ch.title_en as "titleEn", ch.title_hi as "titleHi", ch.position, ch.version,
  (select count(*)::int from questions q where q.chapter_id = ch.id and q.archived_at is null) as questions,
  (select count(*)::int from questions q where q.chapter_id = ch.id and q.archived_at is not null) as archived,
  (select count(distinct d.test_id)::int from practice_test_draws d where d.chapter_id = ch.id) as tests`;

/** Whether course `courseId` has another chapter (not `except`) of English title `titleEn` (any case). */
export async function chapterTitleTaken(db: Queryable, courseId: string, titleEn: string, except: string | null): Promise<boolean> {
  const { rows } = await db.query(`select 1 from course_chapters where course_id = $1 and lower(title_en) = lower($2) and ($3::bigint is null or id <> $3)`, [
    courseId,
    titleEn,
    except,
  ]);
  return rows.length > 0;
}
