/**
 * Import students on a phone, as the demo Owner: a workbook with one bad row is checked and the
 * problem named by row and column, nothing offered to import; the corrected workbook chosen again
 * shows every row ready and imports them, with each student's name and batch. The course and
 * batch are written straight to the test server's database (their screens are tested on their own).
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import writeXlsxFile from 'write-excel-file/node';
import { expectNoViolations } from './axe';
import { expect, panelHeading, test } from './admin-fixtures';
import { withClient } from './database';

const HEADINGS = ['Name', 'Mobile', 'E-mail', 'Course', 'Batch', 'Joining day'];

/** How wide the page is (nothing may scroll sideways on a 360 px phone). */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** A workbook of `rows` under the template's headings. */
const workbook = async (rows: string[][]) => writeXlsxFile([HEADINGS, ...rows].map((cells) => cells.map((value) => ({ value, type: String })))).toBuffer();

test('an Owner imports a workbook: the bad row is named, the corrected file imports every student', async ({ page }) => {
  const tag = randomBytes(3).toString('hex');
  const course = `Import Course ${tag}`;
  const batch = `Import Batch ${tag}`;
  await withClient(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `insert into courses (title, category, price, duration, description, image) values ($1, 'Computer', 4200, '3 months', 'A course.', '/logo.svg') returning id::text`,
      [course],
    );
    await client.query(
      `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, seats, status)
       values ($1, $2, current_date - 10, current_date + 80, '{1,3,5}', '07:00', '08:00', 'Lab ${tag}', 20, 'running')`,
      [rows[0]!.id, batch],
    );
  });
  const serial = String(Date.now()).slice(-6);
  const sunita = ['सुनीता शर्मा', `9${serial}101`.slice(0, 10), `sunita.${tag}@example.in`, course, batch, ''];
  const ravi = (mobile: string) => ['Ravi Kumar', mobile, `ravi.${tag}@example.in`, course, batch, ''];

  await page.goto('/student-list/import');
  await expect(panelHeading(page)).toHaveText('Import students');
  const file = page.getByLabel('The students’ file (.xlsx or .csv)');
  await file.setInputFiles({ name: 'students.xlsx', mimeType: 'application/octet-stream', buffer: await workbook([sunita, ravi('98765 4321')]) });
  const problems = page.getByRole('list').filter({ has: page.getByText('Row 3: Ravi Kumar') });
  await expect(problems).toContainText('Mobile: 98765 4321 has 9 digits; a mobile number has 10.');
  await expect(page.getByRole('button', { name: /^Import/ })).toHaveCount(0);
  expect(await sideways(page)).toBeLessThanOrEqual(360);
  await expectNoViolations(page, 'the import preview with a problem at 360px');

  await file.setInputFiles({
    name: 'students.xlsx',
    mimeType: 'application/octet-stream',
    buffer: await workbook([sunita, ravi(`8${serial}202`.slice(0, 10))]),
  });
  await expect(page.getByRole('table', { name: /Rows ready to import \(2\)/ })).toBeVisible();
  expect(await sideways(page)).toBeLessThanOrEqual(360);
  await page.getByRole('button', { name: 'Import 2 students' }).click();
  await expect(page.getByText('2 students imported from students.xlsx.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Fees of सुनीता शर्मा' })).toBeVisible();
  await expectNoViolations(page, 'the import result at 360px');
});
