/**
 * A student pays a due by UPI from /account on a 360 px phone, against the real API: their record
 * with a due (written with SQL) shows the due with its state and what is left to pay, Pay by UPI
 * gives the `upi://pay` link with the amount and the due's reference, and "I have paid: enter the
 * UTR" sends the report, which then reads "Waiting for the office to confirm".
 */
import { formatRupees } from '../../src/lib/money';
import { indiaToday } from '../../src/lib/schemas/real-day';
import { addCourse, addStudent, dayPlus, uniqueTag } from '../support/class-records';
import { expectNoViolations } from './axe';
import { withDatabase } from './database';
import { expect, test } from './fixtures';
import { codeFor } from './outbox';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

test('a student sees a due, its UPI link, reports the UTR and sees it waiting for the office', async ({ page }) => {
  test.setTimeout(120_000);
  const client = { 'x-forwarded-for': `198.18.${1 + Math.floor(Math.random() * 254)}.${1 + Math.floor(Math.random() * 254)}` };
  await page.setExtraHTTPHeaders(client);
  const email = `fees-${uniqueTag()}@example.in`;
  const password = 'correct horse battery';
  const today = indiaToday();
  const utr = `6${String(Date.now()).slice(-11)}`;

  await test.step('an account, registered and verified', async () => {
    const registered = await page.request.post('/api/user/register', { data: { age: 'adult', name: 'Pooja Meena', email, password }, headers: client });
    expect(registered.status()).toBe(201);
    const { activationToken } = (await registered.json()) as { activationToken: string };
    const verified = await page.request.post('/api/user/verify', { data: { otp: Number(await codeFor(email)), activationToken }, headers: client });
    expect(verified.status()).toBe(200);
  });

  // Her record with an overdue instalment of ₹3,000, ₹500 of it paid.
  const { reference } = await withDatabase(async (sql) => {
    const courseId = await addCourse(sql, 'Tally Prime');
    const student = await addStudent(sql, { name: 'Pooja Meena', email });
    const [due] = await sql<{ reference: string }>(
      `insert into fee_dues (reference, student_id, course_id, seq, label, amount_paise, paid_paise, due_on)
       values ('D' || lpad(nextval('fee_due_reference_seq')::text, 6, '0'), $1, $2, 1, 'Instalment 1 of 3', 300000, 50000, $3) returning reference`,
      [student, courseId, dayPlus(today, -3)],
    );
    return { reference: due!.reference };
  });

  await test.step('signs in', async () => {
    await page.goto('/login');
    const main = page.getByRole('main');
    await main.getByLabel('Email').fill(email);
    await main.getByLabel('Password').fill(password);
    await main.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  const fees = page.getByRole('main').getByRole('region', { name: 'My fees' });
  await test.step('/account: the due, its state and the UPI link with the amount and reference', async () => {
    await page.goto('/account');
    await expect(fees.getByRole('heading', { name: /Instalment 1 of 3/ })).toBeVisible();
    await expect(fees.getByText(`Left to pay: ${formatRupees(250000)}`)).toBeVisible();
    await expect(fees.getByText(/^Overdue$/)).toBeVisible();
    await fees.getByRole('button', { name: 'Pay by UPI' }).click();
    const link = fees.getByRole('link', { name: `Pay ${formatRupees(250000)} with a UPI app` });
    await expect(link).toBeVisible();
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/^upi:\/\/pay\?pa=[^&]+@[^&]+&pn=[^&]+&am=2500\.00&tn=Fees%20D\d{6}%20Instalment%201%20of%203&tr=D\d{6}&cu=INR$/);
    expect(href).toContain(`&tr=${reference}&`);
  });

  await test.step('reports the UTR and sees it waiting for the office to confirm', async () => {
    await fees.getByRole('button', { name: 'I have paid: enter the UTR' }).click();
    const form = fees.getByRole('form', { name: 'Report a UPI payment for Instalment 1 of 3' });
    await expect(form.getByLabel('Amount you paid (₹)')).toHaveValue('2500.00');
    await form.getByLabel('UTR (12 digits)').fill(utr);
    await form.getByRole('button', { name: 'Send to the office' }).click();
    await expect(fees.getByText('Waiting for the office to confirm', { exact: true })).toBeVisible();
    await expect(fees.getByText(`${formatRupees(250000)} for Instalment 1 of 3 (${reference})`, { exact: false })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoViolations(page, '/account with a student’s fees');
  });

  await test.step('/hi/account: the same fees in Hindi', async () => {
    await page.goto('/hi/account');
    const feesHi = page.getByRole('main').getByRole('region', { name: 'मेरी फ़ीस' });
    await expect(feesHi.getByRole('heading', { name: /Instalment 1 of 3/ })).toBeVisible();
    await expect(feesHi.getByText(`चुकाना बाकी: ${formatRupees(250000)}`)).toBeVisible();
    await expect(feesHi.getByText(/^तारीख़ निकल गई$/)).toBeVisible();
    await expect(feesHi.getByText(`आपने ${formatRupees(250000)} का भुगतान बताया है: ऑफ़िस की पुष्टि का इंतज़ार है।`)).toBeVisible();
    await expect(feesHi.getByText('ऑफ़िस की पुष्टि का इंतज़ार', { exact: true })).toBeVisible();
    await expect(feesHi.getByRole('button', { name: 'UPI से भुगतान करें' })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: test.info().outputPath('hi-account-fees-360.png'), fullPage: true });
  });
});
