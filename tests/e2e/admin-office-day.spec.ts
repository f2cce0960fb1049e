/**
 * The office's day in bulk, on 360 px phones, by the Owner (the demo admin) and an Accountant of
 * their own: the Owner imports a class of 30 from the office's workbook into a batch with a fee
 * plan; the Accountant admits one more walk-in at the counter and collects the first instalment in
 * cash; the Owner takes the day's attendance (one student absent), completes the batch and issues
 * its certificates at once — the absent student, below the attendance threshold, left out — and
 * opens the printable file of one sheet per certificate; the Accountant asks to refund ₹1,000 of
 * the walk-in's payment, the Owner approves, the Accountant pays it back in cash; and the Owner
 * closes the Accountant's day: ₹3,000 taken, ₹1,000 paid back, ₹2,000 handed over.
 *
 * Each screen is tested on its own (admin-student-import, admin-walk-in, admin-attendance,
 * admin-batch-certificates, admin-refunds, admin-cash-book); this is the day they make together.
 * Only the course, the batch and its plan are written straight to the database.
 */
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import writeXlsxFile from 'write-excel-file/node';
import { indiaToday } from '../../src/lib/schemas/real-day';
import { clientAddress, expect, inviteColleague, panelHeading, signInFirstTime, SIGNED_OUT, test, uniqueLetters } from './admin-fixtures';
import { holidayOn, withClient } from './database';

const PHONE = { width: 360, height: 740 };

/** How wide the page is (nothing may scroll sideways on a 360 px phone). */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** A phone-sized browser of its own, signed out, posing as a client address of its own. */
async function phoneOf(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseURL ?? '',
    viewport: PHONE,
    storageState: SIGNED_OUT,
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
  });
  return context.newPage();
}

/** An Indian mobile number of its own (10 digits, starting 7). */
const mobile = () => `7${String(randomBytes(4).readUInt32BE(0) % 1e9).padStart(9, '0')}`;

