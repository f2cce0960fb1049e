/**
 * A student's submission (POST /api/tests/attempts/{id}/submit) in two statements, since 300
 * students of a lab may submit in the same minute: the first stores the answers still waiting on
 * the phone (while the attempt is open and in time: the save's own statement), and reads the
 * attempt, its paper with the answers as they now are, the test's title and its chapters; the
 * marking (markPaper, the one used by every path) is then recorded only if nobody submitted it
 * meanwhile and the answers are still the ones marked — else it is read and marked again — and
 * checked once more after it is recorded (settled, below). The first statement reads the attempt
 * `for share`, as a save does, so no answer is stored once it is submitted.
 */
import type { Answer, AttemptResult } from '../../../src/lib/schemas/practice-attempts';
import type { Queryable } from '../platform/db';
import { HttpError } from '../platform/http';
import { attempt_no_such_option, attempt_no_such_question } from '../../../src/i18n/messages';
import { resultFrom, reviewRows } from './attempt-result';
import { ATTEMPT_COLUMNS, OWNED_SQL, attemptNotFound, type AttemptRow, type Owner } from './attempts';
import { markPaper, type MarkRow } from './marking';
import { CHECKED_SQL, UPSERT_SQL, latestPerPosition } from './save-answers';

/** A question of the paper as the marking reads it: its place, chapter, right options and the answer. */
type PaperRow = MarkRow & { position: number };

interface Read {
  attempt: AttemptRow;
  rows: PaperRow[];
  /** Of the answers sent, those the server did not hold as sent (for one past its deadline). */
  unsent: number;
  heading: { title_en: string; title_hi: string; chapters: { id: string; en: string; hi: string }[] | null };
}

/** The first statement: the waiting answers stored when they may be, and everything the marking and the result read. */
async function storeAndRead(db: Queryable, id: string, owner: Owner, waiting: readonly Answer[]): Promise<Read> {
  const { rows } = await db.query<
    AttemptRow & { bad_position: number | null; problem: 'position' | 'option' | null; paper_rows: PaperRow[]; unsent: number } & Read['heading']
  >(
    `with a as (
       select ${ATTEMPT_COLUMNS} from practice_attempts a where a.id = $1 and ${OWNED_SQL} for share of a
     ), ${CHECKED_SQL}, ${UPSERT_SQL},
     shown as (
       select p.ord::int as position, p.e->>'chapter' as chapter, v.correct::int[] as correct, coalesce(saved.chosen, ans.chosen)::int[] as chosen
         from a cross join lateral jsonb_array_elements(a.paper) with ordinality as p(e, ord)
         join question_versions v on v.question_id = (p.e->>'q')::bigint and v.version = (p.e->>'v')::int
         left join practice_answers ans on ans.attempt_id = a.id::bigint and ans.position = p.ord
         left join saved on saved.position = p.ord
     )
     select a.*, (select position from bad) as bad_position, (select problem from bad) as problem,
            (select json_agg(shown order by shown.position) from shown) as paper_rows,
            (select count(*)::int from x
               where (select coalesce(array_agg(c order by c), '{}') from unnest(x.chosen) c)
                  <> coalesce((select (select coalesce(array_agg(c order by c), '{}') from unnest(p.chosen) c)
                                 from practice_answers p where p.attempt_id = a.id::bigint and p.position = x.position), '{}')) as unsent,
            t.title_en, t.title_hi,
            (select json_agg(json_build_object('id', c.id::text, 'en', c.title_en, 'hi', c.title_hi) order by c.position, c.id)
               from course_chapters c where c.id in (select (e->>'chapter')::bigint from jsonb_array_elements(a.paper) e)) as chapters
       from a join practice_tests t on t.id = a.test_id::bigint`,
    [id, owner.userId, owner.email, JSON.stringify(waiting)],
  );
  const row = rows[0];
  if (!row) throw attemptNotFound();
  if (row.problem === 'position') throw new HttpError(400, attempt_no_such_question({ position: row.bad_position! }));
  if (row.problem === 'option') throw new HttpError(400, attempt_no_such_option({ position: row.bad_position! }));
  const { bad_position: _b, problem: _p, paper_rows, unsent, title_en, title_hi, chapters, ...attempt } = row;
  return { attempt: attempt as AttemptRow, rows: paper_rows ?? [], unsent, heading: { title_en, title_hi, chapters } };
}

