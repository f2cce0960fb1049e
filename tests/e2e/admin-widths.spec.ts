/**
 * Nothing in the staff admin scrolls sideways on a 360 px phone: every address of the route table
 * (ADMIN_ROUTES) is opened with real rows where its screen lists something (a lead with its
 * application, students with long names, a running batch with its roster, a saved register, dues,
 * a receipt, a fee plan, a certificate), and neither the page nor any box in it scrolls sideways,
 * nor with the menu or a dialog open. Also what staff read on those screens: mobiles as
 * +91 98290 12345, the website account of a student's record, and only teachers in the Batch
 * List's teacher filter.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { ADMIN_ROUTES } from '../../src/admin/routes';
import { DEMO_ADMIN } from './admin-accounts';
import { clientAddress, expect, inviteColleague, panelHeading, test } from './admin-fixtures';
import { sendApplication } from './application-send';
import { withDatabase } from './database';

const WIDTH = 360;

/** Letters no other test uses (staff names take no digits). */
const letters = () =>
  randomBytes(4)
    .toString('hex')
    .replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!);

/** The records every screen shows a row of, written to the test server's database and through the API; the ids of the addresses. */
async function seed(adminApi: Parameters<typeof sendApplication>[0]) {
  const tag = letters();
  const applicant = await sendApplication(adminApi);
  const lead = ((await (await adminApi.get(`/api/admin/leads?q=${applicant.reference}`)).json()) as { items: { _id: string }[] }).items[0]!;
  // Colleagues in every role, so the staff list and the batch form's teachers have rows.
  await inviteColleague(adminApi, `Counsellor${tag}`, 'counsellor');
  await inviteColleague(adminApi, `Accountant${tag}`, 'accountant');

  const ids = await withDatabase(async (sql) => {
    const [owner] = await sql<{ id: string }>('select id::text from staff where email = $1', [DEMO_ADMIN.email]);
    const [course] = await sql<{ id: string }>(
      `insert into courses (title, category, price, duration, description, image)
       values ($1, 'Accounting', 9000, '3 months', 'Accounts, inventory and GST returns in Tally Prime, with practice on real vouchers.', '') returning id::text`,
      [`Tally Prime with GST and payroll, the long course ${tag}`],
    );
    // A running batch that meets every day, taught by the demo admin (an Owner), so it is among today's classes.
    const [batch] = await sql<{ id: string }>(
      `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, teacher_id, seats, status)
       values ($1, $2, (now() at time zone 'Asia/Kolkata')::date - 40, (now() at time zone 'Asia/Kolkata')::date + 60, '{1,2,3,4,5,6,7}',
               '00:00', '23:59', $3, $4, 30, 'running') returning id::text`,
      [course!.id, `Tally Morning weekday batch ${tag}`, `Computer Lab 2 ${tag}`, owner!.id],
    );
    const [plan] = await sql<{ id: string }>(
      `insert into fee_plans (batch_id, total_paise, late_fee_paise, grace_days) values ($1, 1234500, 20000, 5) returning id::text`,
      [batch!.id],
    );
    await sql(`insert into fee_plan_instalments (plan_id, seq, amount_paise, due_months) values ($1, 1, 434500, 0), ($1, 2, 400000, 1), ($1, 3, 400000, 2)`, [
      plan!.id,
    ]);
    const students: string[] = [];
    for (const [i, name] of ['Sunita Kumari Raghuvanshi', 'Mohammed Abdul Rahman Qureshi', 'सीमा कुमारी शर्मा'].entries()) {
      const [student] = await sql<{ id: string }>(
        `insert into students (name, email, phone, course, guardian_name, guardian_phone)
         values ($1, $2, $3, 'Tally Prime with GST and payroll', 'Ramesh Chandra Raghuvanshi', '+919829054321') returning id::text`,
        [`${name} ${tag}`, `student.${i}.${tag}@example.in`, `+9198290${String(10_000 + i).padStart(5, '0')}`],
      );
      students.push(student!.id);
      await sql(`insert into batch_students (batch_id, student_id, status) values ($1, $2, 'active')`, [batch!.id, student!.id]);
      await sql(
        `insert into fee_dues (reference, student_id, batch_id, course_id, plan_id, seq, label, amount_paise, due_on) values
           ($1, $3, $4, $5, $6, 1, 'Instalment 1 of 3', 434500, (now() at time zone 'Asia/Kolkata')::date - 12),
           ($2, $3, $4, $5, $6, 2, 'Instalment 2 of 3', 400000, (now() at time zone 'Asia/Kolkata')::date + 3)`,
        [`W${tag}${i}1`, `W${tag}${i}2`, student!.id, batch!.id, course!.id, plan!.id],
      );
    }
    // Yesterday's register, saved: one absent with a reason-less mark, one on leave.
    const yesterday = `(now() at time zone 'Asia/Kolkata')::date - 1`;
    await sql(`insert into class_days (batch_id, day) values ($1, ${yesterday})`, [batch!.id]);
    for (const [i, mark] of (['present', 'absent', 'leave'] as const).entries())
      await sql(`insert into attendance (batch_id, day, student_id, mark, reason) values ($1, ${yesterday}, $2, $3, $4)`, [
        batch!.id,
        students[i],
        mark,
        mark === 'leave' ? 'Sister’s wedding in Jodhpur' : null,
      ]);
    await sql(
      `insert into certificates (number, student_id, batch_id, student_name, course, starts_on, ends_on, issued_on)
       select $1, s.id, $2, s.name, 'Tally Prime with GST and payroll', '2026-07-01', '2026-10-31', (now() at time zone 'Asia/Kolkata')::date from students s where s.id = $3`,
      [`PCI-2026-${tag.toUpperCase()}`, batch!.id, students[0]],
    );
    const [due] = await sql<{ id: string }>('select id::text from fee_dues where student_id = $1 order by seq limit 1', [students[0]]);
    return { batchId: batch!.id, studentId: students[0]!, dueId: due!.id };
  });

  // A receipt: part of the first due, collected in cash.
  const collected = await adminApi.post('/api/admin/fees/collect', {
    data: { studentId: ids.studentId, amount: '2000', mode: 'cash', paidOn: new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10) },
    headers: { 'idempotency-key': randomUUID(), 'x-forwarded-for': clientAddress() },
  });
  expect(collected.status(), await collected.text()).toBe(201);
  return { ...ids, leadId: lead._id };
}

