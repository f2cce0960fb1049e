/**
 * A student's attempt as the functions read it, and its submission: the one path by which an
 * attempt is marked, whether the student submits it, a read finds it past its deadline, or the
 * scheduled sweep does (decision 052). The attempt's row is locked while it is submitted, so two
 * submissions at once mark it once.
 */
import type { PoolClient } from '@neondatabase/serverless';
import { RecordIdSchema } from '../../../src/lib/schemas/records';
import { attempt_not_found } from '../../../src/i18n/messages';
import { query, transaction, type Queryable } from '../platform/db';
import { HttpError } from '../platform/http';
import { PAST_DEADLINE_SQL } from './attempt-clock';
import { markPaper, type MarkRow, type Terms } from './marking';

/** The shared pool's one-statement queries, as the readers take them. */
export const pooled = { query: async (text: string, params: unknown[]) => ({ rows: await query(text, params) }) } as unknown as Queryable;

/** One question of an attempt's paper as stored: the question, its version, its chapter, the options' order shown. */
export interface PaperEntry {
  q: number;
  v: number;
  chapter: number;
  order: number[];
}

/** An attempt's row, with the database's clock. */
export interface AttemptRow {
  id: string;
  opening_id: string;
  test_id: string;
  student_id: string;
  number: number;
  paper: PaperEntry[];
  terms: Terms;
  started_at: Date;
  deadline_at: Date;
  submitted_at: Date | null;
  submitted_by: 'student' | 'deadline' | null;
  score: number | null;
  max_score: number | null;
  passed: boolean | null;
  correct_count: number | null;
  answered_count: number | null;
  chapter_scores: { chapter: string; score: number; max: number }[] | null;
  unsent_count: number | null;
  /** Open and past its deadline and grace (by the database's clock). */
  overdue: boolean;
  now: Date;
}

/** The columns of an AttemptRow, from `practice_attempts a`. */
export const ATTEMPT_COLUMNS = `a.id::text, a.opening_id::text, a.test_id::text, a.student_id::text, a.number, a.paper, a.terms, a.started_at, a.deadline_at,
  a.submitted_at, a.submitted_by, a.score, a.max_score, a.passed, a.correct_count, a.answered_count, a.chapter_scores, a.unsent_count,
  (a.submitted_at is null and ${PAST_DEADLINE_SQL}) as overdue, now() as now`;

/** The 404 of an attempt that is not the student's (or not at all): the answer does not say which. */
export const attemptNotFound = () => new HttpError(404, attempt_not_found());

/** Whose attempts a request may touch: the signed-in account (its id and verified e-mail). */
export interface Owner {
  userId: string;
  email: string;
}

/**
 * SQL: the attempt row `a` belongs to a student record of the account `$2` (id) / `$3` (e-mail),
 * matched as studentIdsOf matches them (classes/student-classes.ts): linked to it, or unlinked
 * with its e-mail. One statement with the attempt's own read, rather than a query of its own.
 */
export const OWNED_SQL = `exists (select 1 from students s where s.id = a.student_id
  and (s.user_id = $2::uuid or (s.user_id is null and lower(s.email) = lower($3))))`;

/** The attempt id the address gave, or the 404 when it is not one. */
export function attemptIdOf(id: unknown): string {
  const parsed = RecordIdSchema.safeParse(id);
  if (!parsed.success) throw attemptNotFound();
  return parsed.data;
}

/**
 * The attempt `id` (as the address gave it) of `owner`, locked as `lock` says; 404 for any
 * other, or an id that is not one.
 */
export async function ownAttempt(db: Queryable, id: unknown, owner: Owner, lock: 'update' | 'share' | null = null): Promise<AttemptRow> {
  const { rows } = await db.query<AttemptRow>(
    `select ${ATTEMPT_COLUMNS} from practice_attempts a where a.id = $1 and ${OWNED_SQL}${lock ? ` for ${lock} of a` : ''}`,
    [attemptIdOf(id), owner.userId, owner.email],
  );
  if (!rows[0]) throw attemptNotFound();
  return rows[0];
}

/** The attempt `id` (one the caller already knows is the student's). */
export async function attemptById(db: Queryable, id: string): Promise<AttemptRow> {
  const { rows } = await db.query<AttemptRow>(`select ${ATTEMPT_COLUMNS} from practice_attempts a where a.id = $1`, [id]);
  return rows[0]!;
}

