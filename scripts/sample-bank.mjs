// The sample question bank (content/practice/sample-bank.json, decision 052): a demo set of 100
// questions in English and Hindi, in three chapters, with one test of each ready-made pattern.
// `npm start` loads it once into a fresh local database (loadSampleBankOnce, from
// prepareDatabase), so a new user can try practice tests at once; any test may put it into its
// own database with insertSampleBank.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sampleBankSchema } from '../src/schemas/content/sample-bank-schema.ts';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

/** The sample bank's file. */
export const SAMPLE_BANK_FILE = path.join(projectRoot, 'content', 'practice', 'sample-bank.json');

/** The institute_settings key that records the sample bank was offered to this database (loaded or not). */
export const SAMPLE_BANK_SETTING = 'sample-bank';

/** Where staff see the bank. */
export const SAMPLE_BANK_PAGE = '/educater/questions';

/**
 * Reads and checks the sample bank with the build's schema. Throws an Error naming the file and
 * each wrong field ("chapters.0.questions.3.right.0: option E is not one of its 4 options").
 */
export async function readSampleBank(file = SAMPLE_BANK_FILE) {
  const data = JSON.parse(await readFile(file, 'utf8'));
  const result = sampleBankSchema.safeParse(data);
  if (result.success) return result.data;
  const shown = path.relative(projectRoot, file);
  throw new Error(`${shown}: ${result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
}

/** An option as question_versions keeps it: `{ en, hi }` (one text that reads the same is both). */
const bothLanguages = (option) => (typeof option === 'string' ? { en: option, hi: option } : { en: option.en, hi: option.hi });

/** Whole marks (0.25) as hundredths of a mark (25), as migration 027 keeps marks. */
const hundredths = (marks) => Math.round(marks * 100);

/** A title pattern that finds `word` as a whole word, case aside (RS-CIT in "RS-CIT (Basic)"). */
const wordPattern = (word) => `\\m${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\M`;

/**
 * Inserts the sample bank into the database behind `db` (anything with `query(text, params)` that
 * answers `{ rows }`: a pg or Neon client, PGlite), as it is, every time it is called; run it in a
 * transaction for all or nothing. The questions hang on `courseId` when given, else on the first
 * course whose title names one of the bank's `course.attachTo` (CCC, RS-CIT), else on a sample course
 * made for them. Chapters of the same title on that course are reused. Returns the ids made:
 * `{ courseId, courseTitle, courseCreated, chapterIds: { key: id }, questionIds: { key: [ids] },
 * testIds: { pattern: id } }` (ids as strings, in the file's order).
 */
export async function insertSampleBank(db, { bank, courseId } = {}) {
  const set = bank ?? (await readSampleBank());
  let course;
  if (courseId) {
    const { rows } = await db.query('select id::text as id, title from courses where id = $1', [courseId]);
    if (!rows[0]) throw new Error(`No course has the id ${courseId}.`);
    course = { ...rows[0], created: false };
  } else {
    const patterns = set.course.attachTo.map(wordPattern);
    const { rows } = patterns.length
      ? await db.query('select id::text as id, title from courses where title ~* any ($1::text[]) order by id limit 1', [patterns])
      : { rows: [] };
    if (rows[0]) course = { ...rows[0], created: false };
    else {
      const made = await db.query(
        `insert into courses (title, category, price, duration, description, image) values ($1, $2, 0, $3, $4, '') returning id::text as id, title`,
        [set.course.title, set.course.category, set.course.duration, set.course.description],
      );
      course = { ...made.rows[0], created: true };
    }
  }

  const chapterIds = {};
  for (const chapter of set.chapters) {
    const found = await db.query('select id::text as id from course_chapters where course_id = $1 and lower(title_en) = lower($2)', [
      course.id,
      chapter.title.en,
    ]);
    chapterIds[chapter.key] =
      found.rows[0]?.id ??
      (
        await db.query(
          `insert into course_chapters (course_id, title_en, title_hi, position)
           select $1, $2, $3, coalesce(max(position), 0) + 1 from course_chapters where course_id = $1
           returning id::text as id`,
          [course.id, chapter.title.en, chapter.title.hi],
        )
      ).rows[0].id;
  }

  // The questions' ids first, so that each version is written beside its question in two statements.
  const total = set.chapters.reduce((sum, chapter) => sum + chapter.questions.length, 0);
  const ids = (await db.query(`select nextval(pg_get_serial_sequence('questions', 'id'))::text as id from generate_series(1, $1)`, [total])).rows.map(
    (row) => row.id,
  );
  const rows = [];
  const questionIds = {};
  for (const chapter of set.chapters) {
    questionIds[chapter.key] = [];
    for (const question of chapter.questions) {
      const id = ids[rows.length];
      questionIds[chapter.key].push(id);
      rows.push({
        id,
        chapter_id: chapterIds[chapter.key],
        difficulty: question.difficulty,
        text_en: question.text.en,
        text_hi: question.text.hi,
        options: question.options.map(bothLanguages),
        correct: question.right.map((letter) => letter.charCodeAt(0) - 'A'.charCodeAt(0)).sort((a, b) => a - b),
        explanation_en: question.explanation.en,
        explanation_hi: question.explanation.hi,
        keep_order: question.keepOrder,
      });
    }
  }
  const json = JSON.stringify(rows);
  await db.query(
    `insert into questions (id, course_id, chapter_id, difficulty, sample)
     select x.id, $1, x.chapter_id, x.difficulty, true
       from jsonb_to_recordset($2::jsonb) as x(id bigint, chapter_id bigint, difficulty text)`,
    [course.id, json],
  );
  await db.query(
    `insert into question_versions (question_id, version, text_en, text_hi, options, correct, explanation_en, explanation_hi, keep_order)
     select x.id, 1, x.text_en, x.text_hi, x.options, array(select jsonb_array_elements_text(x.correct)::smallint), x.explanation_en, x.explanation_hi, x.keep_order
       from jsonb_to_recordset($1::jsonb) as x(id bigint, text_en text, text_hi text, options jsonb, correct jsonb, explanation_en text, explanation_hi text, keep_order boolean)`,
    [json],
  );

  const testIds = {};
  for (const test of set.tests) {
    const made = await db.query(
      `insert into practice_tests (course_id, title_en, title_hi, pattern, kind, duration_minutes, marks_per_question, negative_marks, pass_marks,
                                   attempts_allowed, show_answers, sample)
       values ($1, $2, $3, $4, 'drawn', $5, $6, $7, $8, $9, $10, true) returning id::text as id`,
      [
        course.id,
        test.title.en,
        test.title.hi,
        test.pattern,
        test.durationMinutes,
        hundredths(test.marks),
        hundredths(test.negativeMarks),
        hundredths(test.passMarks),
        test.attemptsAllowed,
        test.showAnswers,
      ],
    );
    const testId = made.rows[0].id;
    testIds[test.pattern] = testId;
    await db.query(
      `insert into practice_test_draws (test_id, chapter_id, difficulty, count)
       select $1, x.chapter_id, x.difficulty, x.count from jsonb_to_recordset($2::jsonb) as x(chapter_id bigint, difficulty text, count integer)`,
      [testId, JSON.stringify(test.draws.map((d) => ({ chapter_id: chapterIds[d.chapter], difficulty: d.difficulty ?? null, count: d.count })))],
    );
  }
  return { courseId: course.id, courseTitle: course.title, courseCreated: course.created, chapterIds, questionIds, testIds };
}

/**
 * `npm start` on a local database: loads the sample bank the first time only, and prints where to
 * see it. Once offered it is never loaded again (an institute_settings line records it), so a bank
 * the office archived or deleted stays gone; a database that already has questions or tests of its
 * own is left as it is (and marked, so its office never gets the demo later). `client` must be one
 * connection (a pool's client, not the pool): the load is one transaction. SAMPLE_BANK=off skips
 * it (the browser tests start empty). A file that fails its schema is reported and not loaded.
 * Returns what insertSampleBank made, or null when nothing was loaded.
 */
export async function loadSampleBankOnce(client, { log = console.log, file = SAMPLE_BANK_FILE } = {}) {
  if (process.env.SAMPLE_BANK === 'off') return null;
  let bank;
  try {
    bank = await readSampleBank(file);
  } catch (error) {
    log(`  Sample question bank not loaded: ${error instanceof Error ? error.message : error}`);
    return null;
  }
  await client.query('begin');
  try {
    // Claimed first: of two starts at once, one loads and the other finds the line.
    const claim = await client.query(`insert into institute_settings (key, value) values ($1, '{}'::jsonb) on conflict (key) do nothing returning key`, [
      SAMPLE_BANK_SETTING,
    ]);
    if (!claim.rows[0]) {
      await client.query('rollback');
      return null;
    }
    const { rows } = await client.query('select (exists (select 1 from questions) or exists (select 1 from practice_tests)) as has');
    if (rows[0].has) {
      await client.query('update institute_settings set value = $2::jsonb where key = $1', [
        SAMPLE_BANK_SETTING,
        JSON.stringify({ skipped: 'the bank had questions of its own' }),
      ]);
      await client.query('commit');
      return null;
    }
    const made = await insertSampleBank(client, { bank });
    const questions = Object.values(made.questionIds).flat().length;
    await client.query('update institute_settings set value = $2::jsonb, updated_at = now() where key = $1', [
      SAMPLE_BANK_SETTING,
      JSON.stringify({ loadedAt: new Date().toISOString(), courseId: made.courseId, questions, tests: Object.values(made.testIds) }),
    ]);
    await client.query('commit');
    log(
      `  Sample question bank: ${questions} demo questions in ${Object.keys(made.chapterIds).length} chapters and ${Object.keys(made.testIds).length} sample tests on the course "${made.courseTitle}" — see ${SAMPLE_BANK_PAGE} (loaded once)`,
    );
    return made;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    log(`  Sample question bank not loaded: ${error instanceof Error ? error.message : error}`);
    return null;
  }
}
