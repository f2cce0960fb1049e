/**
 * The roster screens and a plan's dues for students already in a batch, on a 360 px phone as the
 * demo Owner, with real rows (long names and e-mail addresses, a 30-seat batch): Assign, Edit and
 * Delete Students fit the screen (the document scrolls nothing sideways) and every button is a
 * comfortable tap target (44 px); Assign Students takes a joining day (today by default, a day
 * after today refused in words) and says from when the student joined; a fee plan saved after
 * students joined says how many it will give dues to and asks before making them.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { expect, panelHeading, test } from './admin-fixtures';
import { withClient } from './database';
import { dayInWords } from '../../src/lib/attendance-words';
import { indiaToday } from '../../src/lib/schemas/real-day';

const daysAgo = (n: number) => indiaToday(new Date(Date.now() - n * 86_400_000));

/** A course with a long title, a 30-seat running batch of it with three students who joined on days of their own, and one more student. */
async function seed() {
  const tag = randomBytes(3).toString('hex');
  return withClient(async (client) => {
    const one = async (text: string, params: unknown[]) => (await client.query<{ id: string }>(text, params)).rows[0]!.id;
    const course = `Tally Prime with GST and Payroll ${tag}`;
    const courseId = await one(
      `insert into courses (title, category, price, duration, description, image) values ($1, 'Accounting', 9000, '3 months', 'Tally.', '/logo.svg') returning id::text`,
      [course],
    );
    const batch = `Weekend Evening Accounts Batch ${tag}`;
    const batchId = await one(
      `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, seats, status)
       values ($1, $2, $3, $4, '{6,7}', '17:00', '18:30', $5, 30, 'running') returning id::text`,
      [courseId, batch, daysAgo(60), daysAgo(-60), `Computer Lab Upstairs ${tag}`],
    );
    const names = ['Sunita Kumari Sharma', 'Raghavendra Prasad Meena', 'Bhagyashree Rathore'].map((n) => `${n} ${tag}`);
    for (const [i, name] of names.entries()) {
      const id = await one(`insert into students (name, email, course) values ($1, $2, $3) returning id::text`, [
        name,
        `${name.toLowerCase().replace(/\s+/g, '.')}@verylongmailprovider.example.in`,
        course,
      ]);
      await client.query('insert into batch_students (batch_id, student_id, joined_on) values ($1, $2, $3)', [batchId, id, daysAgo(40 - i * 10)]);
    }
    const newcomer = `Kiran Devi Choudhary ${tag}`;
    await client.query(`insert into students (name, email, phone, course) values ($1, $2, '+919829012345', $3)`, [
      newcomer,
      `kiran.${tag}@verylongmailprovider.example.in`,
      course,
    ]);
    return { tag, course, courseId, batch, batchId, names, newcomer };
  });
}

async function openPanel(page: Page, path: string, h1: string) {
  await page.goto(path);
  await expect(panelHeading(page)).toHaveText(h1);
}

