/**
 * The question bank on a phone (360 px), as the demo Owner: a bilingual question added with the
 * form is found again by a Hindi word; a small workbook is checked and imported. The course and
 * its chapter are written straight to the test server's database (the chapters' functions are
 * tested in tests/api/practice-questions.test.ts).
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import writeXlsxFile from 'write-excel-file/node';
import { expectNoViolations } from './axe';
import { expect, panelHeading, test } from './admin-fixtures';
import { withClient } from './database';

/** How wide the page is (nothing may scroll sideways on a 360 px phone). */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test('an Owner adds a bilingual question, finds it by a Hindi word, and imports a small workbook', async ({ page }) => {
  const tag = randomBytes(3).toString('hex');
  const course = `Bank Course ${tag}`;
  await withClient(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `insert into courses (title, category, price, duration, description, image) values ($1, 'Computer', 4200, '3 months', 'A course.', '/logo.svg') returning id::text`,
      [course],
    );
    await client.query(`insert into course_chapters (course_id, title_en, title_hi, position) values ($1, 'Computer basics', 'कंप्यूटर की बुनियादी बातें', 1)`, [
      rows[0]!.id,
    ]);
  });
  const word = `कुंजीपटल${tag}`;

  await page.goto('/educater/questions');
  await expect(panelHeading(page)).toHaveText('Question bank');
  await page.getByRole('button', { name: 'Add a question' }).click();
  await expect(panelHeading(page)).toHaveText('Add a question');
  await page.getByLabel('Course').selectOption({ label: course });
  await page.getByLabel('Chapter').selectOption({ label: 'Computer basics (कंप्यूटर की बुनियादी बातें)' });
  await page.getByLabel('Question in English').fill(`Which device is used to type text? ${tag}`);
  await page.getByLabel('Question in Hindi').fill(`टेक्स्ट टाइप करने के लिए कौन सा उपकरण (${word}) काम आता है?`);
  await page.getByLabel('Option 1 in English').fill('Keyboard');
  await page.getByLabel('Option 1 in Hindi').fill('कीबोर्ड');
  await page.getByLabel('Option 2 in English').fill('Monitor');
  await page.getByLabel('Option 2 in Hindi').fill('मॉनिटर');
  await page.getByLabel('Option 1 is right').check();
  expect(await sideways(page)).toBeLessThanOrEqual(360);
  await expectNoViolations(page, 'the question form at 360px');
  await page.getByRole('button', { name: 'Add the question' }).click();

  await expect(page.getByRole('status').filter({ hasText: /Question #\d+ added to Computer basics\./ })).toBeVisible();
  await page.getByLabel('Search').fill(word);
  const found = page.getByRole('list', { name: 'Questions' }).getByRole('listitem');
  await expect(found).toHaveCount(1);
  await expect(found).toContainText(`Which device is used to type text? ${tag}`);
  expect(await sideways(page)).toBeLessThanOrEqual(360);
  await expectNoViolations(page, 'the question bank at 360px');

  await page.getByRole('link', { name: 'Import questions' }).click();
  await expect(panelHeading(page)).toHaveText('Import questions');
  const headings = [
    'Course',
    'Chapter',
    'Question (English)',
    'Question (Hindi)',
    'Option 1 (English)',
    'Option 1 (Hindi)',
    'Option 2 (English)',
    'Option 2 (Hindi)',
    'Right option(s)',
  ];
  const row = [
    course,
    'Computer basics',
    `What does CPU stand for? ${tag}`,
    'CPU का पूरा नाम क्या है?',
    'Central Processing Unit',
    'सेंट्रल प्रोसेसिंग यूनिट',
    'Computer Power Unit',
    'कंप्यूटर पावर यूनिट',
    '1',
  ];
  const buffer = await writeXlsxFile([headings, row].map((cells) => cells.map((value) => ({ value, type: String })))).toBuffer();
  await page.getByLabel('The questions’ file (.xlsx or .csv)').setInputFiles({ name: `bank-${tag}.xlsx`, mimeType: 'application/octet-stream', buffer });
  await expect(page.getByText('Every row is right.')).toBeVisible();
  expect(await sideways(page)).toBeLessThanOrEqual(360);
  await expectNoViolations(page, 'the question import preview at 360px');
  await page.getByRole('button', { name: 'Import 1 question' }).click();
  await expect(page.getByText(`1 question imported from bank-${tag}.xlsx.`)).toBeVisible();
});
