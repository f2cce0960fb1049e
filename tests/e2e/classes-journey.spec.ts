/**
 * The institute runs a batch from the app, on a 360 px phone, end to end: the Owner adds a batch
 * on Add Batch (taught by a Teacher, meeting today's weekday, started two weeks ago) and assigns
 * three students on Assign Students, one of whom has a website account with the same e-mail; the
 * Teacher signs in, opens Today's classes, taps the batch, marks two absent, saves, and gets a
 * WhatsApp message to each absent student and their guardian; the Owner moves one of the absent
 * to a second batch of the course on Edit Students, and the first batch's register and monthly
 * grid still show that student's mark; the Owner marks the student with the account Completed and
 * issues their certificate on Certificates (after the low-attendance warning: they missed the
 * only class); a visitor with no cookies opens the address the printed certificate's QR code
 * carries and reads Valid with the student's name; the student signs in and finds the batch, the
 * attendance line with the missed class and the certificate on /account.
 *
 * The course, the second batch and the students' records are made through the staff API (their
 * own screens are tested elsewhere). Days are India's. On a holiday of the institute's calendar (Settings) no
 * register can be taken, so the journey is skipped that day, saying why.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { DAY_NAMES } from '../../src/lib/batch-words';
import { monthInWords } from '../../src/lib/attendance-words';
import { indiaToday } from '../../src/lib/schemas/real-day';
import { studentDay } from '../../src/lib/schemas/student-classes';
import { dayPlus, weekdayOf } from '../support/class-records';
import { clientAddress, expect, inviteColleague, panelHeading, SIGNED_OUT, signInFirstTime, test, uniqueLetters } from './admin-fixtures';
import { codeFor } from './outbox';
import { holidayOn } from './database';

const PHONE = { width: 360, height: 740 };

/** A mobile number of India (10 digits, starting 9), different in every run. */
const uniqueMobile = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

interface Pupil {
  name: string;
  first: string;
  email: string;
  phone: string;
  guardianName: string;
  guardianPhone: string;
}

/** A phone-sized browser of its own (no cookies), posing as a client address of its own. */
async function phoneOf(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseURL ?? '',
    viewport: PHONE,
    storageState: SIGNED_OUT,
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
  });
  return context.newPage();
}

/** A published course titled `title`; its id. */
async function addCourse(api: APIRequestContext, title: string): Promise<string> {
  const made = await api.post('/api/courses', {
    data: { title, category: 'Computer', price: 4500, duration: '3 months', image: '/logo.svg', description: 'The state’s basic computer course.' },
    headers: { 'x-forwarded-for': clientAddress() },
  });
  expect(made.status(), await made.text()).toBe(201);
  return ((await made.json()) as { item: { _id: string } }).item._id;
}

/** A student record with a guardian, enrolled in `course`. */
async function addStudent(api: APIRequestContext, pupil: Pupil, course: string): Promise<void> {
  const { name, email, phone, guardianName, guardianPhone } = pupil;
  const made = await api.post('/api/students', {
    data: { name, email, phone, guardianName, guardianPhone, course },
    headers: { 'x-forwarded-for': clientAddress() },
  });
  expect(made.status(), await made.text()).toBe(201);
}

