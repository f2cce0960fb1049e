/**
 * Each question's statistics in a test (decision 052), by question version (an edited question
 * is a new version; an attempt names the version it was given): how many submitted attempts had
 * it, how many answered it and got it right, how often each option was chosen, the wrong option
 * chosen most, and why it may be a bad question — few got it right, or a wrong option drew more
 * than got it right. Only submitted attempts count; a question's place in an attempt's paper is
 * its position there (the paper's order, from 1), as the answers name it.
 */
import { FLAG_FEW_RIGHT_PERCENT, FLAG_MIN_ASKED, type OptionStats, type QuestionStats } from '../../../src/lib/schemas/practice-results';
import type { Queryable } from '../platform/db';

/** Which attempts count: those of one test, of one batch (or any), of the batches one teacher teaches (or any). */
export interface StatsScope {
  testId: string;
  batchId: string | null;
  teacherId: string | null;
}

/** The (attempt, position, question, version) of every question asked in the scope's submitted attempts. */
const ASKED = `
  with asked as (
    select a.id as attempt_id, p.ord::int as position, (p.item->>'q')::bigint as question_id, (p.item->>'v')::int as version
      from practice_attempts a
      join practice_test_openings o on o.id = a.opening_id
      join batches b on b.id = o.batch_id
      cross join lateral jsonb_array_elements(a.paper) with ordinality as p(item, ord)
     where a.test_id = $1 and a.submitted_at is not null
       and ($2::bigint is null or o.batch_id = $2::bigint)
       and ($3::uuid is null or b.teacher_id = $3::uuid)
  )`;

interface CountRow {
  questionId: string;
  version: number;
  asked: number;
  answered: number;
  right: number;
  textEn: string;
  textHi: string;
  options: { en: string; hi: string }[];
  correct: number[];
  current: number;
  versions: number;
  chapter: string;
}

/** The statistics of every question version asked in `scope`, worst first, and how many attempts counted. */
export async function questionStats(db: Queryable, scope: StatsScope): Promise<{ attempts: number; questions: QuestionStats[] }> {
  const params = [scope.testId, scope.batchId, scope.teacherId];
  const { rows: counts } = await db.query<CountRow>(
    `${ASKED}
     select asked.question_id::text as "questionId", asked.version, count(*)::int as asked,
            count(*) filter (where cardinality(ans.chosen) > 0)::int as answered,
            count(*) filter (where cardinality(ans.chosen) > 0 and ans.chosen <@ v.correct and v.correct <@ ans.chosen)::int as "right",
            v.text_en as "textEn", v.text_hi as "textHi", v.options, v.correct::int[] as correct,
            q.current_version as current, (select count(*)::int from question_versions vv where vv.question_id = q.id) as versions,
            c.title_en as chapter
       from asked
       join question_versions v on v.question_id = asked.question_id and v.version = asked.version
       join questions q on q.id = asked.question_id
       join course_chapters c on c.id = q.chapter_id
       left join practice_answers ans on ans.attempt_id = asked.attempt_id and ans.position = asked.position
      group by asked.question_id, asked.version, v.question_id, v.version, q.id, c.id`,
    params,
  );
  const { rows: chosen } = await db.query<{ questionId: string; version: number; option: number; chosen: number }>(
    `${ASKED}
     select asked.question_id::text as "questionId", asked.version, pick.option::int as option, count(*)::int as chosen
       from asked
       join practice_answers ans on ans.attempt_id = asked.attempt_id and ans.position = asked.position
       cross join lateral unnest(ans.chosen) as pick(option)
      group by asked.question_id, asked.version, pick.option`,
    params,
  );
  const [{ attempts } = { attempts: 0 }] = (
    await db.query<{ attempts: number }>(
      `select count(*)::int as attempts
         from practice_attempts a join practice_test_openings o on o.id = a.opening_id join batches b on b.id = o.batch_id
        where a.test_id = $1 and a.submitted_at is not null
          and ($2::bigint is null or o.batch_id = $2::bigint) and ($3::uuid is null or b.teacher_id = $3::uuid)`,
      params,
    )
  ).rows;

  const chosenOf = new Map(chosen.map((c) => [`${c.questionId}:${c.version}:${c.option}`, c.chosen]));
  const questions = counts.map((row): QuestionStats => {
    const options: OptionStats[] = row.options.map((o, id) => ({
      id,
      en: o.en,
      hi: o.hi,
      correct: row.correct.includes(id),
      chosen: chosenOf.get(`${row.questionId}:${row.version}:${id}`) ?? 0,
    }));
    // The first of equal counts: the option written first.
    const topWrong = options.filter((o) => !o.correct && o.chosen > 0).reduce<OptionStats | null>((top, o) => (top && top.chosen >= o.chosen ? top : o), null);
    const rightPercent = row.asked > 0 ? Math.round((row.right * 100) / row.asked) : null;
    return {
      questionId: row.questionId,
      version: row.version,
      current: row.version === row.current,
      versions: row.versions,
      text: { en: row.textEn, hi: row.textHi },
      chapter: row.chapter,
      asked: row.asked,
      answered: row.answered,
      right: row.right,
      rightPercent,
      options,
      topWrong,
      flags: flagsOf(row.asked, row.right, rightPercent, topWrong),
    };
  });
  questions.sort(
    (a, b) =>
      Number(b.flags.length > 0) - Number(a.flags.length > 0) ||
      (a.rightPercent ?? 101) - (b.rightPercent ?? 101) ||
      Number(a.questionId) - Number(b.questionId) ||
      a.version - b.version,
  );
  return { attempts, questions };
}

/** Why a question version may be a bad one, in words (only once FLAG_MIN_ASKED were asked it). */
function flagsOf(asked: number, right: number, rightPercent: number | null, topWrong: OptionStats | null): string[] {
  if (asked < FLAG_MIN_ASKED || rightPercent === null) return [];
  const flags: string[] = [];
  if (rightPercent < FLAG_FEW_RIGHT_PERCENT) flags.push(`Few got it right: ${rightPercent}% of ${asked} (under ${FLAG_FEW_RIGHT_PERCENT}%).`);
  if (topWrong && topWrong.chosen > right) {
    flags.push(
      `A wrong option drew more than the right answer: “${topWrong.en}” was chosen ${times(topWrong.chosen)}, the right answer given ${times(right)}.`,
    );
  }
  return flags;
}

const times = (n: number) => (n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`);
