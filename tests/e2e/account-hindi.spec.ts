/**
 * The account screens in Hindi (/hi/register, /hi/login, /hi/account) on a 360 px phone: the
 * browser's own checks speak Hindi, the forms' links and moves stay on Hindi pages, and a signed-in
 * student's account — profile, classes, attendance, password, logging out — reads in Hindi with
 * nothing clipped or wider than the phone. The English twins are covered word for word by
 * account.spec.ts and account-classes.spec.ts.
 */
import type { Page } from '@playwright/test';
import { indiaToday } from '../../src/lib/schemas/real-day';
import { studentDay } from '../../src/lib/schemas/student-classes';
import { addBatch, addCourse, addStudent, addTeacher, addToBatch, dayPlus, markDay, uniqueTag } from '../support/class-records';
import { expectNoViolations } from './axe';
import { withDatabase } from './database';
import { awake, expect, test, answerAdult } from './fixtures';
import { codeFor } from './outbox';

test.use({ viewport: { width: 360, height: 740 } });

const client = () => ({ 'x-forwarded-for': `198.18.${1 + Math.floor(Math.random() * 254)}.${1 + Math.floor(Math.random() * 254)}` });

/** Buttons, links styled as buttons and inputs of `page` whose text or box is cut off. */
const clipped = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main button, main .btn, main input, main label, main h2')]
      .filter((el) => el.offsetParent !== null)
      .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1 || el.getBoundingClientRect().right > 360)
      .map((el) => el.textContent?.trim() || el.outerHTML.slice(0, 80)),
  );

test('/hi/register and /hi/login: the browser’s checks and the links in Hindi', async ({ page }) => {
  await page.setExtraHTTPHeaders(client());

  await page.goto('/hi/register');
  const register = page.getByRole('main');
  await expect(register.getByRole('heading', { name: 'अपना खाता बनाएँ' })).toBeVisible();
  await answerAdult(register);
  await register.getByLabel('पूरा नाम').fill('आशा देवी');
  await register.getByLabel('ई-मेल').fill('asha@example.in');
  await register.getByLabel('पासवर्ड').fill('छोटा');
  await register.getByRole('button', { name: 'रजिस्टर करें' }).click();
  await expect(register.getByText('कृपया कम से कम 8 अक्षरों का पासवर्ड चुनें।')).toBeVisible();
  // What was typed stays.
  await expect(register.getByLabel('पूरा नाम')).toHaveValue('आशा देवी');
  await expect(register.getByRole('link', { name: 'लॉगिन' })).toHaveAttribute('href', '/hi/login');
  expect(await clipped(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('hi-register-360.png'), fullPage: true });

  await page.goto('/hi/login');
  const login = page.getByRole('main');
  await expect(login.getByRole('heading', { name: 'अपने खाते में लॉगिन करें' })).toBeVisible();
  await login.getByLabel('ई-मेल').fill('asha@example.in');
  await login.getByRole('button', { name: 'लॉगिन' }).click();
  await expect(login.getByText('कृपया अपना पासवर्ड डालें।')).toBeVisible();
  await expect(login.getByRole('link', { name: 'पासवर्ड भूल गए?' })).toHaveAttribute('href', '/hi/forgot-password');
  await expect(login.getByRole('link', { name: 'रजिस्टर करें' })).toHaveAttribute('href', '/hi/register');
  expect(await clipped(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('hi-login-360.png'), fullPage: true });
});

test('/hi/verify takes the e-mailed code typed in Devanagari digits and sends it as the number', async ({ page }) => {
  await page.goto('/hi/about');
  await page.evaluate(() => localStorage.setItem('activationToken', 'some-token'));
  let sent: unknown;
  await page.route('**/api/user/verify', (route) => {
    sent = route.request().postDataJSON();
    return route.fulfill({ status: 400, json: { message: 'यह कोड सही नहीं है।' } });
  });
  await page.goto('/hi/verify');
  await awake(page, 'VerifyForm');
  const main = page.getByRole('main');
  await main.getByLabel('पुष्टि कोड').fill('०१२३४५');
  await main.getByRole('button', { name: 'पुष्टि करें' }).click();
  await expect(main.getByRole('alert')).toHaveText('यह कोड सही नहीं है।');
  expect(sent).toEqual({ otp: 12345, activationToken: 'some-token' });
  // What was typed stays as typed.
  await expect(main.getByLabel('पुष्टि कोड')).toHaveValue('०१२३४५');
});