/** The answers as marked, to check that none changed before the marking is recorded. */
const fingerprintOf = (rows: readonly PaperRow[]) => JSON.stringify(rows.filter((r) => r.chosen !== null).map((r) => [r.position, r.chosen]));

/** SQL: the answers of attempt `$1` as stored, in the form of fingerprintOf. */
const STORED_FINGERPRINT = `(select coalesce(jsonb_agg(jsonb_build_array(p.position, p.chosen) order by p.position), '[]'::jsonb)
  from practice_answers p where p.attempt_id = $1)`;

/**
 * Submits attempt `id` of `owner` with the answers still `waiting` on the phone; its result, without
 * the review (the result page reads that from GET …/result): the submission reads only what the
 * marking needs, which keeps it quick when a lab submits at once.
 */
export async function submitOwn(db: Queryable, id: string, owner: Owner, waiting: readonly Answer[]): Promise<AttemptResult> {
  const answers = latestPerPosition(waiting);
  for (let round = 0; ; round += 1) {
    const read = await storeAndRead(db, id, owner, answers);
    const { attempt } = read;
    if (attempt.submitted_at) {
      if (attempt.submitted_by === 'deadline' && attempt.unsent_count === null && answers.length) {
        // Submitted at the deadline while the phone was away: it now says what it still held.
        const { rows } = await db.query<{ unsent_count: number }>(
          'update practice_attempts set unsent_count = $2 where id = $1 and unsent_count is null returning unsent_count',
          [id, read.unsent],
        );
        if (rows[0]) attempt.unsent_count = rows[0].unsent_count;
      }
      return resultFrom(attempt, read.heading, null);
    }
    const by = attempt.overdue ? 'deadline' : 'student';
    const marking = markPaper(read.rows, attempt.terms);
    const { rows } = await db.query<AttemptRow>(
      `update practice_attempts a
          set submitted_at = case when $2 = 'deadline' then least(now(), deadline_at) else now() end, submitted_by = $2,
              score = $3, max_score = $4, passed = $5, correct_count = $6, answered_count = $7, chapter_scores = $8, unsent_count = $9
        where a.id = $1 and a.submitted_at is null
          and ${STORED_FINGERPRINT} = $10::jsonb
        returning ${ATTEMPT_COLUMNS}`,
      [
        id,
        by,
        marking.score,
        marking.max,
        marking.passed,
        marking.correct,
        marking.answered,
        JSON.stringify(marking.chapters),
        by === 'deadline' ? read.unsent : 0,
        fingerprintOf(read.rows),
      ],
    );
    if (rows[0]) return settled(db, rows[0], read);
    // Submitted meanwhile, or an answer arrived between the read and the marking: read again.
    if (round >= 5) throw new Error(`attempt ${id}: its answers kept changing while it was being submitted`);
  }
}

/**
 * The result of `submitted`, once its marking is known to count every answer stored before it.
 * A save whose statement was running while the marking was recorded commits before the marking
 * does (it holds the attempt row `for share`), but after the marking's statement began, so that
 * statement did not see it: read once more now, and if an answer is not as marked, mark again
 * (the same request, before anyone was told a result). Once submitted no answer is stored, so
 * this read is the last word.
 */
async function settled(db: Queryable, submitted: AttemptRow, read: Read): Promise<AttemptResult> {
  const { rows: same } = await db.query<{ same: boolean }>(`select ${STORED_FINGERPRINT} = $2::jsonb as same`, [submitted.id, fingerprintOf(read.rows)]);
  if (same[0]?.same) return resultFrom(submitted, read.heading, null);
  const rows = await reviewRows(db, submitted.id);
  const marking = markPaper(rows, submitted.terms);
  const { rows: marked } = await db.query<AttemptRow>(
    `update practice_attempts a
        set score = $2, max_score = $3, passed = $4, correct_count = $5, answered_count = $6, chapter_scores = $7
      where a.id = $1 and a.submitted_at is not null
      returning ${ATTEMPT_COLUMNS}`,
    [submitted.id, marking.score, marking.max, marking.passed, marking.correct, marking.answered, JSON.stringify(marking.chapters)],
  );
  return resultFrom(marked[0]!, read.heading, null);
}
