/**
 * The Fee plans screen on a phone, as the demo Owner: a plan for a course of ₹9,000 split into 3
 * monthly instalments with the helper, then listed with its instalments in words. The course is
 * written straight to the test server's database (the courses screen is tested on its own).
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
