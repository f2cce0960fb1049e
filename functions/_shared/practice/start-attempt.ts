/**
 * Starting an attempt (decision 052): only a student on the roster of the batch the test is
 * opened to (not one who left it), inside the window, with attempts left, and with no other
 * attempt open; the paper drawn, the terms and the deadline (now + the test's duration, by the
 * database's clock) fixed at once. The attempt of this opening already in progress is given back
 * instead of a new one. One open attempt per student holds under parallel starts by the unique
 * index practice_attempts_open_idx: the start that loses the race answers as if it came second.
 */
import type { PoolClient } from '@neondatabase/serverless';
import type { Locale } from '../../../src/i18n/locales';
import {
  attempt_opens_later,
  attempt_other_in_progress,
  attempt_test_not_yours,
  attempt_too_few_questions,
  attempt_used_up,
  attempt_window_closed,
} from '../../../src/i18n/messages';
import { RecordIdSchema } from '../../../src/lib/schemas/records';
import { transaction } from '../platform/db';
import { HttpError } from '../platform/http';
import { momentWords } from './attempt-clock';
import { ATTEMPT_COLUMNS, attemptById, type AttemptRow } from './attempts';
import { drawPaper } from './draw-paper';
import type { Terms } from './marking';

interface OpeningRow {
  id: string;
  test_id: string;
  student_id: string;
  opens_at: Date;
  closes_at: Date;
  open_now: boolean;
  not_yet: boolean;
  kind: 'drawn' | 'fixed';
  duration_minutes: number;
  marks_per_question: number;
  negative_marks: number;
  pass_marks: number;
  attempts_allowed: number;
  show_answers: boolean;
  used: number;
  open: { id: string; openingId: string; en: string; hi: string }[] | null;
}

/** The outcome of a start: the attempt, and whether it is new (201) or the one in progress (200). */
export interface Started {
  attempt: AttemptRow;
  created: boolean;
}

const notYours = () => new HttpError(404, attempt_test_not_yours());

/** Starts (or resumes) the attempt of one of `studentIds` at opening `openingId`. */
export async function startAttempt(openingId: unknown, studentIds: readonly string[], locale: Locale): Promise<Started> {
  const parsed = RecordIdSchema.safeParse(openingId);
  if (!parsed.success || !studentIds.length) throw notYours();
  try {
    return await transaction((client) => start(client, parsed.data, studentIds, locale));
  } catch (error) {
    // A parallel start took the one open attempt (or this attempt's number) first: decide again,
    // now seeing it (resumed when it is this opening's, refused in words otherwise).
    if ((error as { code?: string } | null)?.code !== '23505') throw error;
    return transaction((client) => start(client, parsed.data, studentIds, locale));
  }
}

async function start(client: PoolClient, openingId: string, studentIds: readonly string[], locale: Locale): Promise<Started> {
  // The opening as the student sees it, with their open attempts and their attempts at this test so far.
  const { rows } = await client.query<OpeningRow>(
    `select o.id::text, o.test_id::text, bs.student_id::text, o.opens_at, o.closes_at,
            (o.opens_at <= now() and now() < o.closes_at) as open_now, now() < o.opens_at as not_yet,
            t.kind, t.duration_minutes, t.marks_per_question, t.negative_marks, t.pass_marks, t.attempts_allowed, t.show_answers,
            (select count(*)::int from practice_attempts u where u.test_id = t.id and u.student_id = bs.student_id) as used,
            (select json_agg(json_build_object('id', a.id::text, 'openingId', a.opening_id::text, 'en', at.title_en, 'hi', at.title_hi))
               from practice_attempts a join practice_tests at on at.id = a.test_id
              where a.student_id = any($2::bigint[]) and a.submitted_at is null) as open
       from practice_test_openings o
       join practice_tests t on t.id = o.test_id and t.archived_at is null
       join batch_students bs on bs.batch_id = o.batch_id and bs.student_id = any($2::bigint[]) and bs.status <> 'left'
      where o.id = $1
      order by bs.student_id limit 1`,
    [openingId, studentIds],
  );
  const opening = rows[0];
  if (!opening) throw notYours();

  // Their open attempt, of this opening (resumed) or of another test (refused, named).
  const open = opening.open ?? [];
  const mine = open.find((a) => a.openingId === opening.id);
  if (mine) return { attempt: await attemptById(client, mine.id), created: false };
  if (open[0]) throw new HttpError(409, attempt_other_in_progress({ title: locale === 'hi' ? open[0].hi : open[0].en }), { attemptId: open[0].id });

  if (opening.not_yet) throw new HttpError(403, attempt_opens_later({ time: momentWords(opening.opens_at, locale) }));
  if (!opening.open_now) throw new HttpError(403, attempt_window_closed({ time: momentWords(opening.closes_at, locale) }));
  if (opening.used >= opening.attempts_allowed) throw new HttpError(409, attempt_used_up({ allowed: opening.attempts_allowed }));

  const paper = await drawPaper(client, opening.test_id, opening.kind);
  if (!paper) throw new HttpError(409, attempt_too_few_questions());
  const terms: Terms = { marks: opening.marks_per_question, negative: opening.negative_marks, pass: opening.pass_marks, showAnswers: opening.show_answers };
  const { rows: inserted } = await client.query<AttemptRow>(
    `insert into practice_attempts as a (opening_id, test_id, student_id, number, paper, terms, started_at, deadline_at)
     select $1, $2, $3, coalesce(max(number), 0) + 1, $4::jsonb, $5::jsonb, now(), now() + make_interval(mins => $6)
       from practice_attempts where test_id = $2 and student_id = $3
     returning ${ATTEMPT_COLUMNS}`,
    [opening.id, opening.test_id, opening.student_id, JSON.stringify(paper), JSON.stringify(terms), opening.duration_minutes],
  );
  return { attempt: inserted[0]!, created: true };
}
