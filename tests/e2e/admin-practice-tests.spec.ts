/**
 * A practice test made and opened on a phone, as the demo Owner: the RS-CIT final mock pattern
 * fills the form in one tap (35 questions × 2 marks, 60 minutes, pass 28 of 70, spread over the
 * course's chapters), the test saves, and it opens to a batch of its course with its window and
 * how many of the batch's students started. The course's chapters, questions and batch are
 * written straight to the test server's database (the question bank has screens of its own).
 */
import { randomBytes } from 'node:crypto';
import { expectNoViolations } from './axe';
import { expect, panelHeading, test } from './admin-fixtures';
import { withClient } from './database';

test('an Owner makes an RS-CIT final mock from its pattern and opens it to a batch', async ({ page }) => {
  const tag = randomBytes(3).toString('hex');
  const batchName = `RS-CIT Morning ${tag}`;
  const courseId = await withClient(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `insert into courses (title, category, price, duration, description, image) values ($1, 'Computer', 3000, '3 months', 'RS-CIT.', '/logo.svg') returning id::text`,
      [`RS-CIT ${tag}`],
    );
    const id = rows[0]!.id;
    for (const [title, hi, count] of [
      ['Computer basics', 'कंप्यूटर की बुनियादी बातें', 30],
      ['MS Word', 'एमएस वर्ड', 20],
    ] as const) {
      const chapter = await client.query<{ id: string }>(`insert into course_chapters (course_id, title_en, title_hi) values ($1, $2, $3) returning id::text`, [
        id,
        title,
        hi,
      ]);
      const questions = await client.query<{ id: string }>(
        `insert into questions (course_id, chapter_id, difficulty) select $1, $2, 'easy' from generate_series(1, $3) returning id::text`,
        [id, chapter.rows[0]!.id, count],
      );
      await client.query(
        `insert into question_versions (question_id, version, text_en, text_hi, options, correct)
         select q, 1, 'Which key saves a file?', 'फ़ाइल कौन सी कुंजी सहेजती है?', '[{"en":"Ctrl+S","hi":"Ctrl+S"},{"en":"Ctrl+P","hi":"Ctrl+P"}]', '{0}' from unnest($1::bigint[]) q`,
        [questions.rows.map((q) => q.id)],
      );
    }
    const batch = await client.query<{ id: string }>(
      `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, seats, status)
       values ($1, $2, '2026-10-01', '2027-03-31', '{1,2,3,4,5,6}', '08:00', '09:00', 'Lab 1', 30, 'running') returning id::text`,
      [id, batchName],
    );
    for (const name of ['Sunita Sharma', 'Ravi Kumar']) {
      const student = await client.query<{ id: string }>(
        `insert into students (name, email, phone, course) values ($1, $2, '9829012345', 'RS-CIT') returning id::text`,
        [name, `${name.split(' ')[0]!.toLowerCase()}-pt-${tag}@example.in`],
      );
      await client.query('insert into batch_students (batch_id, student_id) values ($1, $2)', [batch.rows[0]!.id, student.rows[0]!.id]);
    }
    return id;
  });

  await page.goto(`/educater/tests/new?course=${courseId}`);
  await expect(panelHeading(page)).toHaveText('New practice test');
  await expect(page.getByLabel('Chapter for a chapter test')).toBeVisible();
  await page.getByRole('button', { name: 'RS-CIT final mock: 35 questions × 2 marks, 60 minutes, pass 28 of 70' }).click();
  await expect(page.getByLabel('Title in English')).toHaveValue('RS-CIT final mock');
  await expect(page.getByLabel('Title in Hindi')).toHaveValue('RS-CIT अंतिम अभ्यास परीक्षा');
  await expect(page.getByLabel('Duration (minutes)')).toHaveValue('60');
  await expect(page.getByLabel('Marks per question')).toHaveValue('2');
  await expect(page.getByLabel('Pass marks')).toHaveValue('28');
  await expect(page.getByLabel('Negative marks for a wrong answer')).toHaveValue('0');
  // 35 questions spread over the chapters by their size: 21 of 30 and 14 of 20.
  await expect(page.getByRole('spinbutton', { name: 'Questions of rule 1' })).toHaveValue('21');
  await expect(page.getByRole('spinbutton', { name: 'Questions of rule 2' })).toHaveValue('14');
  await expect(page.getByRole('spinbutton', { name: 'Questions of rule 3' })).toHaveCount(0);
  await expect(page.getByText('35 questions, 70 marks in all.')).toBeVisible();
  await expectNoViolations(page, 'a new practice test at 360px');

  await page.getByRole('button', { name: 'Save the test' }).click();
  await expect(panelHeading(page)).toHaveText('RS-CIT final mock');
  await expect(page.getByText(`RS-CIT ${tag} · RS-CIT final mock`)).toBeVisible();
  await expect(page.getByText('Not open to any batch yet')).toBeVisible();

  const form = page.getByRole('form', { name: 'Open to a batch' });
  await form.getByLabel('Batch').selectOption({ label: `${batchName} (2 students)` });
  await expect(form.getByLabel('From (India time)')).not.toHaveValue('');
  await form.getByRole('button', { name: 'Open to the batch' }).click();
  const opening = page.getByRole('region', { name: 'Batches it is open to' }).getByRole('listitem').filter({ hasText: batchName });
  await expect(opening).toContainText('Opens later');
  await expect(opening).toContainText('0 of 2 students started');
  await expect(opening.getByRole('button', { name: `Delete the opening for ${batchName}` })).toBeVisible();
  await expectNoViolations(page, 'a practice test opened to a batch at 360px');
});
