/**
 * A student's own classes on /account, on a 360 px phone, against the real API: a student with a
 * record (written with SQL: a batch, their marks, a certificate) signs in and sees their batch
 * with its next class, the attendance line with the classes missed, and the certificate's Print
 * and Verify links.
 */
import { indiaToday } from '../../src/lib/schemas/real-day';
import { studentDay } from '../../src/lib/schemas/student-classes';
import { addBatch, addCertificate, addCourse, addStudent, addTeacher, addToBatch, dayPlus, markDay, uniqueTag } from '../support/class-records';
import { expectNoViolations } from './axe';
import { withDatabase } from './database';
import { expect, test } from './fixtures';
import { codeFor } from './outbox';

test.use({ viewport: { width: 360, height: 740 } });

test('a student sees their batch, attendance and certificates on /account', async ({ page }) => {
  test.setTimeout(120_000);
  const client = { 'x-forwarded-for': `198.18.${1 + Math.floor(Math.random() * 254)}.${1 + Math.floor(Math.random() * 254)}` };
  await page.setExtraHTTPHeaders(client);
  const email = `classes-${uniqueTag()}@example.in`;
  const password = 'correct horse battery';
  const today = indiaToday();
  const thisYear = today.slice(0, 4);

  await test.step('an account, registered and verified', async () => {
    const registered = await page.request.post('/api/user/register', { data: { age: 'adult', name: 'Kavita Soni', email, password }, headers: client });
    expect(registered.status()).toBe(201);
    const { activationToken } = (await registered.json()) as { activationToken: string };
    const verified = await page.request.post('/api/user/verify', { data: { otp: Number(await codeFor(email)), activationToken }, headers: client });
    expect(verified.status()).toBe(200);
  });

  // Her record in a batch that meets every day until next month, four classes marked, and a certificate.
  const { certificate } = await withDatabase(async (sql) => {
    const courseId = await addCourse(sql, 'RS-CIT (Basic)');
    const teacherId = await addTeacher(sql, 'Meena Joshi');
    const student = await addStudent(sql, { name: 'Kavita Soni', email });
    const batch = await addBatch(sql, {
      courseId,
      name: `RS-CIT Morning ${uniqueTag()}`,
      startsOn: dayPlus(today, -10),
      endsOn: dayPlus(today, 40),
      days: [1, 2, 3, 4, 5, 6, 7],
      startsAt: '09:00',
      endsAt: '23:59',
      room: 'Lab 2',
      teacherId,
    });
    await addToBatch(sql, batch, student);
    await markDay(sql, batch, dayPlus(today, -4), student, 'present');
    await markDay(sql, batch, dayPlus(today, -3), student, 'absent');
    await markDay(sql, batch, dayPlus(today, -2), student, 'leave', 'Exam at school');
    await markDay(sql, batch, dayPlus(today, -1), student, 'present');
    const number = await addCertificate(sql, { studentId: student, batchId: batch, studentName: 'Kavita Soni', course: 'RS-CIT (Basic)', issuedOn: today });
    return { certificate: number };
  });

  await test.step('signs in', async () => {
    await page.goto('/login');
    const main = page.getByRole('main');
    await main.getByLabel('Email').fill(email);
    await main.getByLabel('Password').fill(password);
    await main.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  await test.step('/account: My classes, My attendance, My certificates', async () => {
    await page.goto('/account');
    const main = page.getByRole('main');
    const classes = main.getByRole('region', { name: 'My classes' });
    await expect(classes.getByRole('heading', { name: /RS-CIT Morning/ })).toBeVisible();
    await expect(classes.getByText('Mon, Tue, Wed, Thu, Fri, Sat, Sun')).toBeVisible();
    await expect(classes.getByText('09:00 to 23:59')).toBeVisible();
    await expect(classes.getByText('Meena Joshi')).toBeVisible();
    await expect(classes.getByText('Lab 2')).toBeVisible();
    // Today's class has not ended (it ends at 23:59): it is the next one, written as students read days.
    await expect(classes.getByText(studentDay(today, thisYear), { exact: true })).toBeVisible();

    const attendance = main.getByRole('region', { name: 'My attendance' });
    await expect(attendance.getByText('You attended 2 of 4 classes (50%)')).toBeVisible();
    await expect(attendance.getByRole('listitem').filter({ hasText: new RegExp(`^${studentDay(dayPlus(today, -3), thisYear)}: Absent$`) })).toBeVisible();
    await expect(
      attendance.getByRole('listitem').filter({ hasText: new RegExp(`^${studentDay(dayPlus(today, -2), thisYear)}: On leave \\(Exam at school\\)$`) }),
    ).toBeVisible();

    const certificates = main.getByRole('region', { name: 'My certificates' });
    await expect(certificates.getByText(`No. ${certificate}`)).toBeVisible();
    await expect(certificates.getByRole('link', { name: `Print certificate ${certificate}` })).toHaveAttribute('href', `/certificate/${certificate}/print`);
    await expect(certificates.getByRole('link', { name: `Verify certificate ${certificate}` })).toHaveAttribute('href', `/certificate/${certificate}`);

    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoViolations(page, '/account with a student’s classes');
  });
});
