/**
 * Answers as they reach the server (decision 052): one row per position of the paper, the later
 * `at` (the phone's clock when the student chose) winning, so a send that arrives late never
 * overwrites a newer answer. Only into an open attempt before its deadline and grace, in the same
 * statement that reads the attempt `for share`, so a submission cannot slip in between the check
 * and the write.
 */
import type { Answer } from '../../../src/lib/schemas/practice-attempts';
import { attempt_already_submitted, attempt_no_such_option, attempt_no_such_question, attempt_time_over } from '../../../src/i18n/messages';
import type { Locale } from '../../../src/i18n/locales';
import type { Queryable } from '../platform/db';
import { HttpError } from '../platform/http';
import { PAST_DEADLINE_SQL, momentWords } from './attempt-clock';
import { OWNED_SQL, type AttemptRow, type Owner } from './attempts';

/** One answer per position: the one with the latest `at` (of two alike, the one sent last), in position order. */
export function latestPerPosition(answers: readonly Answer[]): Answer[] {
  const latest = new Map<number, Answer>();
  for (const answer of answers) {
    const before = latest.get(answer.position);
    if (!before || Date.parse(before.at) <= Date.parse(answer.at)) latest.set(answer.position, answer);
  }
  // In the order of positions, so two sends upserting the same rows take their locks in one order.
  return [...latest.values()].sort((a, b) => a.position - b.position);
}

/**
 * SQL CTEs over `a` (the attempt: its `paper`) and `$4` (the answers as JSON): `x`, the answers,
 * and `bad`, the first of them the paper refuses (a position beyond it, or an option its question
 * does not have).
 */
export const CHECKED_SQL = `x as (
       select * from jsonb_to_recordset($4::jsonb) as x(position int, chosen smallint[], review boolean, at timestamptz)
     ), bad as (
       select x.position, case when x.position > jsonb_array_length(a.paper) then 'position' else 'option' end as problem
         from x, a
        where x.position > jsonb_array_length(a.paper)
           or exists (select 1 from unnest(x.chosen) c where c >= jsonb_array_length(a.paper -> (x.position - 1) -> 'order'))
        order by x.position limit 1
     )`;

/**
 * SQL CTE `saved`: the answers `x` stored into the attempt `a` while it is open, before its
 * deadline and grace (`a.overdue`), and none is `bad` — one row per position, a send older than
 * the answer stored left out; returns each position stored with its options chosen.
 */
export const UPSERT_SQL = `saved as (
       insert into practice_answers as p (attempt_id, position, chosen, review, answered_at)
       select a.id::bigint, x.position, x.chosen, x.review, x.at from a, x
        where a.submitted_at is null and not a.overdue and not exists (select 1 from bad)
       on conflict (attempt_id, position) do update
         set chosen = excluded.chosen, review = excluded.review, answered_at = excluded.answered_at, saved_at = now()
         where p.answered_at <= excluded.answered_at
       returning p.position, p.chosen
     )`;

/** What a save found: the attempt's state, how many answers it kept, or the first it refused. */
interface SaveRow {
  deadline_at: Date;
  submitted_at: Date | null;
  submitted_by: 'student' | 'deadline' | null;
  overdue: boolean;
  now: Date;
  saved: number;
  bad_position: number | null;
  problem: 'position' | 'option' | null;
}

/**
 * Saves `answers` into attempt `id` of `owner` in one statement (a save is the call a lab makes
 * most: one round trip, not a transaction of four): the attempt row read `for share`, so a
 * submission waits for it and none slips in between; every answer checked against the paper
 * (nothing saved when one is wrong) and stored only while the attempt is open and before its
 * deadline and grace. Null when the attempt is not the owner's.
 */
export async function saveAnswers(db: Queryable, id: string, owner: Owner, answers: readonly Answer[]): Promise<SaveRow | null> {
  const { rows } = await db.query<SaveRow>(
    `with a as (
       select a.id, a.paper, a.deadline_at, a.submitted_at, a.submitted_by, ${PAST_DEADLINE_SQL} as overdue, now() as now
         from practice_attempts a where a.id = $1 and ${OWNED_SQL} for share of a
     ), ${CHECKED_SQL}, ${UPSERT_SQL}
     select a.deadline_at, a.submitted_at, a.submitted_by, a.overdue, a.now, (select count(*)::int from saved) as saved,
            (select position from bad) as bad_position, (select problem from bad) as problem
       from a`,
    [id, owner.userId, owner.email, JSON.stringify(latestPerPosition(answers))],
  );
  const row = rows[0];
  if (row?.problem === 'position') throw new HttpError(400, attempt_no_such_question({ position: row.bad_position! }));
  if (row?.problem === 'option') throw new HttpError(400, attempt_no_such_option({ position: row.bad_position! }));
  return row ?? null;
}

/** The 409 of answers sent to an attempt already submitted, or past its deadline (in the student's language). */
export function tooLate(attempt: Pick<AttemptRow, 'submitted_at' | 'submitted_by' | 'deadline_at'>, locale: Locale): HttpError {
  if (attempt.submitted_at && attempt.submitted_by === 'student') {
    return new HttpError(409, attempt_already_submitted({ time: momentWords(attempt.submitted_at, locale) }), {
      submittedAt: new Date(attempt.submitted_at).toISOString(),
    });
  }
  return new HttpError(409, attempt_time_over({ time: momentWords(attempt.deadline_at, locale) }), {
    deadlineAt: new Date(attempt.deadline_at).toISOString(),
    submittedAt: attempt.submitted_at ? new Date(attempt.submitted_at).toISOString() : null,
  });
}
