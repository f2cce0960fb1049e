/**
 * The Fee plans screen on a phone, as the demo Owner: a plan for a course of ₹9,000 split into 3
 * monthly instalments with the helper, then listed with its instalments in words; and a student's
 * due changed with a scholarship and the late fee waived. The course and the due are written
 * straight to the test server's database (the courses screen and the batches are tested on their own).
 */
import { randomBytes } from 'node:crypto';
import { expectNoViolations } from './axe';
import { expect, panelHeading, test } from './admin-fixtures';
import { withClient } from './database';

test('an Owner adds a plan split into 3 monthly instalments', async ({ page }) => {
  const title = `Plan Course ${randomBytes(3).toString('hex')}`;
  await withClient((client) =>
    client.query(
      `insert into courses (title, category, price, duration, description, image) values ($1, 'Accounting', 9000, '3 months', 'A course.', '/logo.svg')`,
      [title],
    ),
  );

  await page.goto('/fees/plans');
  await expect(panelHeading(page)).toHaveText('Fee plans');
  await page.getByRole('button', { name: 'Add a plan' }).click();
  const form = page.getByRole('form', { name: 'Add a plan' });
  await form.getByRole('combobox', { name: 'Course' }).selectOption({ label: title });
  await form.getByLabel('Total fee (₹)').fill('9,000');
  await form.getByLabel('Late fee (₹)').fill('200');
  await form.getByLabel('Grace days').fill('5');
  await form.getByLabel('Number of monthly instalments').fill('3');
  await form.getByRole('button', { name: 'Split into 3 monthly' }).click();
  await expect(form.getByRole('group', { name: /^Instalment \d$/ })).toHaveCount(3);
  await expect(form.getByRole('group', { name: 'Instalment 3' }).getByLabel('Amount (₹)')).toHaveValue('3000.00');
  await expect(form.getByRole('group', { name: 'Instalment 3' }).getByLabel('Months after the start')).toHaveValue('2');
  await expectNoViolations(page, 'the fee plan form at 360px');
  await form.getByRole('button', { name: 'Add the plan' }).click();

  await expect(form).toBeHidden();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(card).toContainText('Total ₹9,000');
  await expect(card).toContainText('₹200 late fee after 5 days’ grace');
  await expect(card.getByRole('listitem')).toHaveText(['₹3,000 at the start', '₹3,000 1 month after the start', '₹3,000 2 months after the start']);
  await expectNoViolations(page, 'the fee plans list at 360px');
});

test('an Owner gives a scholarship on an overdue instalment and waives its late fee, with a reason the history says in words', async ({ page }) => {
  const id = await withClient(async (client) => {
    const student = await client.query<{ id: string }>(`insert into students (name, email, course) values ('Sunita Sharma', $1, 'Tally') returning id::text`, [
      `sunita-${randomBytes(3).toString('hex')}@example.in`,
    ]);
    // ₹3,000 due 20 days ago, ₹200 late: overdue, owing ₹3,200.
    const due = await client.query<{ id: string }>(
      `insert into fee_dues (reference, student_id, seq, label, amount_paise, late_fee_paise, due_on)
       values ('D' || lpad(nextval('fee_due_reference_seq')::text, 6, '0'), $1, 1, 'Instalment 1 of 3', 300000, 20000, current_date - 20) returning id::text`,
      [student.rows[0]!.id],
    );
    return due.rows[0]!.id;
  });

  await page.goto(`/fees/dues/${id}`);
  await expect(panelHeading(page)).toHaveText('Instalment 1 of 3: Sunita Sharma');
  await expect(page.getByRole('main')).toContainText('Balance₹3,200');
  await expectNoViolations(page, 'a student’s due at 360px');
  await page.getByLabel('Scholarship or discount (₹)').fill('1000');
  await page.getByLabel('What the discount is for').fill('Merit scholarship');
  await page.getByLabel('Waive the late fee').check();
  await page.getByLabel('Reason').fill('Topped the batch test');
  await page.getByRole('button', { name: 'Save the change' }).click();
  await expect(page.getByRole('main')).toContainText(
    ': a discount of ₹1,000 (Merit scholarship); waived the late fee of ₹200. Reason: “Topped the batch test”.',
  );
  await expect(page.getByRole('main')).toContainText('Balance₹2,000');
});
