/**
 * An attempt's own paper (decision 052). A drawn test takes, rule by rule, `count` random current
 * questions of the rule's chapter (and difficulty) that are not archived and not already drawn,
 * then shuffles the whole paper; a fixed test keeps its paper's order. Each question's options
 * are shuffled unless its version keeps their order. The paper names each question's version, so
 * an edit after the start changes nothing of this attempt.
 */
import { randomInt } from 'node:crypto';
import type { Queryable } from '../platform/db';
import type { PaperEntry } from './attempts';

/** `items` in a random order (Fisher–Yates, from the system's random source). */
export function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

interface Picked {
  q: string;
  v: number;
  chapter: string;
}

/** The questions of test `testId` (kind `kind`) for a new attempt, or null when the bank has too few for its rules. */
export async function drawPaper(db: Queryable, testId: string, kind: 'drawn' | 'fixed'): Promise<PaperEntry[] | null> {
  const picked = kind === 'drawn' ? await drawn(db, testId) : await fixed(db, testId);
  if (!picked?.length) return null;
  const { rows: versions } = await db.query<{ q: string; n: number; keep_order: boolean }>(
    `select v.question_id::text as q, jsonb_array_length(v.options) as n, v.keep_order
       from question_versions v join unnest($1::bigint[], $2::int[]) as p(q, v) on v.question_id = p.q and v.version = p.v`,
    [picked.map((p) => p.q), picked.map((p) => p.v)],
  );
  const options = new Map(versions.map((v) => [v.q, v]));
  return picked.map((p) => {
    const version = options.get(p.q)!;
    const order = Array.from({ length: version.n }, (_, i) => i);
    return { q: Number(p.q), v: p.v, chapter: Number(p.chapter), order: version.keep_order ? order : shuffled(order) };
  });
}

/** A drawn test's questions, rule by rule, then shuffled; null when a rule finds fewer than its count. */
async function drawn(db: Queryable, testId: string): Promise<Picked[] | null> {
  const { rows: rules } = await db.query<{ chapter: string; difficulty: string | null; count: number }>(
    `select chapter_id::text as chapter, difficulty, count from practice_test_draws where test_id = $1 order by id`,
    [testId],
  );
  const picked: Picked[] = [];
  for (const rule of rules) {
    const { rows } = await db.query<Picked>(
      `select q.id::text as q, q.current_version as v, q.chapter_id::text as chapter
         from questions q
        where q.chapter_id = $1 and ($2::text is null or q.difficulty = $2) and q.archived_at is null and not (q.id = any($3::bigint[]))
          and exists (select 1 from question_versions v where v.question_id = q.id and v.version = q.current_version)
        order by random() limit $4`,
      [rule.chapter, rule.difficulty, picked.map((p) => p.q), rule.count],
    );
    if (rows.length < rule.count) return null;
    picked.push(...rows);
  }
  return shuffled(picked);
}

/** A fixed test's questions in its paper's order (a question archived since stays on the paper: the teacher fixed it). */
async function fixed(db: Queryable, testId: string): Promise<Picked[]> {
  const { rows } = await db.query<Picked>(
    `select q.id::text as q, q.current_version as v, q.chapter_id::text as chapter
       from practice_test_questions p join questions q on q.id = p.question_id
      where p.test_id = $1 order by p.position`,
    [testId],
  );
  return rows;
}
