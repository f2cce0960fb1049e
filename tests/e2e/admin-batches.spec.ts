/**
 * Batches on a 360 px phone, as an Owner: add a batch, assign three students (the Batch List says
 * "3 / 5"), a batch whose room is taken at that time is refused naming the other batch, and a
 * student is removed after a confirmation naming them and the batch. Each screen passes axe.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { clientAddress, expect, panelHeading, test, uniqueLetters } from './admin-fixtures';

/** A word of letters only (names take no digits) no other test uses. */
const uniquePhone = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

/** A course, three students and a running batch in `Clash Room …` on Mondays 09:00–10:30. */
async function seed(api: APIRequestContext, tag: string) {
  const headers = { 'x-forwarded-for': clientAddress() };
  const course = await api.post('/api/courses', {
    data: {
      title: `Tally ${tag}`,
      category: 'Accounting',
      price: 4200,
      duration: '3 months',
      image: '/logo.svg',
      description: 'Accounts with GST, taught on Tally Prime.',
    },
    headers,
  });
  expect(course.status(), await course.text()).toBe(201);
  const courseId = ((await course.json()) as { item: { _id: string } }).item._id;
  const students: string[] = [];
  for (const first of ['Sunita', 'Ravi', 'Meena']) {
    const name = `${first} ${tag}`;
    const made = await api.post('/api/students', {
      data: { name, email: `${first.toLowerCase()}-${tag.toLowerCase()}@example.in`, phone: uniquePhone(), course: `Tally ${tag}` },
      headers,
    });
    expect(made.status(), await made.text()).toBe(201);
    students.push(name);
  }
  const other = await api.post('/api/admin/batches', {
    data: {
      courseId,
      name: `Clash ${tag}`,
      startsOn: '2027-01-04',
      endsOn: '2027-03-31',
      days: [1],
      startsAt: '09:00',
      endsAt: '10:30',
      room: `Clash Room ${tag}`,
      seats: 10,
      status: 'running',
    },
    headers,
  });
  expect(other.status(), await other.text()).toBe(201);
  return { course: `Tally ${tag}`, students };
}

async function openPanel(page: Page, path: string, h1: string) {
  await page.goto(path);
  await expect(panelHeading(page)).toHaveText(h1);
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

/** Fills Add Batch (Mondays 09:00–10:30, 5 seats, Running) with `name` in `room`. */
async function fillBatch(page: Page, course: string, name: string, room: string) {
  await page.getByLabel('Course').selectOption({ label: course });
  await page.getByLabel('Batch name').fill(name);
  await page.getByLabel('Start date').fill('2027-01-04');
  await page.getByLabel('End date').fill('2027-03-31');
  await page.getByLabel('Start time').fill('09:00');
  await page.getByLabel('End time').fill('10:30');
  await page.getByLabel('Room').fill(room);
  await page.getByLabel('Seats').fill('5');
  await page.getByLabel('Status').selectOption({ label: 'Running' });
  await page.getByRole('checkbox', { name: 'Monday' }).check();
}

test('an Owner adds a batch, assigns three students, sees 3 / 5, is refused a clash naming the other batch, and removes one after a named confirmation', async ({
  page,
  adminApi,
}) => {
  test.setTimeout(120_000);
  const tag = uniqueLetters();
  const { course, students } = await seed(adminApi, tag);
  const batch = `Morning ${tag}`;

  await openPanel(page, '/batches/new', 'Add Batch');
  await fillBatch(page, course, batch, `Room ${tag}`);
  await expectNoViolations(page, 'Add Batch');
  await page.getByRole('button', { name: 'Add Batch' }).click();
  await expect(panelHeading(page)).toHaveText('Batch List');

  // The same time in the other batch's room: refused, naming it.
  await openPanel(page, '/batches/new', 'Add Batch');
  await fillBatch(page, course, `Second ${tag}`, `Clash Room ${tag}`);
  await page.getByRole('button', { name: 'Add Batch' }).click();
  await expect(page.getByText(`Clash Room ${tag} is taken by 'Clash ${tag}' on Monday 09:00–10:30.`).first()).toBeVisible();
  await expectNoViolations(page, 'Add Batch with a clash');

  await openPanel(page, '/batches/assign', 'Assign Students');
  await page.getByLabel('Batch').selectOption({ label: `${batch} (${course}, Running, 0 / 5)` });
  for (const name of students) {
    await page.getByLabel('Search students by name or mobile').fill(name);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: `Add ${name}` }).click();
    await expect(page.getByRole('list').getByText(name, { exact: true }).last()).toBeVisible();
  }
  await expect(page.getByText(`${batch}: Monday, 09:00–10:30, Room ${tag}. 3 / 5 seats taken.`)).toBeVisible();
  await expectNoViolations(page, 'Assign Students');

  await openPanel(page, '/batches', 'Batch List');
  const row = page.getByRole('row').filter({ hasText: batch });
  await expect(row).toContainText('3 / 5');
  await expect(row).toContainText('Monday, 09:00–10:30');
  await expect(row).toContainText('Running');
  await expectNoViolations(page, 'Batch List');

  await openPanel(page, '/batches/remove', 'Delete Students');
  await page.getByLabel('Batch').selectOption({ label: `${batch} (${course}, Running, 3 / 5)` });
  await page.getByRole('button', { name: `Remove ${students[0]}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Remove ${students[0]} from ${batch}? Their attendance stays with the batch.`);
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('button', { name: `Remove ${students[0]}` })).toHaveCount(0);
  await expect(page.getByText('2 / 5 seats taken', { exact: false })).toBeVisible();
  await expectNoViolations(page, 'Delete Students');

  await openPanel(page, '/timetable', 'Timetable');
  await expect(page.getByRole('heading', { name: `Room ${tag}`, exact: true })).toBeVisible();
  await expectNoViolations(page, 'Timetable');
});
