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

/** A question drawn: its id, current version, chapter, how many options that version has and whether they keep their order. */
interface Picked {
  q: string;
  v: number;
  chapter: string;
  n: number;
  keep_order: boolean;
}

/** The columns of a question picked, from `questions q` joined to its current version `v`. */
const PICKED = `q.id::text as q, q.current_version as v, q.chapter_id::text as chapter, jsonb_array_length(v.options) as n, v.keep_order`;
/** The candidates of a rule `d` (a draw row): current questions of its chapter and difficulty, not archived. */
const CANDIDATES = `from questions q join question_versions v on v.question_id = q.id and v.version = q.current_version
  where q.chapter_id = d.chapter_id and (d.difficulty is null or q.difficulty = d.difficulty) and q.archived_at is null`;

/** The questions of test `testId` (kind `kind`) for a new attempt, or null when the bank has too few for its rules. */
export async function drawPaper(db: Queryable, testId: string, kind: 'drawn' | 'fixed'): Promise<PaperEntry[] | null> {
  const picked = kind === 'drawn' ? await drawn(db, testId) : await fixed(db, testId);
  if (!picked?.length) return null;
  return picked.map((p) => {
    const order = Array.from({ length: p.n }, (_, i) => i);
    return { q: Number(p.q), v: p.v, chapter: Number(p.chapter), order: p.keep_order ? order : shuffled(order) };
  });
}

/**
 * A drawn test's questions, then shuffled; null when a rule finds fewer than its count. Every
 * rule at once (one query); only when two rules overlap and drew the same question, rule by rule
 * again, each leaving out what the rules before it drew.
 */
async function drawn(db: Queryable, testId: string): Promise<Picked[] | null> {
  const { rows } = await db.query<Picked & { rule: string; count: number }>(
    `select d.id::text as rule, d.count, x.* from practice_test_draws d
       left join lateral (select ${PICKED} ${CANDIDATES} order by random() limit d.count) x on true
      where d.test_id = $1 order by d.id`,
    [testId],
  );
  const rules = new Map<string, { count: number; picked: Picked[] }>();
  for (const row of rows) {
    const rule = rules.get(row.rule) ?? { count: row.count, picked: [] };
    rules.set(row.rule, rule);
    if (row.q !== null) rule.picked.push(row);
  }
  const all = [...rules.values()].flatMap((r) => r.picked);
  if ([...rules.values()].some((r) => r.picked.length < r.count)) return null;
  if (new Set(all.map((p) => p.q)).size === all.length) return shuffled(all);

  const picked: Picked[] = [];
  for (const [rule, { count }] of rules) {
    const { rows: more } = await db.query<Picked>(
      `select ${PICKED} from practice_test_draws d
         join lateral (select q.id as drawn ${CANDIDATES} and not (q.id = any($2::bigint[])) order by random() limit d.count) x on true
         join questions q on q.id = x.drawn join question_versions v on v.question_id = q.id and v.version = q.current_version
        where d.id = $1`,
      [rule, picked.map((p) => p.q)],
    );
    if (more.length < count) return null;
    picked.push(...more);
  }
  return shuffled(picked);
}

/** A fixed test's questions in its paper's order (a question archived since stays on the paper: the teacher fixed it). */
async function fixed(db: Queryable, testId: string): Promise<Picked[]> {
  const { rows } = await db.query<Picked>(
    `select ${PICKED}
       from practice_test_questions p join questions q on q.id = p.question_id
       join question_versions v on v.question_id = q.id and v.version = q.current_version
      where p.test_id = $1 order by p.position`,
    [testId],
  );
  return rows;
}
