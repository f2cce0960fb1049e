/**
 * Collect fees at the counter on a phone, as an Accountant: search a student by name, open them
 * (one tap), and collect the amount filled in, in cash (a second tap): the receipt number shows
 * with its Print link, and the balance goes down. The student and their dues are written straight
 * to the test server's database (the plans are tested on their own).
 */
import { randomBytes } from 'node:crypto';
import { expectNoViolations } from './axe';
import { expect, inviteColleague, panelHeading, signInFirstTime, SIGNED_OUT, test } from './admin-fixtures';
import { withClient } from './database';

test.describe('as an Accountant', () => {
  test.use({ storageState: SIGNED_OUT });

  test('an Accountant finds a student and collects a cash part payment in two taps, and sees the receipt number', async ({ page, adminApi }) => {
    const tag = randomBytes(3).toString('hex');
    const name = `Kiran Fees${tag}`;
    await withClient(async (client) => {
      const [student] = (
        await client.query<{ id: string }>(
          `insert into students (name, email, phone, course) values ($1, $2, '9829055501', 'Tally Prime') returning id::text`,
          [name, `kiran-${tag}@example.in`],
        )
      ).rows;
      // ₹3,000 fell due five days ago (overdue), ₹3,000 falls due next month.
      await client.query(
        `insert into fee_dues (reference, student_id, seq, label, amount_paise, due_on) values
           ($1, $3, 1, 'Instalment 1 of 2', 300000, (now() at time zone 'Asia/Kolkata')::date - 5),
           ($2, $3, 2, 'Instalment 2 of 2', 300000, (now() at time zone 'Asia/Kolkata')::date + 30)`,
        [`E${tag}1`, `E${tag}2`, student!.id],
      );
    });
    const accountant = await inviteColleague(adminApi, 'Accountant', 'accountant');
    await signInFirstTime(page, accountant);

    await page.goto('/fees');
    await expect(panelHeading(page)).toHaveText('Collect fees');
    await page.getByLabel('Find a student').fill(`fees${tag}`);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: name })).toContainText('Owes ₹6,000 · ₹3,000 overdue');
    await expectNoViolations(page, 'the Collect fees search at 360px');

    // Tap 1: the student; tap 2: Collect the amount filled in, in cash.
    await page.getByRole('link', { name }).click();
    await expect(panelHeading(page)).toHaveText(`Fees of ${name}`);
    await expect(page.getByLabel('Amount (₹)')).toHaveValue('3000');
    await expectNoViolations(page, 'a student’s fees at 360px');
    await page.getByRole('button', { name: 'Collect ₹3,000' }).click();

    const made = page.getByRole('status').filter({ hasText: 'Receipt PCI/' });
    await expect(made).toContainText(/Receipt PCI\/\d{2}-\d{2}\/\d{5}: ₹3,000 in cash received from Kiran Fees\w+\./);
    const number = /PCI\/\d{2}-\d{2}\/\d{5}/.exec((await made.textContent()) ?? '')![0];
    await expect(made.getByRole('link', { name: `Print receipt ${number}` })).toHaveAttribute('target', '_blank');
    // The receipt's WhatsApp notice to the student, with the amount and the number, on their mobile.
    const notice = made.getByRole('link', { name: `WhatsApp English message to ${name}` });
    await expect(notice).toHaveAttribute('href', /^https:\/\/wa\.me\/919829055501\?text=/);
    expect(decodeURIComponent((await notice.getAttribute('href'))!.split('text=')[1]!)).toContain(`We have received ₹3,000 in cash on `);
    expect(decodeURIComponent((await notice.getAttribute('href'))!.split('text=')[1]!)).toContain(`Your receipt number is ${number}.`);
    await expect(page.getByRole('heading', { name: `Receipt ${number} · Valid` })).toBeVisible();
    await expect(page.getByRole('definition').nth(2)).toHaveText('₹3,000');
    await expectNoViolations(page, 'the receipt made at 360px');

    // A due besides the plan's: checked before it is sent, then listed with the others.
    await page.getByText('Add a due (an exam fee, a book)').click();
    await page.getByLabel('What it is for (e.g. Exam fee)').fill('Ex');
    await page.getByRole('button', { name: 'Add the due' }).click();
    await expect(page.getByLabel('What it is for (e.g. Exam fee)')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('What it is for (e.g. Exam fee)')).toHaveValue('Ex');
    await page.getByLabel('What it is for (e.g. Exam fee)').fill('Exam fee');
    await page.getByLabel('Amount of the due (₹)').fill('500');
    await page.getByLabel('Why it is added (kept in the audit log)').fill('RS-CIT exam in January');
    await page.getByRole('button', { name: 'Add the due' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Exam fee of ₹500 added as due' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Exam fee', exact: true })).toBeVisible();
    await expectNoViolations(page, 'a due added at 360px');
  });
});
