/**
 * The admin panels against the real API, signed in as the demo admin on a 360 px phone: the
 * dashboard's real figures, the announcement manager (and the public line), courses and job
 * openings (add, 'Update Course'/'Update Job', delete after a confirmation, a 409 loading the
 * current record; a job reaching /jobs), students (register, search, edit, delete), users, staff
 * (invite, disable, enable, reset the second factor), the audit log and new recovery codes.
 * Failures the server rarely gives (a 500, a slow answer) are answered in the browser.
 */
import type { Page, Route } from '@playwright/test';
import { CONFLICT_MESSAGE, PAGE_MAX } from '../../src/lib/schemas/records';
import { sourceLabel } from '../../src/lib/source-labels';
import { expectNoViolations } from './axe';
import { adminSecrets, expect, inviteColleague, panelHeading, signInFirstTime, SIGNED_OUT, test, totp } from './admin-fixtures';
import { countMailsTo } from './outbox';
import { gate } from './fixtures';

/** Opens a panel and waits until it has loaded what it lists. */
async function openPanel(page: Page, path: string, h1: string) {
  await page.goto(path);
  await expect(panelHeading(page)).toHaveText(h1);
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

/** A toast's text, as every panel shows its messages (src/components/islands/ToastHost.tsx). */
const toast = (page: Page, kind: 'success' | 'error', text: string | RegExp) => page.locator(`.toast--${kind}`).filter({ hasText: text });

/** Answers a call in the browser with `status` and a JSON body. */
const answer = (status: number, body: unknown) => (route: Route) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

/** A word no other test uses, so lists shared with the other worker can be searched. */
const unique = (label: string) => `${label} ${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;

/** Presses the confirmation dialog's action button after checking its question. */
async function confirmWith(page: Page, question: string, action = 'Delete') {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(question);
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test.describe('dashboard', () => {
  test("shows the server's message and its real figures in six cards", async ({ page, adminApi }) => {
    const figures = page.waitForResponse('**/api/admin/dashboard');
    await openPanel(page, '/adminDashboard', 'Dashboard');
    const data = (await (await figures).json()) as Record<string, number | string>;
    await expect(page.getByText(String(data['message']))).toBeVisible();
    const cards: [string, string][] = [
      ['Total Users', 'registeredUsers'],
      ['Active Sessions', 'activeSessions'],
      ['New Registrations (last 7 days)', 'registrationsLast7Days'],
      ['People who enquired today', 'peopleToday'],
      ['People who enquired this week', 'peopleThisWeek'],
      ['Visitors', 'visitors'],
    ];
    const list = page.locator('.admin-cards > li');
    await expect(list).toHaveCount(6);
    for (const [label, key] of cards) {
      const card = list.filter({ hasText: label });
      await expect(card.locator('.admin-card__value'), label).toHaveText(Number(data[key]).toLocaleString('en-IN'));
    }
    // The same figures the API gives anyone signed in (no fixed numbers in the page).
    const again = (await (await adminApi.get('/api/admin/dashboard')).json()) as Record<string, number>;
    expect(typeof again['registeredUsers']).toBe('number');
  });

  test("shows the last 30 days' leads by source and by course in two tables that fit the phone, or says there were none", async ({ page, adminApi }) => {
    // A lead of its own from an advertisement, so the tables have a row this test knows.
    const campaign = `ad-${Date.now().toString(36)}`;
    const applied = await adminApi.post('/api/apply', {
      data: {
        name: 'Dashboard Source',
        email: `${campaign}@example.in`,
        phone: `9${String(Date.now()).slice(-9)}`,
        department: 'dl',
        course: 'RS-CIT (Basic)',
        consent: true,
        age: 'adult',
        attribution: { utmSource: campaign },
      },
    });
    expect(applied.status()).toBe(201);

    const figures = page.waitForResponse('**/api/admin/dashboard');
    await openPanel(page, '/adminDashboard', 'Dashboard');
    type Row = { people: number; leads: number; admitted: number };
    const data = (await (await figures).json()) as {
      leadsLast30Days: number;
      peopleLast30Days: number;
      admittedLast30Days: number;
      leadsBySource: (Row & { source: string })[];
      leadsByCourse: (Row & { course: string })[];
    };
    const people = `${data.peopleLast30Days.toLocaleString('en-IN')} ${data.peopleLast30Days === 1 ? 'person' : 'people'}`;
    const leads = `${data.leadsLast30Days.toLocaleString('en-IN')} ${data.leadsLast30Days === 1 ? 'enquiry' : 'enquiries'}`;
    await expect(page.getByText(`${people} · ${leads} in the last 30 days, ${data.admittedLast30Days.toLocaleString('en-IN')} admitted.`)).toBeVisible();
    const tables: [string, string, (Row & { name: string })[]][] = [
      // Sources by name ('direct' → 'Direct visit'; a campaign's own UTM source as it is).
      ['Leads by source, last 30 days', 'Source', data.leadsBySource.map((r) => ({ ...r, name: sourceLabel(r.source) }))],
      ['Leads by course, last 30 days', 'Course', data.leadsByCourse.map((r) => ({ ...r, name: r.course }))],
    ];
    expect(data.leadsBySource.find((r) => r.source === campaign)).toEqual({ source: campaign, people: 1, leads: 1, admitted: 0 });
    for (const [caption, heading, rows] of tables) {
      const table = page.getByRole('table', { name: caption });
      await expect(table.getByRole('columnheader')).toHaveText([heading, 'People · enquiries', 'Admitted', 'Share admitted']);
      await expect(table.locator('tbody tr')).toHaveCount(rows.length);
      for (const row of rows) {
        const share = `${Math.round(row.people ? (100 * row.admitted) / row.people : 0)}%`;
        await expect(table.getByRole('row', { name: row.name, exact: false }).first()).toHaveText(
          [row.name, `${row.people.toLocaleString('en-IN')} · ${row.leads.toLocaleString('en-IN')}`, row.admitted.toLocaleString('en-IN'), share].join(''),
        );
      }
      // Readable on the phone: the table fits its box, nothing to scroll sideways.
      const region = page.getByRole('region', { name: caption });
      expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    }
    await expectNoViolations(page, '/adminDashboard with lead sources');

    // No lead in the last 30 days: a line says so instead of two empty tables.
    await page.route('**/api/admin/dashboard', async (route) => {
      const response = await route.fetch();
      const body = { ...(await response.json()), leadsLast30Days: 0, admittedLast30Days: 0, leadsBySource: [], leadsByCourse: [] };
      await route.fulfill({ response, json: body });
    });
    await page.reload();
    await expect(page.getByText('No leads in the last 30 days.', { exact: false })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  });

  test('a dashboard that cannot be loaded sends the browser home, as the spec says', async ({ page }) => {
    await page.route('**/api/admin/dashboard', answer(500, { message: 'Something went wrong. Please try again.' }));
    await page.goto('/adminDashboard');
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('update notification', () => {
  test("a blank message is not sent; a message is added ('Adding...', buttons disabled), shown on the public line, then deleted", async ({ page, context }) => {
    const message = unique('RS-CIT batch starts Monday');
    await openPanel(page, '/notification', 'Update Notification');
    const box = page.getByLabel('New message');
    const add = page.getByRole('button', { name: 'Add', exact: true });

    let posts = 0;
    const held = gate();
    await page.route('**/api/marquee', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      posts += 1;
      await held.wait;
      await route.continue();
    });
    await box.fill('    ');
    await add.click();
    await expect(page.getByText('Please write the announcement.')).toBeVisible();
    expect(posts, 'a whitespace-only message is not sent').toBe(0);

    // A first message, then a second one held on its way: 'Adding...', and every button waits.
    const first = unique('Fees due Friday');
    await box.fill(first);
    held.release();
    await add.click();
    await expect(toast(page, 'success', 'Message added.')).toBeVisible();
    const firstItem = page.locator('.admin-list__item').filter({ hasText: first });
    await expect(firstItem).toBeVisible();
    const second = gate();
    await page.unroute('**/api/marquee');
    await page.route('**/api/marquee', async (route) => {
      if (route.request().method() === 'POST') await second.wait;
      await route.continue();
    });
    await box.fill(message);
    await add.click();
    await expect(page.getByRole('button', { name: 'Adding...' })).toBeDisabled();
    await expect(firstItem.getByRole('button', { name: /^Delete/ })).toBeDisabled();
    second.release();
    await expect(box).toHaveValue('');
    const item = page.locator('.admin-list__item').filter({ hasText: message });
    await expect(item).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add', exact: true })).toBeEnabled();
    await expect(page.locator('.admin-preview__track')).toHaveText(message);
    await expectNoViolations(page, '/notification with messages');

    // The public announcement line shows the newest message.
    const visitor = await context.newPage();
    await visitor.goto('/about');
    await expect(visitor.locator('[data-announcement-text]')).toHaveText(message);

    await item.getByRole('button', { name: /^Delete/ }).click();
    await confirmWith(page, `Are you sure you want to delete the message “${message}”?`);
    await expect(toast(page, 'success', 'Message deleted.')).toBeVisible();
    await expect(item).toHaveCount(0);
    await visitor.reload();
    await expect(visitor.locator('[data-announcement-text]')).toHaveText(first);
    await firstItem.getByRole('button', { name: /^Delete/ }).click();
    await confirmWith(page, `Are you sure you want to delete the message “${first}”?`);
    await expect(firstItem).toHaveCount(0);
  });

  test('the preview keeps still for people who ask for less motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openPanel(page, '/notification', 'Update Notification');
    const track = page.locator('.admin-preview__track');
    await expect(track).toBeVisible();
    expect(await track.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await track.evaluate((el) => getComputedStyle(el).animationName)).toBe('admin-marquee');
  });

  test("failures: 'Error fetching messages.', 'Failed to add message.', 'Failed to delete message.'", async ({ page }) => {
    // The panel lists every announcement, ended ones too (?all=1).
    const list = /\/api\/marquee(\?all=1)?$/;
    await page.route(list, answer(500, { message: 'Something went wrong. Please try again.' }));
    await page.goto('/notification');
    await expect(toast(page, 'error', 'Error fetching messages.')).toBeVisible();
    await expect(page.getByRole('main').getByText('Error fetching messages.')).toBeVisible();

    await page.unroute(list);
    await page.route(list, (route) =>
      route.request().method() === 'POST'
        ? answer(500, { message: 'Something went wrong.' })(route)
        : answer(200, [{ _id: '999999', message: 'Fees due Friday', endsOn: null, ended: false }])(route),
    );
    await page.route('**/api/marquee/999999', answer(500, { message: 'Something went wrong.' }));
    await page.reload();
    await expect(page.locator('.admin-list__item')).toHaveText(/Fees due Friday/);
    await page.getByLabel('New message').fill('A new message');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(toast(page, 'error', 'Failed to add message.')).toBeVisible();
    await expect(page.getByLabel('New message'), 'the text is kept').toHaveValue('A new message');
    await page.getByRole('button', { name: /^Delete/ }).click();
    await confirmWith(page, 'Are you sure you want to delete the message “Fees due Friday”?');
    await expect(toast(page, 'error', 'Failed to delete message.')).toBeVisible();
    await expect(page.locator('.admin-list__item')).toHaveText(/Fees due Friday/);
  });
});

test.describe('courses', () => {
  test("every field but the picture is required; add, edit ('Update Course'), a 409, then delete after 'Are you sure you want to delete the course …?'", async ({
    page,
    adminApi,
  }) => {
    test.setTimeout(120_000);
    const title = unique('Tally Prime with GST');
    await openPanel(page, '/adminCourse', 'Courses');
    await expect(page.getByText('/coursePage', { exact: false }).first()).toBeVisible();
    const form = page.locator('form.admin-form');
    const submit = form.getByRole('button', { name: 'Add Course' });

    let posts = 0;
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/courses') && (posts += 1));
    await submit.click();
    for (const text of ['Please write at least 2 characters for the title.', 'Please enter the price in rupees.']) {
      await expect(form.getByText(text, { exact: false }).first()).toBeVisible();
    }
    expect(posts).toBe(0);

    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Category').fill('Accounting');
    await form.getByLabel('Price (₹)').fill('4200');
    await form.getByLabel('Duration').fill('3 months');
    await form.getByLabel('Picture (optional)', { exact: true }).fill('/og-image.jpg');
    await form.getByLabel('Description').fill('Accounts, inventory and GST returns in Tally Prime, with practice on real vouchers.');
    await submit.click();
    await expect(toast(page, 'success', 'Course added.')).toBeVisible();
    const card = page.locator('.admin-record').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(card).toContainText('₹4,200');
    await expect(form.getByLabel('Title')).toHaveValue('');

    // Edit: the form takes the course and its button reads 'Update Course'.
    await card.getByRole('button', { name: /^Edit/ }).click();
    await expect(form.getByLabel('Title')).toHaveValue(title);
    await expect(form.getByRole('button', { name: 'Update Course' })).toBeVisible();
    await form.getByLabel('Price (₹)').fill('4500');
    await form.getByRole('button', { name: 'Update Course' }).click();
    await expect(toast(page, 'success', 'Course updated.')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Add Course' })).toBeVisible();
    await expect(card).toContainText('₹4,500');

    // Someone else saves first: the 409's message, and their version in the form.
    await card.getByRole('button', { name: /^Edit/ }).click();
    const id = await page.evaluate(
      async ([t, limit]) => {
        const list = (await (await fetch(`/api/courses?limit=${limit}`)).json()) as { _id: string; title: string }[];
        return list.find((c) => c.title === t)!._id;
      },
      [title, PAGE_MAX] as const,
    );
    const current = (await (await adminApi.get(`/api/courses/${id}`)).json()) as Record<string, unknown>;
    const theirs = await adminApi.put(`/api/courses/${id}`, { data: { ...current, duration: '4 months' } });
    expect(theirs.status()).toBe(200);
    await form.getByLabel('Duration').fill('6 months');
    await form.getByRole('button', { name: 'Update Course' }).click();
    await expect(toast(page, 'error', CONFLICT_MESSAGE)).toBeVisible();
    await expect(form.getByLabel('Duration')).toHaveValue('4 months');
    await expect(form.getByRole('button', { name: 'Update Course' })).toBeVisible();
    await form.getByRole('button', { name: 'Cancel editing' }).click();

    // Delete: Cancel keeps it, the confirmed delete removes it.
    await card.getByRole('button', { name: /^Delete/ }).click();
    await expectNoViolations(page, 'the delete confirmation');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: /^Delete/ }).click();
    await confirmWith(page, `Are you sure you want to delete the course ${title}?`);
    await expect(toast(page, 'success', 'Course deleted.')).toBeVisible();
    await expect(card).toHaveCount(0);
  });

  test("'No courses available.'; the server's field errors beside their fields", async ({ page }) => {
    await page.route(/\/api\/courses(\?.*)?$/, (route) =>
      route.request().method() === 'POST'
        ? answer(400, { message: 'Please check the form.', error: 'Please check the form.', errors: { title: 'A course with this title already exists.' } })(
            route,
          )
        : answer(200, { items: [], next: null })(route),
    );
    await openPanel(page, '/adminCourse', 'Courses');
    await expect(page.getByText('No courses available.')).toBeVisible();
    const form = page.locator('form.admin-form');
    await form.getByLabel('Title').fill('RS-CIT');
    await form.getByLabel('Category').fill('Digital Literacy');
    await form.getByLabel('Price (₹)').fill('4200');
    await form.getByLabel('Duration').fill('3 months');
    await form.getByLabel('Picture (optional)', { exact: true }).fill('https://example.in/rscit.webp');
    await form.getByLabel('Description').fill('The state computer literacy course.');
    await form.getByRole('button', { name: 'Add Course' }).click();
    await expect(form.getByText('A course with this title already exists.')).toBeVisible();
    await expect(form.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
    await expect(toast(page, 'error', 'Please check the form.')).toBeVisible();
  });
});

test.describe('jobs opening', () => {
  test("every Job field, Full-Time by default; added, shown on /jobs, edited ('Update Job') and deleted after a confirmation", async ({ page, context }) => {
    test.setTimeout(120_000);
    const role = unique('Computer Operator');
    await openPanel(page, '/addJobs', 'Jobs Opening');
    const form = page.locator('form.admin-form');
    await expect(form.getByLabel('Type')).toHaveValue('Full-Time');
    expect(await form.getByLabel('Type').locator('option').allTextContents()).toEqual(['Full-Time', 'Part-Time', 'Internship']);
    await form.getByLabel('Role').fill(role);
    await form.getByLabel('Company').fill('Sojat Traders');
    await form.getByLabel('Location').fill('Sojat City');
    await form.getByLabel('Type').selectOption('Part-Time');
    await form.getByLabel('Experience').fill('Fresher');
    await form.getByLabel('Qualification').fill('12th pass with RS-CIT');
    await form.getByLabel('Salary').fill('₹9,000 a month');
    await form.getByLabel('Candidate').fill('Anyone with typing speed 30 wpm');
    await form.getByLabel('Posts').fill('2');
    await form.getByLabel('Apply link').fill('https://forms.example.in/operator');
    await form.getByRole('button', { name: 'Add Job' }).click();
    await expect(toast(page, 'success', 'Job added.')).toBeVisible();
    const card = page.locator('.admin-record').filter({ has: page.getByRole('heading', { name: role }) });
    await expect(card).toContainText('Part-Time');

    // The careers page shows it.
    const visitor = await context.newPage();
    await visitor.goto('/jobs');
    await expect(visitor.getByRole('heading', { name: role })).toBeVisible();

    await card.getByRole('button', { name: /^Edit/ }).click();
    await expect(form.getByRole('button', { name: 'Update Job' })).toBeVisible();
    await expect(form.getByLabel('Type')).toHaveValue('Part-Time');
    await form.getByLabel('Type').selectOption('Internship');
    await form.getByRole('button', { name: 'Update Job' }).click();
    await expect(toast(page, 'success', 'Job updated.')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Add Job' })).toBeVisible();
    await expect(card).toContainText('Internship');

    await card.getByRole('button', { name: /^Delete/ }).click();
    await confirmWith(page, `Are you sure you want to delete the job ${role}?`);
    await expect(toast(page, 'success', 'Job deleted.')).toBeVisible();
    await expect(card).toHaveCount(0);
    await visitor.reload();
    await expect(visitor.getByRole('heading', { name: role })).toHaveCount(0);
  });
});

test.describe('students', () => {
  test('Add a student, found by search in the Student list, edited, then deleted after a question naming them', async ({ page }) => {
    test.setTimeout(120_000);
    const surname = unique('Verma').split(' ')[1]!.replace(/\d/g, '').toLowerCase();
    const name = `Asha ${surname.charAt(0).toUpperCase()}${surname.slice(1)}`;
    const email = `asha.${surname}@example.in`;
    await openPanel(page, '/student-list/new', 'Add a student');
    const form = page.locator('form.admin-form');
    await form.getByRole('button', { name: 'Register Student' }).click();
    await expect(form.getByText('Please enter your name.')).toBeVisible();
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Mobile number (optional)').fill('98290 12345');
    await form.getByLabel('Course').fill('RS-CIT');
    await form.getByLabel('Registration date').fill('2026-07-01');
    await expectNoViolations(page, 'Add a student, filled in');
    await form.getByRole('button', { name: 'Register Student' }).click();
    await expect(toast(page, 'success', 'Student added.')).toBeVisible();
    await expect(form.getByLabel('Name', { exact: true })).toHaveValue('');

    // Students (the sidebar's first student entry) lists them too.
    await openPanel(page, '/allStudents', 'Students');
    await page.getByLabel('Search by name or e-mail').fill(surname);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('table').getByRole('row', { name: new RegExp(name) })).toContainText('+91 98290 12345');

    await openPanel(page, '/student-list', 'Student list');
    await page.getByLabel('Search by name or e-mail').fill(email);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('table').getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('1 Jul 2026');
    await row.getByRole('link', { name: /^Edit/ }).click();
    await expect(panelHeading(page)).toHaveText('Edit a student');
    await expect(form.getByLabel('Name', { exact: true })).toHaveValue(name);
    await form.getByLabel('Course').fill('Tally Prime');
    await form.getByRole('button', { name: 'Update Student' }).click();
    await expect(toast(page, 'success', 'Student updated.')).toBeVisible();
    await expect(page).toHaveURL(/\/student-list$/);

    await openPanel(page, '/student-list/delete', 'Delete a student');
    await expect(page.getByText('Choose the student to delete', { exact: false })).toBeVisible();
    await page.getByLabel('Search by name or e-mail').fill(email);
    await page.getByRole('button', { name: 'Search' }).click();
    const target = page.getByRole('table').getByRole('row', { name: new RegExp(name) });
    await expect(target).toContainText('Tally Prime');
    await expect(target.getByRole('link', { name: /^Edit/ })).toHaveCount(0);
    await target.getByRole('button', { name: /^Delete/ }).click();
    await confirmWith(page, `Are you sure you want to delete the student ${name}?`);
    await expect(toast(page, 'success', 'Student deleted.')).toBeVisible();
    await expect(page.getByText(`No student matches “${email}”.`)).toBeVisible();
  });

  test("'Loading students...' while the list loads, then Load more through the next page the Link header names", async ({ page }) => {
    const held = gate();
    const student = (n: number) => ({
      _id: String(n),
      name: `Student ${String.fromCharCode(64 + n)}`,
      email: `s${n}@example.in`,
      phone: null,
      course: 'RS-CIT',
      registrationDate: '2026-06-01',
      version: 1,
    });
    await page.route(/\/api\/students\?/, async (route) => {
      const after = new URL(route.request().url()).searchParams.get('after');
      // A bare list, as the API answers; the next page named in the Link header.
      if (!after) {
        await held.wait;
        const headers = { link: '</api/students?limit=50&after=cursor-2>; rel="next"' };
        return route.fulfill({ status: 200, contentType: 'application/json', headers, body: JSON.stringify([student(1), student(2)]) });
      }
      expect(after).toBe('cursor-2');
      return answer(200, [student(3)])(route);
    });
    await page.goto('/allStudents');
    await expect(page.getByText('Loading students...')).toBeVisible();
    held.release();
    const rows = page.getByRole('table').locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(rows).toHaveCount(3);
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  });

  test('Edit a student: a 409 shows its message and loads the current record', async ({ page, adminApi }) => {
    const created = await adminApi.post('/api/students', { data: { name: 'Ravi Kumar', email: `ravi.${Date.now().toString(36)}@example.in`, course: 'CCC' } });
    expect(created.status()).toBe(201);
    const { item } = (await created.json()) as { item: { _id: string } & Record<string, unknown> };
    await openPanel(page, `/student-list/${item['_id']}/edit`, 'Edit a student');
    const theirs = await adminApi.put(`/api/students/${item['_id']}`, { data: { ...item, phone: item['phone'] ?? undefined, course: 'O Level' } });
    expect(theirs.status(), await theirs.text()).toBe(200);
    const form = page.locator('form.admin-form');
    await form.getByLabel('Course').fill('BCC');
    await form.getByRole('button', { name: 'Update Student' }).click();
    await expect(toast(page, 'error', CONFLICT_MESSAGE)).toBeVisible();
    await expect(form.getByLabel('Course')).toHaveValue('O Level');
    await form.getByRole('button', { name: 'Update Student' }).click();
    await expect(toast(page, 'success', 'Student updated.')).toBeVisible();
  });

  test('Edit a student and Delete a student in the submenu lead to the list, with what to do', async ({ page }) => {
    await openPanel(page, '/student-list/edit', 'Edit a student');
    await expect(page.getByText('Choose the student to edit', { exact: false })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search by name or e-mail' })).toBeVisible();
  });
});

test.describe('users', () => {
  test("the registered accounts in a table; a failure says 'You are not authorized or an error occurred'", async ({ page }) => {
    await openPanel(page, '/adminUsers', 'Website accounts');
    await expect(page.getByRole('table').or(page.getByText('No accounts yet.'))).toBeVisible();
    await page.route(/\/api\/user\/all/, answer(500, { message: 'Something went wrong.' }));
    await page.reload();
    await expect(page.getByText('You are not authorized or an error occurred')).toBeVisible();
  });
});

test.describe('staff', () => {
  test('invite a colleague, disable and enable them, reset their second factor — each after a confirmation', async ({ page, adminApi, browser }) => {
    test.setTimeout(150_000);
    // A colleague who has signed in once (so there is a second factor to reset).
    const colleague = await inviteColleague(adminApi, 'Reset');
    const theirs = await browser.newContext({ storageState: SIGNED_OUT, viewport: { width: 360, height: 740 } });
    await signInFirstTime(await theirs.newPage(), colleague);
    await theirs.close();

    await openPanel(page, '/adminStaff', 'Staff');
    const me = page.getByRole('row', { name: /Demo Admin/ });
    await expect(me).toContainText('You');
    await expect(me.getByRole('button')).toHaveCount(0);

    // Invite.
    const email = `staff-new-${Date.now().toString(36)}@example.in`;
    const form = page.locator('form.admin-form');
    await form.getByLabel('Name', { exact: true }).fill('Pooja Rathore');
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await expect(toast(page, 'success', `Invitation sent to ${email}.`)).toBeVisible();
    const invitee = page.getByRole('row', { name: /Pooja Rathore/ });
    await expect(invitee).toContainText('Invited');
    // A lost e-mail: a new link (the old one stops working).
    await invitee.getByRole('button', { name: /^Send a new invitation/ }).click();
    await expect.poll(() => countMailsTo(email)).toBe(2);

    const row = page.getByRole('row', { name: new RegExp(colleague.name) });
    await expect(row).toContainText('Active');
    await expect(row).toContainText('Set up');

    // Reset the second factor.
    await row.getByRole('button', { name: /^Reset second factor/ }).click();
    await confirmWith(page, `Reset the second factor of ${colleague.name}?`, 'Reset second factor');
    await expect(toast(page, 'success', /authenticator is reset/)).toBeVisible();
    await expect(row).toContainText('Not yet');

    // Disable (Cancel first), then enable.
    await row.getByRole('button', { name: /^Disable/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toContainText('Active');
    await row.getByRole('button', { name: /^Disable/ }).click();
    await confirmWith(page, `Disable the account of ${colleague.name}?`, 'Disable');
    await expect(toast(page, 'success', /is disabled/)).toBeVisible();
    await expect(row).toContainText('Disabled');
    await expectNoViolations(page, '/adminStaff with every status');
    await row.getByRole('button', { name: /^Enable/ }).click();
    await confirmWith(page, `Enable the account of ${colleague.name}?`, 'Enable');
    await expect(toast(page, 'success', /is enabled/)).toBeVisible();
    await expect(row).toContainText('Active');

    // The audit log has it, and its filters find it.
    await openPanel(page, '/adminAudit', 'Audit log');
    await page.getByLabel('Member of staff').selectOption({ label: 'Demo Admin' });
    // The kinds of record are offered by name; each line says in words what happened to whom.
    await page.getByLabel('Kind of record').selectOption({ label: 'Staff accounts' });
    await page.getByRole('button', { name: 'Filter' }).click();
    const log = page.getByRole('table');
    await expect(
      log
        .getByRole('row')
        .filter({ hasText: `Demo Admin disabled ${colleague.name}’s staff account.` })
        .first(),
    ).toBeVisible();
    await expect(
      log
        .getByRole('row')
        .filter({ hasText: `Demo Admin enabled ${colleague.name}’s staff account.` })
        .first(),
    ).toBeVisible();
    for (const sentence of await log.locator('tbody tr td:nth-child(3)').allTextContents()) expect(sentence).toMatch(/^Demo Admin [^{}]+\.$/);
  });
});

test.describe('security', () => {
  test('new recovery codes need a current code: a wrong one is refused beside the field, a right one shows 10 codes once', async ({ page }) => {
    const { secret } = await adminSecrets();
    await openPanel(page, '/adminSecurity', 'Security');
    await expect(page.getByText('Signed in as', { exact: false })).toContainText('admin@demo.local');
    const field = page.getByLabel('Code from your authenticator app');
    await field.fill('12345');
    await page.getByRole('button', { name: 'Make new recovery codes' }).click();
    await expect(page.getByText('Please enter the 6-digit code your authenticator app shows now.')).toBeVisible();
    await field.fill('000000');
    await page.getByRole('button', { name: 'Make new recovery codes' }).click();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    // A code of the next half minute: the setup's sign-in used this one.
    await field.fill(await totp(secret, 1));
    await page.getByRole('button', { name: 'Make new recovery codes' }).click();
    await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await expectNoViolations(page, 'the new recovery codes');
    await expect(page.getByRole('button', { name: 'Done' })).toBeDisabled();
    await page.getByLabel('I have saved my recovery codes').check();
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('list', { name: 'Recovery codes' })).toHaveCount(0);
  });
});