test('a signed-in student’s /hi/account reads in Hindi', async ({ page }) => {
  test.setTimeout(120_000);
  const headers = client();
  await page.setExtraHTTPHeaders(headers);
  const email = `hindi-${uniqueTag()}@example.in`;
  const password = 'correct horse battery';
  const today = indiaToday();
  const thisYear = today.slice(0, 4);

  const registered = await page.request.post('/api/user/register', { data: { age: 'adult', name: 'Kavita Soni', email, password }, headers });
  expect(registered.status()).toBe(201);
  const { activationToken } = (await registered.json()) as { activationToken: string };
  const verified = await page.request.post('/api/user/verify', { data: { otp: Number(await codeFor(email)), activationToken }, headers });
  expect(verified.status()).toBe(200);
  await withDatabase(async (sql) => {
    const courseId = await addCourse(sql, 'RS-CIT (Basic)');
    const teacherId = await addTeacher(sql, 'Meena Joshi');
    const student = await addStudent(sql, { name: 'Kavita Soni', email });
    const batch = await addBatch(sql, {
      courseId,
      name: `RS-CIT Morning ${uniqueTag()}`,
      startsOn: dayPlus(today, -10),
      endsOn: dayPlus(today, 40),
      days: [1, 3, 5],
      startsAt: '09:00',
      endsAt: '10:00',
      room: 'Lab 2',
      teacherId,
    });
    await addToBatch(sql, batch, student);
    await markDay(sql, batch, dayPlus(today, -3), student, 'present');
    await markDay(sql, batch, dayPlus(today, -2), student, 'absent');
  });

  await page.goto('/hi/login');
  const main = page.getByRole('main');
  await main.getByLabel('ई-मेल').fill(email);
  await main.getByLabel('पासवर्ड').fill(password);
  await main.getByRole('button', { name: 'लॉगिन' }).click();
  // Logged in, the student stays on the Hindi site.
  await expect(page).toHaveURL(/\/hi$/);

  await page.goto('/hi/account');
  const account = page.getByRole('main');
  const profile = account.getByRole('region', { name: 'मेरी प्रोफ़ाइल' });
  await expect(profile.getByText('Kavita Soni')).toBeVisible();
  await expect(profile.getByRole('link', { name: 'डैशबोर्ड' })).toHaveAttribute('href', '/hi/course-list');
  await expect(profile.getByRole('button', { name: 'लॉगआउट' })).toBeVisible();

  const classes = account.getByRole('region', { name: 'मेरी कक्षाएँ' });
  await expect(classes.getByText('सोम, बुध, शुक्र')).toBeVisible();
  await expect(classes.getByText('09:00 से 10:00')).toBeVisible();
  await expect(classes.getByText('चल रहा है', { exact: false })).toBeVisible();
  const attendance = account.getByRole('region', { name: 'मेरी हाज़िरी' });
  await expect(attendance.getByText('2 कक्षाओं में से 1 में आपकी हाज़िरी (50%); 1 बार अनुपस्थित।')).toBeVisible();
  await expect(attendance.getByText(`${studentDay(dayPlus(today, -2), thisYear, 'hi')}: अनुपस्थित`)).toBeVisible();

  const password_ = account.getByRole('region', { name: 'पासवर्ड बदलें' });
  await expect(password_.getByLabel('अभी का पासवर्ड')).toBeVisible();
  await password_.getByRole('button', { name: 'पासवर्ड बदलें' }).click();
  await expect(password_.getByText('कृपया अपना अभी का पासवर्ड डालें।')).toBeVisible();
  await expect(account.getByRole('region', { name: 'सभी डिवाइस से लॉगआउट करें' }).getByRole('button', { name: 'सभी डिवाइस से लॉगआउट करें' })).toBeVisible();

  // Nothing wider than the phone, no Devanagari cut off in a button, tab or field.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await clipped(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('hi-account-360.png'), fullPage: true });
  await expectNoViolations(page, '/hi/account with a student’s classes');
});