/** Nothing scrolls sideways on the page, and every button of the main area is at least 44 × 44 px. */
async function fitsThePhone(page: Page, what: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what}: the document is ${width}px wide`).toBeLessThanOrEqual(360);
  for (const button of await page.getByRole('main').getByRole('button').all()) {
    if (!(await button.isVisible())) continue;
    const box = (await button.boundingBox())!;
    const name = (await button.getAttribute('aria-label')) ?? (await button.innerText());
    expect(Math.round(box.height), `${what}: “${name}” is ${Math.round(box.height)}px tall`).toBeGreaterThanOrEqual(44);
    expect(Math.round(box.width), `${what}: “${name}” is ${Math.round(box.width)}px wide`).toBeGreaterThanOrEqual(44);
    expect(box.x + box.width, `${what}: “${name}” ends beyond the screen`).toBeLessThanOrEqual(360);
  }
}

test('Assign, Edit and Delete Students fit a 360 px phone with real rows, and Assign takes a joining day', async ({ page }) => {
  test.setTimeout(120_000);
  const s = await seed();
  const option = `${s.batch} (${s.course}, Running, 3 / 30)`;

  await openPanel(page, '/batches/roster', 'Edit Students');
  await page.getByLabel('Batch').selectOption({ label: `${s.batch} (${s.course}, Running, 3 / 30)` });
  await expect(page.getByLabel(`Status of ${s.names[1]}`)).toBeVisible();
  await fitsThePhone(page, 'Edit Students');
  await expectNoViolations(page, 'Edit Students at 360px');

  await openPanel(page, '/batches/remove', 'Delete Students');
  await page.getByLabel('Batch').selectOption({ label: `${s.batch} (${s.course}, Running, 3 / 30)` });
  await expect(page.getByRole('button', { name: `Remove ${s.names[0]}` })).toBeVisible();
  await fitsThePhone(page, 'Delete Students');
  await expectNoViolations(page, 'Delete Students at 360px');

  await openPanel(page, '/batches/assign', 'Assign Students');
  await page.getByLabel('Batch').selectOption({ label: option });
  await expect(page.getByText(`${s.batch}: Saturday, Sunday, 17:00–18:30, Computer Lab Upstairs ${s.tag}. 3 / 30 seats taken.`)).toBeVisible();
  await expect(page.getByLabel('Joining day')).toHaveValue(indiaToday());
  await page.getByLabel('Search students by name or mobile').fill(s.newcomer);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('button', { name: `Add ${s.newcomer}` })).toBeVisible();
  await fitsThePhone(page, 'Assign Students');
  // A day after today is refused in words, at the field; nothing is sent.
  await page.getByLabel('Joining day').fill(daysAgo(-1));
  await page.getByRole('button', { name: `Add ${s.newcomer}` }).click();
  await expect(page.getByLabel('Joining day')).toHaveAccessibleDescription(/The joining day cannot be after today\./);
  await expect(page.getByLabel('Joining day')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Joining day').fill(daysAgo(12));
  await page.getByRole('button', { name: `Add ${s.newcomer}` }).click();
  await expect(page.getByText(`${s.newcomer} added to ${s.batch} from ${dayInWords(daysAgo(12))}.`)).toBeVisible();
  await expect(page.getByText('4 / 30 seats taken', { exact: false })).toBeVisible();
  await fitsThePhone(page, 'Assign Students after adding');
  await expectNoViolations(page, 'Assign Students at 360px');
  const joined = await withClient(
    async (client) =>
      (
        await client.query<{ d: string }>(`select joined_on::text as d from batch_students bs join students st on st.id = bs.student_id where st.name = $1`, [
          s.newcomer,
        ])
      ).rows,
  );
  expect(joined).toEqual([{ d: daysAgo(12) }]);
});

test('a plan saved after students joined says how many it gives dues to and asks first; confirmed, each gets their dues', async ({ page }) => {
  const s = await seed();
  await page.goto('/fees/plans');
  await expect(panelHeading(page)).toHaveText('Fee plans');
  await page.getByRole('button', { name: 'Add a plan' }).click();
  const form = page.getByRole('form', { name: 'Add a plan' });
  await form.getByRole('combobox', { name: 'Course' }).selectOption({ label: s.course });
  await form.getByLabel('Total fee (₹)').fill('9,000');
  await form.getByLabel('Number of monthly instalments').fill('3');
  await form.getByRole('button', { name: 'Split into 3 monthly' }).click();
  await form.getByRole('button', { name: 'Add the plan' }).click();

  // Asked first, with how many it reaches and by name.
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`This plan will give dues to 3 students already in ${s.course}, each from their own joining day.`);
  await expect(dialog).toContainText(s.names[1]!);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await expectNoViolations(page, 'the plan’s confirmation at 360px');
  // Not now: nothing is made, and the plan still says so.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: s.course }) });
  await expect(card).toContainText('3 students already in its batches have no dues from it yet.');
  await expect(card).toContainText('0 dues made from it');

  await card.getByRole('button', { name: `Give dues from the plan of ${s.course}` }).click();
  await expect(dialog).toContainText('This plan will give dues to 3 students');
  await dialog.getByRole('button', { name: 'Give dues to 3 students' }).click();
  await expect(page.getByText(`Dues made for 3 students already in ${s.course}, each from their joining day (9 dues).`)).toBeVisible();
  await expect(card).toContainText('9 dues made from it');
  await expect(card.getByRole('button', { name: `Give dues from the plan of ${s.course}` })).toHaveCount(0);
  const dues = await withClient(
    async (client) =>
      (await client.query<{ n: number }>(`select count(*)::int as n from fee_dues where course_id = $1 and from_plan`, [s.courseId])).rows[0]!.n,
  );
  expect(dues).toBe(9);
});
