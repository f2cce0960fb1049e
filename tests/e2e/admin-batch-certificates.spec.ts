/**
 * A completed batch's certificates at once, on a phone, as the demo Owner: the screen lists who is
 * ready, who is below the threshold (issued only with a tick and a reason) and leaves out who left;
 * one button issues them all; each student's WhatsApp message opens one after the other; the
 * printable file holds one A4 sheet per certificate. The batch is written straight to the test
 * server's database (the batch screens are tested on their own).
 */
import { randomBytes } from 'node:crypto';
import { expectNoViolations } from './axe';
import { expect, panelHeading, test } from './admin-fixtures';
import { withClient } from './database';

test('an Owner issues a batch’s certificates at once and prints them, one page each', async ({ page }) => {
  const tag = randomBytes(3).toString('hex');
  const batchName = `Bulk Batch ${tag}`;
  const batchId = await withClient(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `with c as (insert into courses (title, category, price, duration, description, image) values ('Tally Prime with GST', 'Accounting', 4200, '3 months', 'A course.', '/logo.svg') returning id)
       insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, seats, status)
       select id, $1, '2026-01-05', '2026-03-27', '{1,2,3,4,5,6,7}', '09:00', '10:00', 'Room 1', 30, 'completed' from c returning id::text`,
      [batchName],
    );
    const id = rows[0]!.id;
    await client.query(`insert into class_days (batch_id, day) select $1, '2026-01-05'::date + i from generate_series(0, 9) i`, [id]);
    const people = [
      ['Sunita Sharma', 'active', 9, 'en'],
      ['Ravi Kumar', 'completed', 10, 'hi'],
      ['Meena Joshi', 'active', 8, 'en'],
      ['Arjun Singh', 'active', 5, 'en'],
      ['Kiran Rao', 'left', 9, 'en'],
    ] as const;
    for (const [name, status, present, language] of people) {
      const student = await client.query<{ id: string }>(
        `insert into students (name, email, phone, course, language) values ($1, $2, '9829012345', 'Tally', $3) returning id::text`,
        [name, `${name.split(' ')[0]!.toLowerCase()}-${tag}@example.in`, language],
      );
      const studentId = student.rows[0]!.id;
      await client.query('insert into batch_students (batch_id, student_id, status) values ($1, $2, $3)', [id, studentId, status]);
      await client.query(
        `insert into attendance (batch_id, student_id, day, mark) select $1, $2, '2026-01-05'::date + i, case when i < $3 then 'present' else 'absent' end from generate_series(0, 9) i`,
        [id, studentId, present],
      );
    }
    return id;
  });

  await page.goto(`/adminCertificates?batch=${batchId}`);
  await expect(panelHeading(page)).toHaveText('Certificates');
  await page.getByRole('button', { name: 'Issue certificates for this batch' }).click();
  const form = page.getByRole('form', { name: `Issue the certificates of ${batchName}` });
  await expect(form.getByRole('heading', { name: 'Ready to issue (3)' })).toBeVisible();
  await expect(form).toContainText('Ravi Kumar: attendance 100% (10 classes)');
  await expect(form.getByRole('heading', { name: 'Below the 75% threshold (1)' })).toBeVisible();
  await expect(form).toContainText('1 student left the batch and is not offered one.');
  await expect(form).not.toContainText('Kiran Rao');
  await expect(form.getByRole('button', { name: 'Issue 3 certificates' })).toBeVisible();

  await form.getByRole('checkbox', { name: 'Issue anyway to Arjun Singh' }).check();
  await form.getByRole('button', { name: 'Issue 4 certificates' }).click();
  await expect(form.getByLabel('Reason for Arjun Singh')).toHaveAccessibleDescription(/at least 5 characters/);
  await form.getByLabel('Reason for Arjun Singh').fill('Passed the final test after a month in hospital.');
  await expectNoViolations(page, 'a batch’s certificates at once at 360px');
  await form.getByRole('button', { name: 'Issue 4 certificates' }).click();

  const told = page.getByRole('region', { name: 'Tell the students' });
  await expect(told.getByRole('status')).toHaveText(`4 certificates issued for batch ${batchName}.`);
  const links = told.getByRole('link', { name: /^Open WhatsApp/ });
  await expect(links).toHaveCount(4);
  const ravi = told.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Ravi Kumar' }) });
  await expect(ravi).toContainText('Hindi');
  await expect(ravi.getByRole('link')).toHaveAttribute('href', /^https:\/\/wa\.me\/919829012345\?text=%E0%A4%A8%E0%A4%AE/);
  // One after the other: back from WhatsApp, the next student's message has the focus.
  await page.context().route('https://wa.me/**', (route) => route.fulfill({ body: 'WhatsApp' }));
  const popup = page.waitForEvent('popup');
  await links.first().click();
  await (await popup).close();
  await expect(told.getByRole('link', { name: /^Opened in WhatsApp/ })).toHaveCount(1);
  await expect(told.getByRole('link', { name: /2 of 4/ })).toBeFocused();
  await expectNoViolations(page, 'the students to tell at 360px');

  // The printable file: one certificate per A4 sheet.
  await page.goto(`/certificates/print?batch=${batchId}`);
  await expect(page.getByRole('status')).toHaveText(`4 certificates of ${batchName}, one per page. Print them on A4 (landscape) for signing.`);
  await expect(page.getByRole('article', { name: 'Certificate' })).toHaveCount(4);
  await expectNoViolations(page, 'a batch’s printable certificates at 360px');
  const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
  expect(pdf.match(/\/Type\s*\/Page\b/g)).toHaveLength(4);
});