/** The page's width (document.documentElement.scrollWidth). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The boxes inside the page that scroll sideways themselves (a table in a scrolling wrapper), as 'tag.class (wide in narrow px)'. */
const scrollingBoxes = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('main *, dialog *')]
      .filter((el) => /(auto|scroll)/.test(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} (${el.scrollWidth} in ${el.clientWidth} px)`),
  );

/** What is too wide on the page as it is now: the page itself, or a box in it that scrolls sideways. */
async function tooWide(page: Page, where: string): Promise<string[]> {
  const width = await overflow(page);
  return [...(width > WIDTH ? [`${where}: ${width} px`] : []), ...(await scrollingBoxes(page)).map((box) => `${where}: ${box}`)];
}

/** Opens `path` and waits until its heading shows and nothing is loading. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(panelHeading(page)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  // Lazy panels and late rows settle.
  await page.waitForLoadState('networkidle');
}

test('every address of the admin fits a 360 px phone with real rows: nothing scrolls sideways, nor with the menu or a dialog open', async ({
  page,
  adminApi,
}) => {
  test.setTimeout(300_000);
  const seeded = await seed(adminApi);
  const params: Record<string, string> = { id: seeded.leadId, batchId: seeded.batchId, studentId: seeded.studentId, dueId: seeded.dueId };
  const wide: string[] = [];
  for (const route of ADMIN_ROUTES) {
    // Each `:name` of the route from the records made above; a student's and a batch's edit form take theirs.
    const path = route.path.replace(/:(\w+)/g, (_, name: string) =>
      route.panel === 'edit-student' ? seeded.studentId : route.panel === 'edit-batch' ? seeded.batchId : params[name]!,
    );
    await open(page, path);
    // The pickers of the batch screens show a batch's roster once one is chosen.
    const batchPicker = page.getByLabel('Batch', { exact: true });
    if (['batch-assign', 'batch-roster', 'batch-remove'].includes(route.panel) && (await batchPicker.count()) === 1) {
      await batchPicker.selectOption({ index: 1 });
      await page.waitForLoadState('networkidle');
    }
    wide.push(...(await tooWide(page, `${path} (${route.panel})`)));
  }

  // The menu, open.
  await open(page, '/adminDashboard');
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Admin Panel' })).toBeVisible();
  wide.push(...(await tooWide(page, 'the menu')));
  await page.keyboard.press('Escape');

  // A confirmation, open (a student's deletion, naming them).
  await open(page, '/student-list');
  await page
    .getByRole('button', { name: /^Delete / })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: 'Please confirm' })).toBeVisible();
  wide.push(...(await tooWide(page, 'a confirmation')));
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  // A reason asked for (revoking a certificate), and the WhatsApp templates of a lead.
  await open(page, '/adminCertificates');
  await page
    .getByRole('button', { name: /^Revoke/ })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  wide.push(...(await tooWide(page, 'the reason dialog')));
  await page.keyboard.press('Escape');
  await open(page, `/adminLeads/${seeded.leadId}`);
  await page
    .getByRole('button', { name: /^WhatsApp/ })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  wide.push(...(await tooWide(page, 'the WhatsApp dialog')));
  await page.keyboard.press('Escape');

  expect(wide, 'screens wider than the phone').toEqual([]);
});

test('what staff read: mobiles as +91 98290 12345, a linked student’s website account, and only teachers to filter batches by', async ({ page, adminApi }) => {
  test.setTimeout(180_000);
  const tag = letters();
  const headers = { 'x-forwarded-for': clientAddress() };

  // A lead's mobile, on its page; the tel: link keeps the machine form.
  const name = `Ramesh Mobile${tag}`;
  const sent = await page.request.post('/api/apply', {
    data: {
      name,
      email: `ramesh-${tag}@example.in`,
      phone: '9829012345',
      department: 'dl',
      course: 'RS-CIT (Basic)',
      consent: true,
      website: '',
      age: 'adult',
    },
    headers,
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { reference } = (await sent.json()) as { reference: string };
  const lead = ((await (await adminApi.get(`/api/admin/leads?q=${reference}`)).json()) as { items: { _id: string }[] }).items[0]!;
  await open(page, `/adminLeads/${lead._id}`);
  await expect(page.getByRole('definition').filter({ hasText: '+91 98290 12345' })).toBeVisible();
  await expect(page.getByText('+919829012345')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Call/ }).first()).toHaveAttribute('href', 'tel:+919829012345');

  // A student whose website account has the record's own address: the form shows it.
  const email = `linked-${tag}@example.in`;
  const student = await withDatabase(async (sql) => {
    await sql(`insert into users (name, email, password_hash) values ('Linked Student', $1, 'not-used')`, [email]);
    const [row] = await sql<{ id: string }>(
      `insert into students (name, email, phone, course) values ('Linked Student', $1, '+919829012345', 'RS-CIT') returning id::text`,
      [email],
    );
    return row!.id;
  });
  await open(page, `/student-list/${student}/edit`);
  await expect(page.getByLabel('Website account e-mail (optional)')).toHaveValue(email);
  await expect(page.getByLabel('Mobile number (optional)')).toHaveValue('+91 98290 12345');

  // The Batch List's teacher filter: an Owner or a Teacher, never a Counsellor or an Accountant.
  const counsellor = await inviteColleague(adminApi, `Counsellor${tag}`, 'counsellor');
  const accountant = await inviteColleague(adminApi, `Accountant${tag}`, 'accountant');
  const teacher = await inviteColleague(adminApi, `Teacher${tag}`, 'teacher');
  await open(page, '/batches');
  const options = (await page.getByLabel('Teacher', { exact: true }).locator('option').allTextContents()).map((t) => t.trim());
  expect(options).toEqual(expect.arrayContaining([DEMO_ADMIN.name, teacher.name]));
  for (const other of [counsellor, accountant]) expect(options, other.name).not.toContain(other.name);
});