/** Opens an admin screen by its address and waits until it has loaded. */
async function openPanel(page: Page, path: string, h1: string) {
  await page.goto(path);
  await expect(panelHeading(page)).toHaveText(h1);
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

test.use({ viewport: PHONE });

test('an Owner runs a batch, a Teacher marks two absent, a moved student’s history stays, a certificate is verified and the student sees it all', async ({
  page,
  adminApi,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const today = indiaToday();
  const holiday = await holidayOn(today);
  test.skip(Boolean(holiday), `${holiday ?? ''} (${today}) is a holiday of the institute's calendar: no register can be taken today.`);

  const tag = uniqueLetters();
  const course = `RS-CIT ${tag}`;
  const batch = `Morning ${tag}`;
  const otherBatch = `Evening ${tag}`;
  const pupil = (first: string, last: string): Pupil => ({
    name: `${first} ${last} ${tag}`,
    first,
    email: `${first.toLowerCase()}-${tag.toLowerCase()}@example.in`,
    phone: uniqueMobile(),
    guardianName: `Ramesh ${last}`,
    guardianPhone: uniqueMobile(),
  });
  // Sunita is absent and moves to the evening batch; Kavita (who has a website account) is absent
  // and gets the certificate; Ravi is present.
  const [sunita, kavita, ravi] = [pupil('Sunita', 'Sharma'), pupil('Kavita', 'Soni'), pupil('Ravi', 'Meena')];
  const password = 'correct horse battery staple';
  const teacher = await inviteColleague(adminApi, `Teacher${tag}`, 'teacher');
  let certificate = '';
  let qrText = '';

  await test.step('the records: a course, three students, Kavita’s website account, the evening batch', async () => {
    const courseId = await addCourse(adminApi, course);
    for (const p of [sunita, kavita, ravi]) await addStudent(adminApi, p, course);
    const client = { 'x-forwarded-for': clientAddress() };
    const registered = await adminApi.post('/api/user/register', { data: { age: 'adult', name: kavita.name, email: kavita.email, password }, headers: client });
    expect(registered.status(), await registered.text()).toBe(201);
    const { activationToken } = (await registered.json()) as { activationToken: string };
    const verified = await adminApi.post('/api/user/verify', { data: { otp: Number(await codeFor(kavita.email)), activationToken }, headers: client });
    expect(verified.status(), await verified.text()).toBe(200);
    const evening = await adminApi.post('/api/admin/batches', {
      data: {
        courseId,
        name: otherBatch,
        startsOn: dayPlus(today, -14),
        endsOn: dayPlus(today, 60),
        days: [weekdayOf(today)],
        startsAt: '17:00',
        endsAt: '18:30',
        room: `Lab B ${tag}`,
        seats: 30,
        status: 'running',
      },
      headers: client,
    });
    expect(evening.status(), await evening.text()).toBe(201);
  });

  await test.step('the Owner adds the batch on Add Batch', async () => {
    await openPanel(page, '/batches/new', 'Add Batch');
    await page.getByLabel('Course').selectOption({ label: course });
    await page.getByLabel('Batch name').fill(batch);
    // Started two weeks ago and meeting on today's weekday (India's), so today's register opens.
    await page.getByLabel('Start date').fill(dayPlus(today, -14));
    await page.getByLabel('End date').fill(dayPlus(today, 60));
    await page.getByLabel('Start time').fill('09:00');
    await page.getByLabel('End time').fill('10:30');
    await page.getByLabel('Room').fill(`Lab A ${tag}`);
    await page.getByLabel('Teacher').selectOption({ label: teacher.name });
    await page.getByLabel('Seats').fill('30');
    await page.getByLabel('Status').selectOption({ label: 'Running' });
    await page.getByRole('checkbox', { name: DAY_NAMES[weekdayOf(today)]! }).check();
    await page.getByRole('button', { name: 'Add Batch' }).click();
    await expect(panelHeading(page)).toHaveText('Batch List');
    await expect(page.getByRole('row').filter({ hasText: batch })).toContainText('0 / 30');
  });

  await test.step('the Owner assigns the three students on Assign Students', async () => {
    await openPanel(page, '/batches/assign', 'Assign Students');
    await page.getByLabel('Batch').selectOption({ label: `${batch} (${course}, Running, 0 / 30)` });
    for (const [i, p] of [sunita, kavita, ravi].entries()) {
      await page.getByLabel('Search students by name or mobile').fill(p.name);
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('button', { name: `Add ${p.name}` }).click();
      await expect(page.getByText(`${i + 1} / 30 seats taken`, { exact: false })).toBeVisible();
    }
    const roster = page.getByRole('heading', { name: `Students in ${batch}` }).locator('xpath=following-sibling::ul[1]');
    await expect(roster.getByRole('listitem')).toHaveCount(3);
    for (const p of [sunita, kavita, ravi]) await expect(roster).toContainText(p.name);
  });

  await test.step('the Teacher marks Sunita and Kavita absent and opens their WhatsApp messages', async () => {
    const phone = await phoneOf(browser, baseURL);
    await signInFirstTime(phone, teacher);
    await phone.getByRole('button', { name: 'Menu' }).click();
    await phone.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Today’s classes' }).click();
    await expect(panelHeading(phone)).toHaveText('Today’s classes');
    const card = phone.getByRole('link', { name: new RegExp(`^${batch}`) });
    await expect(card).toContainText('3 students');
    await expect(card).toContainText('Not taken yet');
    await card.click();
    await expect(panelHeading(phone)).toHaveText(`Register: ${batch}`);
    await expect(phone.getByText('3 present, 0 absent')).toBeVisible();
    for (const p of [sunita, kavita]) await phone.getByRole('button', { name: new RegExp(`^${p.name}`) }).click();
    await expect(phone.getByText('1 present, 2 absent')).toBeVisible();
    const saved = phone.waitForResponse((r) => /\/api\/admin\/batches\/\d+\/attendance\//.test(r.url()) && r.request().method() === 'PUT');
    await phone.getByRole('button', { name: 'Save attendance' }).click();
    expect((await saved).status()).toBe(200);

    const absent = phone.getByRole('region', { name: 'Absent (2)' });
    await expect(absent).toBeVisible();
    for (const p of [sunita, kavita]) {
      const links = [
        { link: absent.getByRole('link', { name: `WhatsApp ${p.first}`, exact: true }), to: p.phone },
        { link: absent.getByRole('link', { name: `WhatsApp ${p.first}’s guardian (Ramesh)` }), to: p.guardianPhone },
      ];
      for (const { link, to } of links) {
        const href = new URL((await link.getAttribute('href'))!);
        expect(`${href.origin}${href.pathname}`).toBe(`https://wa.me/91${to}`);
        expect(href.searchParams.get('text')).toContain(p.name);
      }
    }
    await expect(absent.getByRole('link', { name: /^WhatsApp Ravi/ })).toHaveCount(0);
    await phone.context().close();
  });

  await test.step('the Owner moves Sunita to the evening batch on Edit Students', async () => {
    await openPanel(page, '/batches/roster', 'Edit Students');
    await page.getByLabel('Batch').selectOption({ label: `${batch} (${course}, Running, 3 / 30)` });
    const place = page.getByRole('listitem').filter({ hasText: sunita.name });
    await place.getByLabel(`Move ${sunita.name} to another batch`).selectOption({ label: `${otherBatch} (0 / 30)` });
    await place.getByRole('button', { name: 'Move to another batch' }).click();
    await expect(page.getByText(`${sunita.name} moved from ${batch} to ${otherBatch}. Their attendance in ${batch} stays with that batch.`)).toBeVisible();
    await expect(page.getByText('2 / 30 seats taken', { exact: false })).toBeVisible();
    await expect(place.getByLabel(`Status of ${sunita.name}`)).toHaveValue('left');
  });

  await test.step('the morning batch’s register and monthly grid still show Sunita absent today', async () => {
    await openPanel(page, '/classes', 'Today’s classes');
    await page.getByRole('link', { name: new RegExp(`^${batch}`) }).click();
    await expect(panelHeading(page)).toHaveText(`Register: ${batch}`);
    const marked = page.getByRole('button', { name: new RegExp(`^${sunita.name}`) });
    await expect(marked).toContainText('(no longer in the batch)');
    await expect(marked).toContainText('Absent');

    await page.getByRole('link', { name: 'Monthly grid' }).click();
    await expect(panelHeading(page)).toHaveText(`Attendance: ${batch}`);
    const grid = page.getByRole('region', { name: `Attendance of ${batch}, ${monthInWords(today.slice(0, 7))}` });
    await expect(grid.getByRole('columnheader').nth(1)).toHaveText(String(Number(today.slice(8))));
    const row = grid.getByRole('row').filter({ has: page.getByRole('rowheader', { name: sunita.name }) });
    // On the phone the cell also names its day ('Sat 28'), as the header row is not shown there.
    await expect(row.getByRole('cell').first().getByTitle('Absent')).toHaveText('A');
    await expect(row.getByRole('cell').first().getByTitle('Absent')).toBeVisible();
  });

  await test.step('the Owner marks Kavita Completed and issues her certificate after the attendance warning', async () => {
    await openPanel(page, '/batches/roster', 'Edit Students');
    await page.getByLabel('Batch').selectOption({ label: `${batch} (${course}, Running, 2 / 30)` });
    const changed = page.waitForResponse((r) => r.url().includes('/students/') && r.request().method() === 'PUT');
    await page.getByLabel(`Status of ${kavita.name}`).selectOption({ label: 'Completed' });
    expect((await changed).status()).toBe(200);
    await expect(page.getByLabel(`Status of ${kavita.name}`)).toHaveValue('completed');

    await openPanel(page, '/adminCertificates', 'Certificates');
    await page.getByLabel('Batch').selectOption({ label: `${batch} · ${course} · Running` });
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: kavita.name }) });
    await expect(card).toContainText('Attendance 0% (1 class), below 75%');
    await card.getByRole('button', { name: `Issue certificate to ${kavita.name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await expect(confirm).toContainText(`${kavita.name}’s attendance is 0%, below 75%. Issue the certificate anyway?`);
    await confirm.getByRole('button', { name: 'Issue anyway' }).click();
    await expect(card).toContainText(new RegExp(`PCI-\\d{4}-[2-9A-HJKMNP-Z]{6} · ${course} · issued .+ · Valid`));
    certificate = /PCI-\d{4}-[2-9A-HJKMNP-Z]{6}/.exec((await card.textContent()) ?? '')![0];

    // The printable certificate's QR code: the address it carries.
    const print = card.getByRole('link', { name: /^Print/ });
    await expect(print).toHaveAttribute('href', `/certificate/${certificate}/print`);
    await page.goto(`/certificate/${certificate}/print`);
    const qr = page.getByRole('article', { name: 'Certificate' }).locator('svg[data-qr-text]');
    await expect(qr).toBeVisible();
    qrText = (await qr.getAttribute('data-qr-text'))!;
    expect(new URL(qrText).pathname).toBe(`/certificate/${certificate}`);
  });

  await test.step('a visitor opens the QR code’s address and reads Valid with Kavita’s name', async () => {
    const visitor = await phoneOf(browser, baseURL);
    // The QR code carries the site's public address; this server answers the same path.
    const { pathname, search } = new URL(qrText);
    await visitor.goto(`${pathname}${search}`);
    await expect(visitor.getByRole('status')).toHaveText('This certificate was issued by the institute and is valid.');
    const card = visitor.locator('[data-cert]');
    await expect(card.locator('[data-cert-state]')).toHaveText('Valid');
    await expect(card.locator('dt', { hasText: /^Name$/ }).locator('xpath=following-sibling::dd')).toHaveText(kavita.name);
    await expect(card.locator('dt', { hasText: /^Course$/ }).locator('xpath=following-sibling::dd')).toHaveText(course);
    await visitor.context().close();
  });

  await test.step('Kavita signs in and sees the batch, her attendance and the certificate on /account', async () => {
    const student = await phoneOf(browser, baseURL);
    await student.goto('/login');
    const main = student.getByRole('main');
    await main.getByLabel('Email').fill(kavita.email);
    await main.getByLabel('Password').fill(password);
    await main.getByRole('button', { name: 'Login' }).click();
    await expect(student).toHaveURL(/\/$/);
    await student.goto('/account');
    const account = student.getByRole('main');
    const mine = account.getByRole('region', { name: 'My classes' });
    await expect(mine.getByRole('heading', { name: batch })).toBeVisible();
    await expect(mine.getByText(teacher.name)).toBeVisible();
    const attendance = account.getByRole('region', { name: 'My attendance' });
    await expect(attendance.getByText('You attended 0 of 1 class (0%)')).toBeVisible();
    await expect(attendance.getByRole('listitem').filter({ hasText: new RegExp(`^${studentDay(today, today.slice(0, 4))}: Absent$`) })).toBeVisible();
    const certificates = account.getByRole('region', { name: 'My certificates' });
    await expect(certificates.getByText(`No. ${certificate}`)).toBeVisible();
    await expect(certificates.getByRole('link', { name: `Verify certificate ${certificate}` })).toHaveAttribute('href', `/certificate/${certificate}`);
    await student.context().close();
  });
});
