/**
 * GET /api/tests's answer (`TestsOverview`, src/lib/schemas/practice-attempts.ts): the tests open
 * to the student now (on the roster of the batch, not having left it, inside the window), their
 * one attempt in progress, and their history — every submitted attempt still shown under the
 * Terms (history-access.ts).
 */
import type { HistoryAttempt, OpenTest, TestsOverview } from '../../../src/lib/schemas/practice-attempts';
import { indiaDay } from '../../../src/lib/india-time';
import { indiaToday } from '../../../src/lib/schemas/real-day';
import type { Queryable } from '../platform/db';
import { ACCESS_ENDS_SQL, attemptShown } from './history-access';

interface OpenRow {
  opening_id: string;
  test_id: string;
  title_en: string;
  title_hi: string;
  questions: number;
  duration_minutes: number;
  marks_per_question: number;
  pass_marks: number;
  attempts_allowed: number;
  used: number;
  closes_at: Date;
  attempt_id: string | null;
  attempt_number: number | null;
  deadline_at: Date | null;
}

interface HistoryRow {
  id: string;
  test_id: string;
  title_en: string;
  title_hi: string;
  number: number;
  score: number;
  max_score: number;
  passed: boolean;
  submitted_at: Date;
  access_ends_on: string | null;
}

const iso = (at: Date) => new Date(at).toISOString();

/** What the student of `studentIds` sees of their tests at the database's `now`. */
export async function testsOverview(db: Queryable, studentIds: readonly string[]): Promise<TestsOverview> {
  const { rows: clock } = await db.query<{ now: Date }>('select now() as now');
  const now = clock[0]!.now;
  if (!studentIds.length) return { open: [], inProgress: null, history: [], hiddenHistory: 0, serverNow: iso(now) };

  const { rows: open } = await db.query<OpenRow>(
    `select o.id::text as opening_id, t.id::text as test_id, t.title_en, t.title_hi, t.duration_minutes, t.marks_per_question, t.pass_marks,
            t.attempts_allowed, o.closes_at,
            (case when t.kind = 'drawn' then (select coalesce(sum(d.count), 0) from practice_test_draws d where d.test_id = t.id)
                  else (select count(*) from practice_test_questions p where p.test_id = t.id) end)::int as questions,
            (select count(*)::int from practice_attempts a where a.test_id = t.id and a.student_id = bs.student_id) as used,
            a.id::text as attempt_id, a.number as attempt_number, a.deadline_at
       from practice_test_openings o
       join practice_tests t on t.id = o.test_id and t.archived_at is null
       join batch_students bs on bs.batch_id = o.batch_id and bs.student_id = any($1::bigint[]) and bs.status <> 'left'
       left join practice_attempts a on a.opening_id = o.id and a.student_id = bs.student_id and a.submitted_at is null
      where o.opens_at <= now() and now() < o.closes_at
      order by o.closes_at, o.id`,
    [studentIds],
  );
  const { rows: progress } = await db.query<{
    id: string;
    opening_id: string;
    test_id: string;
    title_en: string;
    title_hi: string;
    number: number;
    deadline_at: Date;
  }>(
    `select a.id::text, a.opening_id::text, a.test_id::text, t.title_en, t.title_hi, a.number, a.deadline_at
       from practice_attempts a join practice_tests t on t.id = a.test_id
      where a.student_id = any($1::bigint[]) and a.submitted_at is null
      order by a.started_at desc limit 1`,
    [studentIds],
  );
  const { rows: history } = await db.query<HistoryRow>(
    `select a.id::text, a.test_id::text, t.title_en, t.title_hi, a.number, a.score, a.max_score, a.passed, a.submitted_at,
            ${ACCESS_ENDS_SQL} as access_ends_on
       from practice_attempts a join practice_tests t on t.id = a.test_id
      where a.student_id = any($1::bigint[]) and a.submitted_at is not null
      order by a.submitted_at desc, a.id desc`,
    [studentIds],
  );
  const today = indiaToday(new Date(now));
  const current = progress[0];
  const shown = history.filter((row) => attemptShown(row.access_ends_on, today));
  return {
    open: open.map((row): OpenTest => ({
      openingId: row.opening_id,
      testId: row.test_id,
      title: { en: row.title_en, hi: row.title_hi },
      questions: row.questions,
      durationMinutes: row.duration_minutes,
      maxMarks: row.questions * row.marks_per_question,
      passMarks: row.pass_marks,
      attemptsUsed: row.used,
      attemptsAllowed: row.attempts_allowed,
      closesAt: iso(row.closes_at),
      inProgress: row.attempt_id ? { attemptId: row.attempt_id, number: row.attempt_number!, deadlineAt: iso(row.deadline_at!) } : null,
    })),
    inProgress: current
      ? {
          attemptId: current.id,
          openingId: current.opening_id,
          test: { id: current.test_id, title: { en: current.title_en, hi: current.title_hi } },
          number: current.number,
          deadlineAt: iso(current.deadline_at),
        }
      : null,
    history: shown.map((row): HistoryAttempt => ({
      attemptId: row.id,
      test: { id: row.test_id, title: { en: row.title_en, hi: row.title_hi } },
      number: row.number,
      score: row.score,
      maxScore: row.max_score,
      passed: row.passed,
      submittedAt: iso(row.submitted_at),
      day: indiaDay(row.submitted_at),
    })),
    hiddenHistory: history.length - shown.length,
    serverNow: iso(now),
  };
}
