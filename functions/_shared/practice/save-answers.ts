/**
 * Answers as they reach the server (decision 052): one row per position of the paper, the later
 * `at` (the phone's clock when the student chose) winning, so a send that arrives late never
 * overwrites a newer answer. Only into an open attempt before its deadline and grace; the caller
 * holds the attempt's row (locked), so a submission cannot slip in between the check and the write.
 */
import type { Answer } from '../../../src/lib/schemas/practice-attempts';
import { attempt_already_submitted, attempt_no_such_option, attempt_no_such_question, attempt_time_over } from '../../../src/i18n/messages';
import type { Locale } from '../../../src/i18n/locales';
import type { Queryable } from '../platform/db';
import { HttpError } from '../platform/http';
import { PAST_DEADLINE_SQL, momentWords } from './attempt-clock';
import { OWNED_SQL, type AttemptRow, type Owner } from './attempts';

/**
 * `answers` checked against `attempt`'s paper (400 in words for a position beyond it or an
 * option its question does not have), one per position: the latest `at` of each.
 */
export function checkedAnswers(attempt: AttemptRow, answers: readonly Answer[]): Answer[] {
  for (const answer of [...answers].sort((a, b) => a.position - b.position)) {
    const entry = attempt.paper[answer.position - 1];
    if (!entry) throw new HttpError(400, attempt_no_such_question({ position: answer.position }));
    if (answer.chosen.some((id) => id >= entry.order.length)) throw new HttpError(400, attempt_no_such_option({ position: answer.position }));
  }
  return latestPerPosition(answers);
}

/** One answer per position: the one with the latest `at` (of two alike, the one sent last). */
export function latestPerPosition(answers: readonly Answer[]): Answer[] {
  const latest = new Map<number, Answer>();
  for (const answer of answers) {
    const before = latest.get(answer.position);
    if (!before || Date.parse(before.at) <= Date.parse(answer.at)) latest.set(answer.position, answer);
  }
  return [...latest.values()];
}

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
     ), x as (
       select * from jsonb_to_recordset($4::jsonb) as x(position int, chosen smallint[], review boolean, at timestamptz)
     ), bad as (
       select x.position, case when x.position > jsonb_array_length(a.paper) then 'position' else 'option' end as problem
         from x, a
        where x.position > jsonb_array_length(a.paper)
           or exists (select 1 from unnest(x.chosen) c where c >= jsonb_array_length(a.paper -> (x.position - 1) -> 'order'))
        order by x.position limit 1
     ), saved as (
       insert into practice_answers as p (attempt_id, position, chosen, review, answered_at)
       select a.id, x.position, x.chosen, x.review, x.at from a, x
        where a.submitted_at is null and not a.overdue and not exists (select 1 from bad)
       on conflict (attempt_id, position) do update
         set chosen = excluded.chosen, review = excluded.review, answered_at = excluded.answered_at, saved_at = now()
         where p.answered_at <= excluded.answered_at
       returning 1
     )
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

/** Stores `answers` (checked) into `attempt`; how many were kept (a send older than the answer stored is not). */
export async function storeAnswers(db: Queryable, attemptId: string, answers: readonly Answer[]): Promise<number> {
  if (!answers.length) return 0;
  const { rows } = await db.query(
    `insert into practice_answers as p (attempt_id, position, chosen, review, answered_at)
     select $1, x.position, x.chosen, x.review, x.at from jsonb_to_recordset($2::jsonb) as x(position int, chosen smallint[], review boolean, at timestamptz)
     on conflict (attempt_id, position) do update
       set chosen = excluded.chosen, review = excluded.review, answered_at = excluded.answered_at, saved_at = now()
       where p.answered_at <= excluded.answered_at
     returning 1`,
    [attemptId, JSON.stringify(answers)],
  );
  return rows.length;
}

/**
 * Of `answers` (checked) sent too late, how many the server does not already hold as they are
 * (a resend of an answer that did reach it is not one the student lost).
 */
export async function unsentOf(db: Queryable, attemptId: string, answers: readonly Answer[]): Promise<number> {
  if (!answers.length) return 0;
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from jsonb_to_recordset($2::jsonb) as x(position int, chosen smallint[])
      where (select coalesce(array_agg(c order by c), '{}') from unnest(x.chosen) c)
         <> coalesce((select (select coalesce(array_agg(c order by c), '{}') from unnest(p.chosen) c)
                        from practice_answers p where p.attempt_id = $1 and p.position = x.position), '{}')`,
    [attemptId, JSON.stringify(answers)],
  );
  return rows[0]?.n ?? 0;
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