/**
 * Marks the attempt `attempt` (its row locked for update by the caller, not yet submitted) with
 * the answers that reached the server, reading the question versions its paper names (an edit
 * after the start changes nothing), and records the submission. A submission `by` 'deadline'
 * is dated at the deadline; `unsent`: answers the phone still held (null when not known).
 */
export async function submitAttempt(
  client: Queryable,
  attempt: AttemptRow,
  by: 'student' | 'deadline',
  unsent: number | null,
  /** The paper's rows to mark, when the caller has read them already (with the answers as they now are). */
  rows?: readonly MarkRow[],
): Promise<AttemptRow> {
  const marking = markPaper(rows ?? (await markRows(client, attempt.id)), attempt.terms);
  const { rows: updated } = await client.query<AttemptRow>(
    `update practice_attempts a
        set submitted_at = case when $2 = 'deadline' then least(now(), deadline_at) else now() end, submitted_by = $2,
            score = $3, max_score = $4, passed = $5, correct_count = $6, answered_count = $7, chapter_scores = $8, unsent_count = $9
      where a.id = $1 and a.submitted_at is null
      returning ${ATTEMPT_COLUMNS}`,
    [attempt.id, by, marking.score, marking.max, marking.passed, marking.correct, marking.answered, JSON.stringify(marking.chapters), unsent],
  );
  return updated[0] ?? attempt;
}

/** The paper of attempt `id` in order, each question with its chapter, the options chosen and the right ones (of the version given). */
export async function markRows(db: Queryable, id: string): Promise<(MarkRow & { position: number })[]> {
  const { rows } = await db.query<MarkRow & { position: number }>(
    `select p.ord::int as position, p.e->>'chapter' as chapter, v.correct::int[] as correct, ans.chosen::int[] as chosen
       from practice_attempts a cross join lateral jsonb_array_elements(a.paper) with ordinality as p(e, ord)
       join question_versions v on v.question_id = (p.e->>'q')::bigint and v.version = (p.e->>'v')::int
       left join practice_answers ans on ans.attempt_id = a.id and ans.position = p.ord
      where a.id = $1
      order by p.ord`,
    [id],
  );
  return rows;
}

/**
 * Submits, at their deadline, the open attempts past it (with the answers that reached the
 * server), of `studentIds` or of everyone (null), at most `limit`; each in a transaction of its
 * own, skipping one another request is submitting now. Returns how many it submitted.
 */
export async function submitOverdue(studentIds: readonly string[] | null, limit = 200): Promise<number> {
  const { rows } = await pooled.query<{ id: string }>(
    `select a.id::text from practice_attempts a
      where a.submitted_at is null and ${PAST_DEADLINE_SQL} and ($1::bigint[] is null or a.student_id = any($1::bigint[]))
      order by a.deadline_at limit $2`,
    [studentIds, limit],
  );
  let submitted = 0;
  for (const { id } of rows) if (await submitIfOverdue(id, { wait: false })) submitted += 1;
  return submitted;
}

/**
 * Attempt `id` of `owner` as it stands now: one past its deadline is submitted first (by
 * 'deadline', with the answers the server had), so a read never shows an attempt still open
 * after its time.
 */
export async function ownAttemptNow(db: Queryable, id: unknown, owner: Owner): Promise<AttemptRow> {
  const attempt = await ownAttempt(db, id, owner);
  if (!attempt.overdue) return attempt;
  await submitIfOverdue(attempt.id, { wait: true });
  return ownAttempt(db, attempt.id, owner);
}

/**
 * Submits attempt `id` at its deadline when it is open and past it; true when this call did.
 * `wait: false` (the sweep) passes over an attempt another request is submitting now; a read
 * waits for it, so that it answers the submitted attempt.
 */
export async function submitIfOverdue(id: string, { wait }: { wait: boolean }): Promise<boolean> {
  return transaction(async (client: PoolClient) => {
    const { rows } = await client.query<AttemptRow>(
      `select ${ATTEMPT_COLUMNS} from practice_attempts a where a.id = $1 for update of a${wait ? '' : ' skip locked'}`,
      [id],
    );
    const attempt = rows[0];
    if (!attempt?.overdue) return false;
    await submitAttempt(client, attempt, 'deadline', null);
    return true;
  });
}
