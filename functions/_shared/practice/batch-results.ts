/**
 * A batch's practice-test results (decision 052): the tests opened to it, its students, and each
 * student's submitted attempts at each test made through an opening to this batch — the best
 * (highest score, the earliest of equal ones) and the last (latest submitted), how many, and
 * whether one is being taken now. The one reading behind the grid, its spreadsheet and the best
 * scores the certificate form offers.
 */
import { ROSTER_STATUS_LABELS, type RosterStatus } from '../../../src/lib/batch-words';
import type { ResultsCell, ResultsStudent, ResultsTest, ScoreShown } from '../../../src/lib/schemas/practice-results';
import type { Queryable } from '../platform/db';

/** A batch's tests and students with their results. */
export interface BatchResults {
  tests: ResultsTest[];
  students: ResultsStudent[];
}

interface AttemptRow {
  studentId: string;
  testId: string;
  score: number | null;
  maxScore: number | null;
  passed: boolean | null;
  submittedAt: string | null;
}

/** The results of batch `batchId`. */
export async function batchResults(db: Queryable, batchId: string): Promise<BatchResults> {
  const { rows: tests } = await db.query<ResultsTest & { fallbackMax: number }>(
    `select t.id::text, t.title_en as title, t.pass_marks as "passMarks", t.attempts_allowed as "attemptsAllowed",
            t.marks_per_question * (coalesce((select count(*) from practice_test_questions q where q.test_id = t.id), 0)
                                    + coalesce((select sum(d.count) from practice_test_draws d where d.test_id = t.id), 0))::int as "fallbackMax",
            coalesce((select a.max_score from practice_attempts a join practice_test_openings ao on ao.id = a.opening_id
                       where a.test_id = t.id and ao.batch_id = $1 and a.max_score is not null order by a.submitted_at desc limit 1), 0) as "maxScore",
            to_char(max(o.opens_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "opensAt",
            to_char(max(o.closes_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "closesAt"
       from practice_test_openings o join practice_tests t on t.id = o.test_id
      where o.batch_id = $1
      group by t.id
      order by min(o.opens_at), t.id`,
    [batchId],
  );
  const { rows: roster } = await db.query<{ studentId: string; name: string; status: string }>(
    `select s.id::text as "studentId", s.name, bs.status
       from batch_students bs join students s on s.id = bs.student_id
      where bs.batch_id = $1
        and (bs.status <> 'left' or exists (select 1 from practice_attempts a join practice_test_openings o on o.id = a.opening_id
                                            where o.batch_id = $1 and a.student_id = s.id))
      order by lower(s.name), s.id`,
    [batchId],
  );
  const { rows: attempts } = await db.query<AttemptRow>(
    `select a.student_id::text as "studentId", a.test_id::text as "testId", a.score, a.max_score as "maxScore", a.passed,
            to_char(a.submitted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "submittedAt"
       from practice_attempts a join practice_test_openings o on o.id = a.opening_id
      where o.batch_id = $1
      order by a.submitted_at nulls last, a.id`,
    [batchId],
  );
  const byCell = new Map<string, AttemptRow[]>();
  for (const a of attempts) {
    const key = `${a.studentId}:${a.testId}`;
    byCell.set(key, [...(byCell.get(key) ?? []), a]);
  }
  const students = roster.map((r): ResultsStudent => ({
    studentId: r.studentId,
    name: r.name,
    rosterStatus: ROSTER_STATUS_LABELS[r.status as RosterStatus] ?? r.status,
    cells: tests.map((t) => cellOf(t.id, byCell.get(`${r.studentId}:${t.id}`) ?? [])),
  }));
  return {
    tests: tests.map(({ fallbackMax, ...t }) => ({ ...t, maxScore: t.maxScore || fallbackMax })),
    students,
  };
}

/** One student's cell of one test, from their attempts at it (oldest submission first, open ones last). */
function cellOf(testId: string, attempts: AttemptRow[]): ResultsCell {
  const marked = attempts.filter((a) => a.submittedAt !== null && a.score !== null);
  const shown = (a: AttemptRow): ScoreShown => ({ score: a.score!, maxScore: a.maxScore ?? 0, passed: a.passed === true, submittedAt: a.submittedAt! });
  // The first of equal scores stays the best: only a higher one replaces it.
  const best = marked.reduce<AttemptRow | null>((top, a) => (top === null || a.score! > top.score! ? a : top), null);
  const last = marked.at(-1) ?? null;
  return {
    testId,
    attempts: marked.length,
    best: best && shown(best),
    last: last && shown(last),
    inProgress: attempts.some((a) => a.submittedAt === null),
  };
}
