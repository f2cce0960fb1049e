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
import { momentWords } from './attempt-clock';
import type { AttemptRow } from './attempts';

/**
 * `answers` checked against `attempt`'s paper (400 in words for a position beyond it or an
 * option its question does not have), one per position: the latest `at` of each.
 */
export function checkedAnswers(attempt: AttemptRow, answers: readonly Answer[]): Answer[] {
  const latest = new Map<number, Answer>();
  for (const answer of answers) {
    const entry = attempt.paper[answer.position - 1];
    if (!entry) throw new HttpError(400, attempt_no_such_question({ position: answer.position }));
    if (answer.chosen.some((id) => id >= entry.order.length)) throw new HttpError(400, attempt_no_such_option({ position: answer.position }));
    const before = latest.get(answer.position);
    if (!before || Date.parse(before.at) <= Date.parse(answer.at)) latest.set(answer.position, answer);
  }
  return [...latest.values()];
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
export function tooLate(attempt: AttemptRow, locale: Locale): HttpError {
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
