/**
 * Attendance on a 360 px phone: a Teacher opens Today's classes, taps their batch, taps two
 * students absent and saves; the absent students are listed with WhatsApp links (wa.me, the
 * message filled in) to them and their guardians, at first each in the student's own language
 * (named beside them), or all in English or all in Hindi; saving again records
 * once. The batch, its students and its roster are made through the staff API as an Owner
 * (POST /api/courses, /api/students with the guardian's name and mobile, /api/admin/batches,
 * /api/admin/batches/{id}/students: the batches' own endpoints, as the contract names them).
 * Each screen is checked with axe. An unsaved register kept when the session ended comes back,
 * counts and saves a student it does not name (who joined the batch since) as present.
 */
import type { APIRequestContext } from '@playwright/test';
import { indiaToday } from '../../src/lib/schemas/real-day';
import { expectNoViolations } from './axe';
import { holidayOn } from './database';
import { clientAddress, expect, inviteColleague, panelHeading, signInFirstTime, SIGNED_OUT, test } from './admin-fixtures';

const dayFromToday = (days: number) => new Date(Date.now() + 330 * 60_000 + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A running batch meeting every day, taught by the member of staff whose e-mail is `teacherEmail`
 * (or nobody yet), with `names` on its roster (those in `hindi` with Hindi as their language).
 */
async function batchOf(api: APIRequestContext, teacherEmail: string | null, names: string[], hindi: string[] = []) {
  const headers = { 'x-forwarded-for': clientAddress() };
  const tag = Date.now().toString(36);
  const title = `RS-CIT ${tag}`;
  const course = await api.post('/api/courses', {
    data: { title, category: 'Computer', price: 4500, duration: '3 months', image: '/logo.svg', description: 'The state’s basic computer course.' },
    headers,
  });
  expect(course.status(), await course.text()).toBe(201);
  const courseId = ((await course.json()) as { item: { _id: string } }).item._id;
  const staff = ((await (await api.get('/api/admin/staff', { headers })).json()) as { items: { _id: string; email: string }[] }).items;
  const teacherId = teacherEmail === null ? null : staff.find((s) => s.email === teacherEmail)!._id;
  const batch = await api.post('/api/admin/batches', {
    data: {
      courseId,
      name: `Morning ${tag}`,
      startsOn: dayFromToday(-30),
      endsOn: dayFromToday(60),
      days: [1, 2, 3, 4, 5, 6, 7],
      startsAt: '09:00',
      endsAt: '10:00',
      // A room of its own: another batch at 09:00 in a shared room would be refused as a clash.
      room: `Lab ${tag}`,
      teacherId,
      seats: 30,
      status: 'running',
    },
    headers,
  });
  expect(batch.status(), await batch.text()).toBe(201);
  const batchId = ((await batch.json()) as { item: { _id: string } }).item._id;
  for (const [i, name] of names.entries()) {
    const student = await api.post('/api/students', {
      data: {
        name,
        email: `${name.split(' ')[0]!.toLowerCase()}.${tag}${i}@example.in`,
        phone: `98290${String(10_000 + i).slice(-5)}`,
        course: title,
        guardianName: `Ramesh ${name.split(' ')[1] ?? 'Kumar'}`,
        guardianPhone: `94140${String(10_000 + i).slice(-5)}`,
        ...(hindi.includes(name) && { language: 'hi' }),
      },
      headers,
    });
    expect(student.status(), await student.text()).toBe(201);
    const studentId = ((await student.json()) as { item: { _id: string } }).item._id;
    const placed = await api.post(`/api/admin/batches/${batchId}/students`, { data: { studentId }, headers });
    expect(placed.status(), await placed.text()).toBe(201);
  }
  return { batchId, name: `Morning ${tag}`, course: title };
}

test.describe('a Teacher', () => {
  test.use({ storageState: SIGNED_OUT });

  test('marks two students absent on a phone, sends the WhatsApp messages, and a second save records once', async ({ page, adminApi }) => {
    test.setTimeout(180_000);
    const holiday = await holidayOn(indiaToday());
    test.skip(Boolean(holiday), `${holiday ?? ''} is a holiday of the institute's calendar: no register can be taken today.`);
    const teacher = await inviteColleague(adminApi, 'Teacher', 'teacher');
    const batch = await batchOf(adminApi, teacher.email, ['Sunita Sharma', 'Ravi Meena', 'Pooja Jangid', 'Arjun Singh'], ['Arjun Singh']);
    await signInFirstTime(page, teacher);

    // Today's classes, from the sidebar.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Today’s classes' }).click();
    await expect(panelHeading(page)).toHaveText('Today’s classes');
    const card = page.getByRole('link', { name: new RegExp(`^${batch.name}`) });
    await expect(card).toContainText('4 students');
    await expect(card).toContainText('Not taken yet');
    await expectNoViolations(page, 'Today’s classes');

    // The register: everyone present; one tap each makes two absent.
    await card.click();
    await expect(panelHeading(page)).toHaveText(`Register: ${batch.name}`);
    await expect(page.getByText('4 present, 0 absent')).toBeVisible();
    await page.getByRole('button', { name: /Sunita Sharma/ }).click();
    await page.getByRole('button', { name: /Arjun Singh/ }).click();
    await expect(page.getByRole('button', { name: /Sunita Sharma/ })).toContainText('Absent');
    await expect(page.getByText('2 present, 2 absent')).toBeVisible();
    await expectNoViolations(page, 'the register');

    const saved = page.waitForResponse((r) => r.url().includes(`/api/admin/batches/${batch.batchId}/attendance/`) && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Save attendance' }).click();
    expect((await saved).status()).toBe(200);

    // The absent, each with a message to them and to their guardian.
    const absent = page.getByRole('region', { name: 'Absent (2)' });
    await expect(absent).toBeVisible();
    const toSunita = absent.getByRole('link', { name: 'WhatsApp Sunita', exact: true });
    const href = (await toSunita.getAttribute('href'))!;
    expect(href.startsWith('https://wa.me/919829010000?text=')).toBe(true);
    expect(new URL(href).searchParams.get('text')).toMatch(/^Namaste Sunita Sharma, you were marked absent from your RS-CIT \w+ class \(Morning \w+\)/);
    const toGuardian = absent.getByRole('link', { name: 'WhatsApp Sunita’s guardian (Ramesh)' });
    expect(new URL((await toGuardian.getAttribute('href'))!).searchParams.get('text')).toMatch(/^Namaste Ramesh Sharma, .* Sunita Sharma was absent/);
    await expect(absent.getByRole('link', { name: /^WhatsApp Arjun/ })).toHaveCount(2);
    await expect(absent.getByRole('link', { name: /Ravi|Pooja/ })).toHaveCount(0);
    // Each in their own language at first, named beside them: Arjun's are in Hindi.
    await expect(absent.getByLabel('Each student’s own language')).toBeChecked();
    await expect(absent.getByRole('listitem').filter({ hasText: 'Sunita Sharma' })).toContainText('Sunita Sharma (English)');
    await expect(absent.getByRole('listitem').filter({ hasText: 'Arjun Singh' })).toContainText('Arjun Singh (Hindi)');
    const toArjun = absent.getByRole('link', { name: 'WhatsApp Arjun', exact: true });
    const arjunText = async () => new URL((await toArjun.getAttribute('href'))!).searchParams.get('text');
    expect(await arjunText()).toMatch(/^नमस्ते Arjun Singh, .*आपकी अनुपस्थिति दर्ज हुई है।/);
    // Everyone in Hindi.
    await absent.getByLabel('हिन्दी').check();
    expect(new URL((await toGuardian.getAttribute('href'))!).searchParams.get('text')).toMatch(/^नमस्ते Ramesh Sharma, .*Sunita Sharma की अनुपस्थिति दर्ज हुई है।/);
    // Everyone in English.
    await absent.getByLabel('English', { exact: true }).check();
    expect(await arjunText()).toMatch(/^Namaste Arjun Singh, you were marked absent/);
    await expectNoViolations(page, 'the absent students’ messages');

    // Saving again (a double tap, a second device) records once.
    const again = page.waitForResponse((r) => r.url().includes(`/api/admin/batches/${batch.batchId}/attendance/`) && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const second = await again;
    expect(second.status()).toBe(200);
    expect((await second.json()) as { outcome: string; version: number }).toMatchObject({ outcome: 'unchanged', version: 1 });
    const register = await adminApi.get(`/api/admin/batches/${batch.batchId}/attendance/${indiaToday()}`);
    const body = (await register.json()) as { version: number; students: { name: string; mark: string }[] };
    expect(body.version).toBe(1);
    expect(body.students.filter((s) => s.mark === 'absent').map((s) => s.name)).toEqual(['Arjun Singh', 'Sunita Sharma']);

    // Reopened later: the saved marks, never 'Everyone is present', and the messages for the saved absentees.
    await page.reload();
    await expect(panelHeading(page)).toHaveText(`Register: ${batch.name}`);
    await expect(page.getByRole('button', { name: /Sunita Sharma/ })).toContainText('Absent');
    await expect(page.getByRole('button', { name: /Arjun Singh/ })).toContainText('Absent');
    await expect(page.getByText('2 present, 2 absent')).toBeVisible();
    await expect(page.getByText(/Everyone is present/)).toHaveCount(0);
    const reopened = page.getByRole('region', { name: 'Absent (2)' });
    await expect(reopened.getByRole('link', { name: 'WhatsApp Sunita', exact: true })).toBeVisible();
    await expect(reopened.getByRole('link', { name: /^WhatsApp Arjun/ })).toHaveCount(2);
    await expect(reopened.getByRole('link', { name: /Ravi|Pooja/ })).toHaveCount(0);

    // The month's grid on the phone: each mark under its day, each figure under its name, nothing off-screen.
    await page.getByRole('link', { name: 'Monthly grid' }).click();
    await expect(panelHeading(page)).toHaveText(`Attendance: ${batch.name}`);
    const today = String(Number(indiaToday().slice(8)));
    const sunita = page.locator('tbody tr', { hasText: 'Sunita Sharma' });
    const mark = sunita.locator('td', { hasText: /Absent|A/ }).first();
    const dayName = mark.getByText(new RegExp(`\\b${today}$`));
    await expect(dayName).toBeVisible();
    await expect(mark).toContainText('A');
    for (const figure of ['Month', 'Batch']) {
      const label = sunita.getByText(figure, { exact: true });
      await expect(label).toBeVisible();
      const box = (await label.boundingBox())!;
      expect(box.x + box.width, figure).toBeLessThanOrEqual(360);
    }
    await expect(sunita.getByText('0%')).toHaveCount(2);
    const box = (await dayName.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoViolations(page, 'the monthly grid');

    // Back on Today's classes: taken.
    await page.goto('/classes');
    await expect(page.getByRole('link', { name: new RegExp(`^${batch.name}`) })).toContainText('Attendance taken');
  });
});

test('an unsaved register kept when the session ended comes back and saves, with a student who joined since marked present', async ({ page, adminApi }) => {
  const holiday = await holidayOn(indiaToday());
  test.skip(Boolean(holiday), `${holiday ?? ''} is a holiday of the institute's calendar: no register can be taken today.`);
  const batch = await batchOf(adminApi, null, ['Asha Verma', 'Bhavna Rao']);
  const register = async () =>
    (await (await adminApi.get(`/api/admin/batches/${batch.batchId}/attendance/${indiaToday()}`)).json()) as {
      version: number;
      students: { studentId: string; name: string; mark: string }[];
    };
  const asha = (await register()).students.find((s) => s.name === 'Asha Verma')!;

  // What the register kept when the Owner's session ended (src/admin/drafts.ts): Asha tapped
  // absent, before Bhavna joined the batch.
  await page.goto('/adminPanel');
  const key = `adminDraft:register:${batch.batchId}:${indiaToday()}`;
  const draft = JSON.stringify({ marks: { [asha.studentId]: { mark: 'absent', reason: '' } }, version: 0 });
  await page.evaluate((kept) => sessionStorage.setItem(kept.key, kept.draft), { key, draft });
  await page.goto(`/classes/${batch.batchId}`);
  await expect(panelHeading(page)).toHaveText(`Register: ${batch.name}`);
  await expect(page.getByText('Your unsaved register was kept and is back. Check it, then save it.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Asha Verma/ })).toContainText('Absent');
  await expect(page.getByRole('button', { name: /Bhavna Rao/ })).toContainText('Present');
  await expect(page.getByText('1 present, 1 absent')).toBeVisible();

  await page.getByRole('button', { name: 'Save attendance' }).click();
  await expect(page.getByRole('region', { name: 'Absent (1)' })).toBeVisible();
  const saved = await register();
  expect(saved.version).toBe(1);
  expect(saved.students.map((s) => [s.name, s.mark])).toEqual([
    ['Asha Verma', 'absent'],
    ['Bhavna Rao', 'present'],
  ]);
});
