/**
 * The sample question bank as `npm start` loads it (scripts/sample-bank.mjs through prepareDatabase):
 * on a fresh local database it makes the sample course, its three chapters, the 100 questions with
 * their first versions and the three sample tests with their draws, as the file says; a second
 * start adds nothing, nor does one after the office deleted the sample set, nor one on a bank that
 * has questions of its own. An existing CCC or RS-CIT course carries the set instead of a new one.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../scripts/database.mjs';
import { insertSampleBank, loadSampleBankOnce, SAMPLE_BANK_FILE } from '../../scripts/sample-bank.mjs';

interface FileQuestion {
  text: { en: string; hi: string };
  options: ({ en: string; hi: string } | string)[];
  right: string[];
  keepOrder?: boolean;
}
const file = JSON.parse(readFileSync(SAMPLE_BANK_FILE, 'utf8')) as { chapters: { key: string; title: { en: string }; questions: FileQuestion[] }[] };
const fileQuestions = file.chapters.flatMap((c) => c.questions);

const scratch = mkdtempSync(path.join(os.tmpdir(), 'sample-bank-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Starts the database as `npm start` does (sample bank on) in `dir`; runs `work` with a client, then closes it all. Returns the lines it logged. */
async function start(dir: string, work: (client: pg.Client) => Promise<void> = async () => {}, { sampleBank = true } = {}): Promise<string[]> {
  delete process.env['DATABASE_URL'];
  delete process.env['DB_WS_PROXY'];
  process.env['PGLITE_DIR'] = path.join(dir, 'pglite');
  process.env['OUTBOX_DIR'] = path.join(dir, 'outbox');
  const lines: string[] = [];
  const database = await prepareDatabase({ log: (line: string) => lines.push(line), sampleBank });
  const client = new pg.Client({ connectionString: process.env['DATABASE_URL'] });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
    await database.close();
  }
  return lines;
}

const count = async (client: pg.Client, sql: string, params: unknown[] = []) => Number((await client.query(sql, params)).rows[0].n);

