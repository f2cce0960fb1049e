/**
 * The Certificates screen on a phone, as the demo Owner: a batch's students with their
 * attendance; issuing to a student below the attendance threshold asks first, with the server's
 * warning; the certificate then links to its printable page and its verification; revoking asks
 * for a reason in a dialog naming the student. The batch and its roster are written straight to
 * the test server's database (the batch screens are tested on their own).
 */
import { randomBytes } from 'node:crypto';
import { expectNoViolations } from './axe';
import { expect, panelHeading, test } from './admin-fixtures';
import { withClient } from './database';

test('an Owner issues a certificate after the low-attendance warning, then revokes it with a reason', async ({ page }) => {
  const batchName = `Cert Batch ${randomBytes(3).toString('hex')}`;
  await withClient(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `with c as (insert into courses (title, category, price, duration, description, image) values ('Tally Prime with GST', 'Accounting', 4200, '3 months', 'A course.', '/logo.svg') returning id)
       insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, seats, status)
       select id, $1, '2026-01-05', '2026-03-27', '{1,3,5}', '09:00', '10:00', 'Room 1', 30, 'running' from c returning id::text`,
      [batchName],
    );
    const batchId = rows[0]!.id;
    const students = await client.query<{ id: string; name: string }>(
      `insert into students (name, email, course) values ('Sunita Sharma', $1, 'Tally'), ('Ravi Kumar', $2, 'Tally') returning id::text, name`,
      [`sunita-${batchName.slice(-6)}@example.in`, `ravi-${batchName.slice(-6)}@example.in`],
    );
    const [sunita, ravi] = students.rows;
    await client.query(`insert into batch_students (batch_id, student_id, status) values ($1, $2, 'completed'), ($1, $3, 'active')`, [
      batchId,
      sunita!.id,
      ravi!.id,
    ]);
    // 8 of 13 classes: 61%, below the threshold of 75% (Settings).
    await client.query(`insert into class_days (batch_id, day) select $1, '2026-01-05'::date + i from generate_series(0, 12) i`, [batchId]);
    await client.query(
      `insert into attendance (batch_id, student_id, day, mark) select $1, $2, '2026-01-05'::date + i, case when i < 8 then 'present' else 'absent' end from generate_series(0, 12) i`,
      [batchId, sunita!.id],
    );
  });

  await page.goto('/adminCertificates');
  await expect(panelHeading(page)).toHaveText('Certificates');
  await page.getByLabel('Batch').selectOption({ label: `${batchName} · Tally Prime with GST · Running` });
  const sunita = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Sunita Sharma' }) });
  const ravi = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Ravi Kumar' }) });
  await expect(sunita).toContainText('Attendance 61% (13 classes), below 75%');
  await expect(ravi).toContainText('Not completed yet');
  await expectNoViolations(page, 'the Certificates screen with a batch at 360px');

  await sunita.getByLabel('Grade (optional)').fill('B');
  await sunita.getByRole('button', { name: 'Issue certificate to Sunita Sharma' }).click();
  const confirm = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(confirm).toContainText('Sunita Sharma’s attendance is 61%, below 75%. Issue the certificate anyway?');
  await confirm.getByRole('button', { name: 'Issue anyway' }).click();
  await expect(sunita).toContainText(/PCI-\d{4}-[2-9A-HJKMNP-Z]{6} · Tally Prime with GST · issued .+ · Valid/);
  const number = /PCI-\d{4}-[2-9A-HJKMNP-Z]{6}/.exec((await sunita.textContent()) ?? '')![0];
  await expect(sunita.getByRole('link', { name: /^Print/ })).toHaveAttribute('href', `/certificate/${number}/print`);
  await expect(sunita.getByRole('link', { name: /^Verify/ })).toHaveAttribute('href', `/certificate/${number}`);

  await sunita.getByRole('button', { name: 'Revoke the certificate of Sunita Sharma' }).click();
  const revoke = page.getByRole('dialog', { name: 'Revoke the certificate of Sunita Sharma?' });
  await revoke.getByLabel('Reason').fill('abc');
  await revoke.getByRole('button', { name: 'Revoke certificate' }).click();
  await expect(revoke.getByRole('alert')).toContainText('at least 5 characters');
  await expectNoViolations(page, 'the revocation dialog at 360px');
  await revoke.getByLabel('Reason').fill('Issued before the final test was marked.');
  await revoke.getByRole('button', { name: 'Revoke certificate' }).click();
  await expect(revoke).toBeHidden();
  await expect(sunita).toContainText('Revoked on');
  await expect(sunita).toContainText('Issued before the final test was marked.');
  // A new certificate may be issued after a revocation.
  await expect(sunita.getByRole('button', { name: 'Issue certificate to Sunita Sharma' })).toBeVisible();
});