test('an office’s day: 30 imported, a walk-in, attendance, the batch’s certificates at once, a refund and the day’s cash closed', async ({
  page,
  adminApi,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const holiday = await holidayOn(indiaToday());
  test.skip(Boolean(holiday), `${holiday ?? ''} is a holiday of the institute's calendar: no register can be taken today.`);

  const tag = uniqueLetters();
  const course = `Office Day Tally ${tag}`;
  const batch = `Office Day Morning ${tag}`;
  const batchId = await withClient(async (client) => {
    const [c] = (
      await client.query<{ id: string }>(
        `insert into courses (title, category, price, duration, description, image) values ($1, 'Accounting', 6000, '2 months', 'Vouchers and GST.', '/logo.svg') returning id::text`,
        [course],
      )
    ).rows;
    // A batch meeting every day, begun a week ago: today's register can be taken whatever the weekday.
    const [b] = (
      await client.query<{ id: string }>(
        `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, seats, status)
         values ($1, $2, (now() at time zone 'Asia/Kolkata')::date - 7, (now() at time zone 'Asia/Kolkata')::date + 60, '{1,2,3,4,5,6,7}', '07:00', '08:00', $3, 40, 'running')
         returning id::text`,
        [c!.id, batch, `Lab ${tag}`],
      )
    ).rows;
    const [p] = (await client.query<{ id: string }>(`insert into fee_plans (batch_id, total_paise) values ($1, 600000) returning id::text`, [b!.id])).rows;
    await client.query(`insert into fee_plan_instalments (plan_id, seq, amount_paise, due_months) values ($1, 1, 300000, 0), ($1, 2, 300000, 1)`, [p!.id]);
    return b!.id;
  });

  const accountant = await inviteColleague(adminApi, tag, 'accountant');
  const counter = await phoneOf(browser, baseURL);
  await signInFirstTime(counter, accountant);

  await test.step('the Owner imports the class of 30 from the office’s workbook', async () => {
    const names = Array.from({ length: 30 }, (_, i) =>
      i % 3 === 0 ? `सुनीता ${tag} ${'कखगघचछजझटठ'[i / 3]}` : `Student ${tag} ${'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[i % 26]}${'abcd'[Math.floor(i / 26)]}`,
    );
    const rows = names.map((name, i) => [name, mobile(), i % 2 === 0 ? `student.${tag.toLowerCase()}.${i}@example.in` : '', course, batch, '']);
    const workbook = await writeXlsxFile(
      [['Name', 'Mobile', 'E-mail', 'Course', 'Batch', 'Joining day'], ...rows].map((cells) => cells.map((value) => ({ value, type: String }))),
    ).toBuffer();
    await page.goto('/student-list/import');
    await expect(panelHeading(page)).toHaveText('Import students');
    await page
      .getByLabel('The students’ file (.xlsx or .csv)')
      .setInputFiles({ name: `class of ${tag}.xlsx`, mimeType: 'application/octet-stream', buffer: workbook });
    await expect(page.getByRole('table', { name: /Rows ready to import \(30\)/ })).toBeVisible();
    await page.getByRole('button', { name: 'Import 30 students' }).click();
    await expect(page.getByText(`30 students imported from class of ${tag}.xlsx.`)).toBeVisible();
    expect(await sideways(page)).toBeLessThanOrEqual(360);
  });

  const walkIn = `Kavita ${tag}`;
  let walkInFees = '';
  await test.step('the Accountant admits a walk-in into the batch and collects the first instalment in cash', async () => {
    await counter.goto('/fees/walk-in');
    await expect(panelHeading(counter)).toHaveText('Walk-in admission');
    await counter.getByLabel('Name', { exact: true }).fill(walkIn);
    await counter.getByLabel('Mobile', { exact: true }).fill(mobile());
    await counter.getByLabel('Course', { exact: true }).selectOption({ label: course });
    // 30 of the 40 seats are taken by the import.
    await counter.getByLabel('Batch with a free seat').selectOption({ label: `${batch}, 07:00–08:00: 10 seats left` });
    await expect(counter.getByLabel('Amount (₹)')).toHaveValue('3000');
    await counter.getByRole('button', { name: 'Admit and collect ₹3,000' }).click();
    await expect(counter.getByRole('status').filter({ hasText: 'admitted to' })).toContainText(
      `${walkIn} admitted to ${batch} (2 dues from the fee plan). Receipt `,
    );
    await expect(counter.getByRole('link', { name: `WhatsApp English message to ${walkIn}` })).toHaveAttribute('href', /^https:\/\/wa\.me\/917\d{9}\?text=/);
    walkInFees = (await counter.getByRole('link', { name: `${walkIn}’s fees` }).getAttribute('href')) ?? '';
    expect(await sideways(counter)).toBeLessThanOrEqual(360);
  });

  const absent = `Student ${tag} Ba`;
  await test.step('the Owner takes today’s attendance: 31 students, one absent', async () => {
    await page.goto('/classes');
    await expect(panelHeading(page)).toHaveText('Today’s classes');
    const card = page.getByRole('link', { name: new RegExp(`^${batch}`) });
    await expect(card).toContainText('31 students');
    await card.click();
    await expect(panelHeading(page)).toHaveText(`Register: ${batch}`);
    await page.getByRole('button', { name: new RegExp(`^${absent}`) }).click();
    await expect(page.getByText('30 present, 1 absent')).toBeVisible();
    const saved = page.waitForResponse((r) => r.url().includes(`/api/admin/batches/${batchId}/attendance/`) && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Save attendance' }).click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByRole('region', { name: 'Absent (1)' })).toBeVisible();
  });

  await test.step('the Owner completes the batch and issues its certificates at once, the absent student left out, then opens them to print', async () => {
    await page.goto('/batches');
    await expect(panelHeading(page)).toHaveText('Batch List');
    await page.getByRole('link', { name: `Edit ${batch}` }).click();
    await page.getByLabel('Status').selectOption({ label: 'Completed' });
    await page.getByRole('button', { name: 'Save Batch' }).click();
    await expect(page.getByText('Batch updated.')).toBeVisible();

    await page.goto(`/adminCertificates?batch=${batchId}`);
    await expect(panelHeading(page)).toHaveText('Certificates');
    await page.getByRole('button', { name: 'Issue certificates for this batch' }).click();
    const form = page.getByRole('form', { name: `Issue the certificates of ${batch}` });
    await expect(form.getByRole('heading', { name: 'Ready to issue (30)' })).toBeVisible();
    await expect(form.getByRole('heading', { name: 'Below the 75% threshold (1)' })).toBeVisible();
    await expect(form.getByRole('checkbox', { name: `Issue anyway to ${absent}` })).not.toBeChecked();
    await form.getByRole('button', { name: 'Issue 30 certificates' }).click();
    const told = page.getByRole('region', { name: 'Tell the students' });
    await expect(told.getByRole('status')).toHaveText(
      `30 certificates issued for batch ${batch}. 1 below the attendance threshold was left without one (not ticked).`,
    );
    await expect(told.getByRole('link', { name: /^Open WhatsApp/ })).toHaveCount(30);
    expect(await sideways(page)).toBeLessThanOrEqual(360);

    await page.goto(`/certificates/print?batch=${batchId}`);
    await expect(page.getByRole('status')).toHaveText(`30 certificates of ${batch}, one per page. Print them on A4 (landscape) for signing.`);
    await expect(page.getByRole('article', { name: 'Certificate' })).toHaveCount(30);
    await expect(page.getByRole('article', { name: 'Certificate' }).filter({ hasText: absent })).toHaveCount(0);
  });

  await test.step('₹1,000 of the walk-in’s payment refunded: the Accountant asks, the Owner approves, the Accountant pays it back in cash', async () => {
    await counter.goto(walkInFees);
    await expect(panelHeading(counter)).toHaveText(`Fees of ${walkIn}`);
    await counter.getByRole('button', { name: /^Refund… from PCI/ }).click();
    await counter.getByLabel('Amount to refund (₹)').fill('1000');
    await counter.getByLabel('Why is it refunded?').fill('Moved to the evening batch of another institute; the Owner agreed.');
    await counter.getByRole('button', { name: 'Ask the Owner' }).click();
    await expect(counter.getByRole('heading', { name: 'Refund · Waiting for the Owner' })).toBeVisible();

    await page.goto(walkInFees);
    await expect(panelHeading(page)).toHaveText(`Fees of ${walkIn}`);
    await page.getByRole('button', { name: `Approve the refund of ₹1,000 to ${walkIn}` }).click();
    await expect(page.getByRole('heading', { name: /^Refund · Approved/ })).toBeVisible();

    await counter.reload();
    await counter.getByRole('button', { name: `Record payment… of the refund of ₹1,000 to ${walkIn}` }).click();
    await counter.getByRole('button', { name: 'Record ₹1,000 paid back' }).click();
    await expect(counter.getByRole('heading', { name: /^Refund voucher PCI\/RF\/\d\d-\d\d\/\d{4} · Paid$/ })).toBeVisible();
    expect(await sideways(counter)).toBeLessThanOrEqual(360);
  });

  await test.step('the Owner closes the Accountant’s day: ₹3,000 in cash taken, ₹1,000 paid back, ₹2,000 handed over', async () => {
    await page.goto('/fees/cash-book');
    await expect(panelHeading(page)).toHaveText('Cash book');
    const card = page.getByRole('article', { name: accountant.name });
    await expect(card.locator('.cash-card__due dd')).toHaveText('₹2,000');
    await card.getByRole('button', { name: `Record ${accountant.name}’s hand-over` }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`^${accountant.name}’s cash of `) });
    await expect(dialog.getByLabel('Cash counted (₹)')).toHaveValue('2000');
    await dialog.getByRole('button', { name: 'Record the hand-over' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByText(/Handed over to .+: ₹2,000 counted/)).toBeVisible();
    expect(await sideways(page)).toBeLessThanOrEqual(360);
  });
  await counter.context().close();
});
