/**
 * Students Enrolled on a phone, as the demo Owner: a batch's results show each student's best
 * score in marks with pass or fail in words, and "Not attempted" for who has none; the screen is
 * axe clean at 360 px. Then the certificate form offers the best score as the marks, one student's
 * and the batch's at once. The test, its
 * opening and the attempts are written straight to the test server's database (the attempt's own
 * screens are tested on their own).
 */
import { randomBytes } from 'node:crypto';
import { expectNoViolations } from './axe';
import { expect, panelHeading, test } from './admin-fixtures';
import { withClient } from './database';

test('a batch’s results show a best score and who has not attempted; the certificate form offers the score as marks', async ({ page }) => {
  const tag = randomBytes(3).toString('hex');
  const batchName = `Mock Batch ${tag}`;
  const batchId = await withClient(async (client) => {
    const one = async (sql: string, params: unknown[]) => (await client.query<{ id: string }>(sql, params)).rows[0]!.id;
    const course = await one(
      `insert into courses (title, category, price, duration, description, image) values ($1, 'Computer', 4200, '3 months', 'A course.', '/logo.svg') returning id::text`,
      [`RS-CIT ${tag}`],
    );
    const chapter = await one(`insert into course_chapters (course_id, title_en, title_hi) values ($1, 'Basics', 'मूल बातें') returning id::text`, [course]);
    const question = await one(`insert into questions (course_id, chapter_id, difficulty) values ($1, $2, 'easy') returning id::text`, [course, chapter]);
    await client.query(
      `insert into question_versions (question_id, version, text_en, text_hi, options, correct)
       values ($1, 1, 'Which is an input device?', 'इनपुट डिवाइस कौन सा है?', '[{"en":"Keyboard","hi":"कीबोर्ड"},{"en":"Monitor","hi":"मॉनिटर"}]', '{0}')`,
      [question],
    );
    const testId = await one(
      `insert into practice_tests (course_id, title_en, title_hi, kind, duration_minutes, marks_per_question, pass_marks) values ($1, 'RS-CIT final mock', 'आरएस-सीआईटी अंतिम मॉक', 'fixed', 60, 200, 100) returning id::text`,
      [course],
    );
    await client.query('insert into practice_test_questions (test_id, position, question_id) values ($1, 1, $2)', [testId, question]);
    const batch = await one(
      `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, seats, status)
       values ($1, $2, '2026-01-05', '2026-03-27', '{1,2,3,4,5,6,7}', '09:00', '10:00', 'Room 1', 30, 'completed') returning id::text`,
      [course, batchName],
    );
    const opening = await one(
      `insert into practice_test_openings (test_id, batch_id, opens_at, closes_at, opened_by_name) values ($1, $2, now() - interval '2 days', now() + interval '2 days', 'Owner') returning id::text`,
      [testId, batch],
    );
    for (const name of ['Sunita Sharma', 'Ravi Kumar']) {
      const student = await one(`insert into students (name, email, course) values ($1, '', 'RS-CIT') returning id::text`, [name]);
      await client.query(`insert into batch_students (batch_id, student_id, status) values ($1, $2, 'completed')`, [batch, student]);
      if (name !== 'Sunita Sharma') continue;
      const attempt = await one(
        `insert into practice_attempts (opening_id, test_id, student_id, number, paper, terms, started_at, deadline_at, submitted_at, submitted_by, score, max_score, passed)
         values ($1, $2, $3, 1, $4::jsonb, '{"marks":200,"negative":0,"pass":100,"showAnswers":true}', now() - interval '1 hour', now(), now() - interval '30 minutes', 'student', 200, 200, true)
         returning id::text`,
        [opening, testId, student, JSON.stringify([{ q: Number(question), v: 1, chapter: Number(chapter), order: [1, 0] }])],
      );
      await client.query(`insert into practice_answers (attempt_id, position, chosen, answered_at) values ($1, 1, '{0}', now())`, [attempt]);
    }
    return batch;
  });

  await page.goto(`/educater/student-enrolled?batch=${batchId}`);
  await expect(panelHeading(page)).toHaveText('Students Enrolled');
  const results = page.getByRole('region', { name: `Practice test results of ${batchName}` });
  const row = (name: string) => results.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
  await expect(row('Sunita Sharma')).toContainText('Best 2 / 2, passed');
  await expect(row('Sunita Sharma')).toContainText('1 attempt');
  await expect(row('Ravi Kumar')).toContainText('Not attempted');
  // The figures of the one question: asked once, right once.
  await page.getByLabel('Test', { exact: true }).selectOption({ label: 'RS-CIT final mock' });
  await expect(page.getByRole('listitem').filter({ hasText: 'Which is an input device?' })).toContainText('Asked 1, answered 1, right 1 (100%).');
  await expectNoViolations(page, 'Students Enrolled at 360px');

  await page.goto(`/adminCertificates?batch=${batchId}`);
  const form = page.getByRole('form', { name: 'Issue a certificate to Sunita Sharma' });
  await expect(form).toContainText('Best mock score: 2 / 2 (RS-CIT final mock, passed)');
  await form.getByRole('button', { name: 'Use as marks for Sunita Sharma' }).click();
  await expect(form.getByLabel('Marks (optional)')).toHaveValue('2 / 2');
  // At once for the batch: the staff choose the test whose best goes on as marks.
  await page.getByRole('button', { name: 'Issue certificates for this batch' }).click();
  const atOnce = page.getByRole('form', { name: `Issue the certificates of ${batchName}` });
  await atOnce.getByLabel('Marks on the certificates').selectOption({ label: 'Each student’s best score in RS-CIT final mock' });
  await expect(atOnce.getByRole('listitem').filter({ hasText: 'Sunita Sharma' })).toContainText('marks 2 / 2');
});