describe('the sample bank on a fresh local database', () => {
  const dir = path.join(scratch, 'fresh');
  let firstLog: string[] = [];

  beforeAll(async () => {
    firstLog = await start(dir);
  }, 240_000);

  it('says once where to see it', () => {
    const lines = firstLog.filter((line) => line.includes('Sample question bank'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('100 demo questions in 3 chapters and 3 sample tests');
    expect(lines[0]).toContain('/educater/questions');
  });

  it('makes a sample course with the three chapters, 100 questions and their first versions', async () => {
    await start(dir, async (client) => {
      const courses = (await client.query('select id, title, price, description from courses')).rows;
      expect(courses).toHaveLength(1);
      expect(courses[0].title).toBe('Computer basics (sample course)');
      expect(courses[0].description).toMatch(/sample course/i);
      const chapters = (await client.query('select title_en, position from course_chapters where course_id = $1 order by position', [courses[0].id])).rows;
      expect(chapters.map((c) => c.title_en)).toEqual(file.chapters.map((c) => c.title.en));
      expect(chapters.map((c) => c.position)).toEqual([1, 2, 3]);
      expect(
        await count(client, 'select count(*) as n from questions where sample and course_id = $1 and archived_at is null and current_version = 1', [
          courses[0].id,
        ]),
      ).toBe(100);
      expect(await count(client, 'select count(*) as n from questions where not sample')).toBe(0);
      expect(await count(client, 'select count(*) as n from question_versions where version = 1')).toBe(100);
      for (const [i, c] of file.chapters.entries()) {
        const n = await count(client, 'select count(*) as n from questions q join course_chapters c on c.id = q.chapter_id where c.position = $1', [i + 1]);
        expect(n, c.key).toBe(c.questions.length);
      }
    });
  });

  it('keeps each question as written: both languages, options in order, right options by position, keep-order', async () => {
    await start(dir, async (client) => {
      const versions = (
        await client.query<{
          text_en: string;
          text_hi: string;
          options: { en: string; hi: string }[];
          correct: number[];
          keep_order: boolean;
          explanation_hi: string;
        }>(
          'select v.text_en, v.text_hi, v.options, v.correct, v.keep_order, v.explanation_hi from question_versions v join questions q on q.id = v.question_id order by q.id',
        )
      ).rows;
      expect(versions).toHaveLength(fileQuestions.length);
      versions.forEach((v, i) => {
        const q = fileQuestions[i]!;
        expect(v.text_en).toBe(q.text.en);
        expect(v.text_hi).toBe(q.text.hi);
        expect(v.explanation_hi).not.toBe('');
        expect(v.options).toEqual(q.options.map((o) => (typeof o === 'string' ? { en: o, hi: o } : o)));
        expect(v.correct.map(Number)).toEqual(q.right.map((letter) => 'ABCDEF'.indexOf(letter)));
        expect(v.keep_order).toBe(q.keepOrder ?? false);
      });
      // The two-right questions came through as two positions.
      expect(versions.filter((v) => v.correct.length === 2).length).toBeGreaterThanOrEqual(2);
    });
  });

  it('makes one sample test of each pattern, drawn from the chapters with the pattern’s figures', async () => {
    await start(dir, async (client) => {
      const tests = (
        await client.query(
          `select t.pattern, t.title_en, t.title_hi, t.kind, t.duration_minutes, t.marks_per_question, t.negative_marks, t.pass_marks, t.sample,
                  (select sum(d.count)::int from practice_test_draws d where d.test_id = t.id) as questions,
                  (select count(distinct d.chapter_id)::int from practice_test_draws d where d.test_id = t.id) as chapters
             from practice_tests t order by t.id`,
        )
      ).rows;
      expect(tests.map(({ title_en, title_hi, ...rest }) => rest)).toEqual([
        {
          pattern: 'ccc-mock',
          kind: 'drawn',
          duration_minutes: 90,
          marks_per_question: 100,
          negative_marks: 0,
          pass_marks: 5000,
          sample: true,
          questions: 100,
          chapters: 3,
        },
        {
          pattern: 'rscit-final',
          kind: 'drawn',
          duration_minutes: 60,
          marks_per_question: 200,
          negative_marks: 0,
          pass_marks: 2800,
          sample: true,
          questions: 35,
          chapters: 3,
        },
        {
          pattern: 'chapter-test',
          kind: 'drawn',
          duration_minutes: 15,
          marks_per_question: 100,
          negative_marks: 0,
          pass_marks: 600,
          sample: true,
          questions: 15,
          chapters: 1,
        },
      ]);
      for (const t of tests) {
        expect(t.title_en).toMatch(/sample/i);
        expect(t.title_hi).toContain('नमूना');
      }
      // Every draw can be met from its chapter.
      expect(
        await count(
          client,
          `select count(*) as n from practice_test_draws d
            where d.count > (select count(*) from questions q where q.chapter_id = d.chapter_id and (d.difficulty is null or q.difficulty = d.difficulty))`,
        ),
      ).toBe(0);
    });
  });

  it('adds nothing on a second start, nor after the office deleted the sample set', async () => {
    const before = { questions: 0, versions: 0, tests: 0, chapters: 0, courses: 0 };
    const second = await start(dir, async (client) => {
      before.questions = await count(client, 'select count(*) as n from questions');
      before.tests = await count(client, 'select count(*) as n from practice_tests');
      before.chapters = await count(client, 'select count(*) as n from course_chapters');
      before.courses = await count(client, 'select count(*) as n from courses');
    });
    expect(second.join('\n')).not.toContain('Sample question bank');
    expect(before).toMatchObject({ questions: 100, tests: 3, chapters: 3, courses: 1 });

    await start(dir, async (client) => {
      await client.query('delete from practice_tests where sample');
      await client.query('delete from questions where sample');
    });
    const third = await start(dir, async (client) => {
      expect(await count(client, 'select count(*) as n from questions')).toBe(0);
      expect(await count(client, 'select count(*) as n from practice_tests')).toBe(0);
    });
    expect(third.join('\n')).not.toContain('Sample question bank');
  });

  it('leaves a bank with questions of its own as it is (and never offers the set to it later)', async () => {
    await start(dir, async (client) => {
      // As if the set had never been offered to this database, which has its own question.
      await client.query(`delete from institute_settings where key = 'sample-bank'`);
      const course = (await client.query(`select id from courses limit 1`)).rows[0].id;
      const chapter = (await client.query(`select id from course_chapters where course_id = $1 limit 1`, [course])).rows[0].id;
      await client.query(`insert into questions (course_id, chapter_id, difficulty) values ($1, $2, 'easy')`, [course, chapter]);
      const lines: string[] = [];
      expect(await loadSampleBankOnce(client, { log: (line: string) => lines.push(line) })).toBeNull();
      expect(lines).toEqual([]);
      expect(await count(client, 'select count(*) as n from questions')).toBe(1);
      expect((await client.query(`select value from institute_settings where key = 'sample-bank'`)).rows[0].value).toHaveProperty('skipped');
    });
  });
});

describe('the sample bank on a database that has courses', () => {
  it('hangs on the existing RS-CIT course, and insertSampleBank reuses its chapters on a second call', async () => {
    const dir = path.join(scratch, 'courses');
    // First start with the sample bank off (SAMPLE_BANK=off does the same for the browser tests).
    await start(
      dir,
      async (client) => {
        await client.query(
          `insert into courses (title, category, price, duration, description, image) values ('Tally Prime', 'Accounting', 6000, '3 months', 'Vouchers and GST.', '')`,
        );
        await client.query(
          `insert into courses (title, category, price, duration, description, image) values ('RS-CIT (Basic)', 'Computer', 4200, '3 months', 'The RKCL course.', '')`,
        );
      },
      { sampleBank: false },
    );
    await start(dir, async (client) => {
      const rscit = (await client.query(`select id::text as id from courses where title = 'RS-CIT (Basic)'`)).rows[0].id;
      expect(await count(client, 'select count(*) as n from courses')).toBe(2);
      expect(await count(client, 'select count(*) as n from questions where course_id = $1', [rscit])).toBe(100);
      expect(await count(client, 'select count(*) as n from practice_tests where course_id = $1', [rscit])).toBe(3);

      const again = await insertSampleBank(client, { courseId: rscit });
      expect(again.courseId).toBe(rscit);
      expect(again.courseCreated).toBe(false);
      expect(Object.values(again.questionIds).flat()).toHaveLength(100);
      expect(Object.keys(again.testIds).sort()).toEqual(['ccc-mock', 'chapter-test', 'rscit-final']);
      expect(await count(client, 'select count(*) as n from course_chapters where course_id = $1', [rscit])).toBe(3);
      expect(await count(client, 'select count(*) as n from questions where course_id = $1', [rscit])).toBe(200);
    });
  });
});
