/**
 * The institute's fees on a 360 px phone, end to end. The Owner keeps a plan of ₹9,000 in three
 * instalments for a course; two students join a batch of it, which makes their dues, and ten days
 * pass, so the first instalment is ten days overdue (a due made after its day carries no late fee,
 * decision 032: the days are moved back in the database, as the calendar would). An Accountant opens Today and finds Ravi's overdue instalment with its
 * WhatsApp reminder (the amount with its late fee and the UPI link in the text); at the counter she collects ₹1,000
 * of it in cash and ₹2,000 by UPI with its UTR; the same UTR again is refused naming the receipt;
 * the UPI receipt prints in English and Hindi (the amount in words in both, the balance, the UTR).
 * Sunita signs in to /account, pays her instalment by the UPI link and enters the UTR; the
 * Accountant confirms it under Payments to confirm on Today; Sunita's page then lists the receipt,
 * and /payment-success/{id} shows it to her.
 *
 * The course, the batch and the students' records are made through the staff API (their own
 * screens are tested elsewhere), Sunita's website account through the public API. Days are India's.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { formatRupees } from '../../src/lib/money';
import { indiaToday } from '../../src/lib/schemas/real-day';
import { dayPlus } from '../support/class-records';
import { expectNoViolations } from './axe';
import { clientAddress, expect, inviteColleague, panelHeading, SIGNED_OUT, signInFirstTime, test, uniqueLetters } from './admin-fixtures';
import { withDatabase } from './database';
import { codeFor } from './outbox';

const PHONE = { width: 360, height: 740 };

/** A mobile number of India (10 digits, starting 9), different in every run. */
const uniqueMobile = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
/** A UTR (12 digits) no other run has used. */
const uniqueUtr = (lead: string) => `${lead}${String(Date.now()).slice(-8)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;

/** A phone-sized browser of its own (no cookies), posing as a client address of its own. */
async function phoneOf(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseURL ?? '',
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
    storageState: SIGNED_OUT,
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
  });
  return context.newPage();
}

/** POSTs `data` to `path` as the signed-in Owner and answers the JSON, failing on anything but `status`. */
async function post<T>(api: APIRequestContext, path: string, data: unknown, status = 201): Promise<T> {
  const answer = await api.post(path, { data, headers: { 'x-forwarded-for': clientAddress() } });
  expect(answer.status(), await answer.text()).toBe(status);
  return (await answer.json()) as T;
}

test.use({ viewport: PHONE });

test('an Accountant collects cash and UPI, prints the receipt, a used UTR is refused; a student pays by UPI and staff confirm it; an overdue instalment waits on Today', async ({
  adminApi,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const today = indiaToday();
  const tag = uniqueLetters();
  const course = `Tally Prime ${tag}`;
  const ravi = { name: `Ravi Meena ${tag}`, email: `ravi-${tag.toLowerCase()}@example.in`, phone: uniqueMobile() };
  const sunita = { name: `Sunita Sharma ${tag}`, email: `sunita-${tag.toLowerCase()}@example.in`, phone: uniqueMobile() };
  const password = 'correct horse battery staple';
  const cashUtr = uniqueUtr('4');
  const studentUtr = uniqueUtr('6');

  await test.step('the records: a course with its fee plan, a batch, two students who join it (their dues are made)', async () => {
    const { item } = await post<{ item: { _id: string } }>(adminApi, '/api/courses', {
      title: course,
      category: 'Accounts',
      price: 9000,
      duration: '3 months',
      image: '/logo.svg',
      description: 'Tally with GST, for the office.',
    });
    await post(adminApi, '/api/admin/fee-plans', {
      courseId: item._id,
      total: '9,000',
      lateFee: '200',
      graceDays: 5,
      instalments: [
        { amount: '3000', dueOn: today },
        { amount: '3000', dueOn: dayPlus(today, 20) },
        { amount: '3000', dueOn: dayPlus(today, 50) },
      ],
    });
    const batch = await post<{ item: { _id: string } }>(adminApi, '/api/admin/batches', {
      courseId: item._id,
      name: `Tally Morning ${tag}`,
      startsOn: dayPlus(today, -20),
      endsOn: dayPlus(today, 70),
      days: [1, 3, 5],
      startsAt: '07:00',
      endsAt: '08:00',
      room: `Lab F ${tag}`,
      seats: 20,
      status: 'running',
    });
    for (const p of [ravi, sunita]) {
      const made = await post<{ item: { _id: string } }>(adminApi, '/api/students', { ...p, course });
      await post(adminApi, `/api/admin/batches/${batch.item._id}/students`, { studentId: made.item._id });
    }
    // Ten days pass: the first instalment, made before its day with its late fee, fell due ten days ago.
    const moved = await withDatabase((sql) =>
      sql(`update fee_dues set due_on = $1 where course_id = $2 and seq = 1 returning id`, [dayPlus(today, -10), item._id]),
    );
    expect(moved).toHaveLength(2);
    const client = { 'x-forwarded-for': clientAddress() };
    const registered = await adminApi.post('/api/user/register', { data: { age: 'adult', name: sunita.name, email: sunita.email, password }, headers: client });
    expect(registered.status(), await registered.text()).toBe(201);
    const { activationToken } = (await registered.json()) as { activationToken: string };
    const verified = await adminApi.post('/api/user/verify', { data: { otp: Number(await codeFor(sunita.email)), activationToken }, headers: client });
    expect(verified.status(), await verified.text()).toBe(200);
  });

  const accountant = await inviteColleague(adminApi, `Accountant${tag}`, 'accountant');
  const office = await phoneOf(browser, baseURL);
  await office.context().route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }));
  await signInFirstTime(office, accountant);

  await test.step('Today: Ravi’s overdue instalment with the total and its WhatsApp reminder carrying the amount and the UPI link', async () => {
    await office.goto('/adminToday');
    await expect(panelHeading(office)).toHaveText('Today');
    const overdue = office.getByRole('region', { name: /^Fees overdue/ });
    const card = overdue.getByRole('listitem').filter({ hasText: ravi.name });
    // ₹3,000 and its late fee of ₹200: ten days overdue is past the five days' grace.
    await expect(card).toContainText('₹3,200');
    await expect(card).toContainText('Overdue by 10 days');
    await expect(overdue).toContainText('Total: ₹');
    const popup = office.waitForEvent('popup');
    await card.getByRole('button', { name: `WhatsApp English reminder to ${ravi.name}` }).click();
    const whatsapp = await popup;
    await whatsapp.waitForURL(/^https:\/\/wa\.me\//);
    const link = new URL(whatsapp.url());
    expect(link.pathname).toBe(`/91${ravi.phone}`);
    const text = link.searchParams.get('text') ?? '';
    // Its day has passed: it was due, is overdue, and the amount names the late fee it includes.
    expect(text).toContain('Instalment 1 of 3 of your Tally Prime');
    expect(text).toContain('is now overdue. The amount to pay is ₹3,200, which includes a ₹200 late fee');
    expect(text).toContain('upi://pay?pa=pragatiinstitute@sbi&pn=Pragati%20Computer%20and%20Education%20Institute&am=3200.00');
    await whatsapp.close();
    await expect(card).toContainText(/Reminded \d+ minutes? ago/);
  });

  let upiReceipt = '';
  let upiReceiptId = '';
  await test.step('the counter: ₹1,000 of it in cash, ₹2,000 by UPI with its UTR, and the same UTR again refused naming the receipt', async () => {
    await office.goto('/fees');
    await expect(panelHeading(office)).toHaveText('Collect fees');
    await office.getByLabel('Find a student').fill(ravi.phone.slice(-6));
    await office.getByRole('button', { name: 'Search' }).click();
    await office.getByRole('link', { name: ravi.name }).click();
    await expect(panelHeading(office)).toHaveText(`Fees of ${ravi.name}`);

    const amount = office.getByLabel('Amount (₹)');
    await expect(amount).toHaveValue('3200');
    await amount.fill('1000');
    await office.getByRole('button', { name: 'Collect ₹1,000' }).click();
    const cash = office.getByRole('status').filter({ hasText: 'Receipt PCI/' });
    await expect(cash).toContainText(`₹1,000 in cash received from ${ravi.name}.`);

    // The next payment is a deliberate new start.
    await office.getByRole('button', { name: 'Collect another payment' }).click();
    await amount.fill('2000');
    await office.getByText('UPI', { exact: true }).click();
    await office.getByLabel('UTR (12 digits)').fill(cashUtr);
    const collected = office.waitForResponse((r) => r.url().endsWith('/api/admin/fees/collect') && r.status() === 201);
    await office.getByRole('button', { name: 'Collect ₹2,000' }).click();
    const made = (await (await collected).json()) as { receipt: { id: string; number: string } };
    upiReceipt = made.receipt.number;
    upiReceiptId = made.receipt.id;
    await expect(office.getByRole('status').filter({ hasText: upiReceipt })).toContainText(`₹2,000 by UPI received from ${ravi.name}.`);

    // The same UTR once more: refused beside the field, naming the receipt; what was typed stays.
    await office.getByRole('button', { name: 'Collect another payment' }).click();
    await amount.fill('500');
    await office.getByText('UPI', { exact: true }).click();
    await office.getByLabel('UTR (12 digits)').fill(cashUtr);
    await office.getByRole('button', { name: 'Collect ₹500' }).click();
    await expect(office.getByText(`This UTR is already on receipt ${upiReceipt}.`)).toBeVisible();
    await expect(office.getByLabel('UTR (12 digits)')).toHaveValue(cashUtr);
    await expect(amount).toHaveValue('500');
    await expectNoViolations(office, 'a student’s fees after a refused UTR');
  });

  await test.step('the UPI receipt prints in English and Hindi: the amount in figures and words, the UTR, paid so far and the balance', async () => {
    const printed = await office.context().newPage();
    await printed.goto(`/fees/receipt/${upiReceiptId}`);
    const receipt = printed.getByRole('main');
    await expect(receipt).toContainText(upiReceipt);
    await expect(receipt).toContainText(ravi.name);
    await expect(receipt).toContainText(formatRupees(200000));
    await expect(receipt).toContainText('Two thousand rupees only');
    await expect(receipt).toContainText('दो हज़ार रुपये मात्र');
    await expect(receipt).toContainText(cashUtr);
    await expect(receipt).toContainText(formatRupees(300000)); // paid so far
    await expect(receipt).toContainText(formatRupees(620000)); // the balance of the course: ₹9,000 and the late fee, less ₹3,000
    await printed.evaluate(() => document.fonts.ready);
    await printed.screenshot({ path: test.info().outputPath('receipt.png'), fullPage: true });
    await printed.close();
  });

  const student = await phoneOf(browser, baseURL);
  const fees = student.getByRole('main').getByRole('region', { name: 'My fees' });
  await test.step('Sunita pays her instalment by the UPI link on /account and enters the UTR', async () => {
    await student.goto('/login');
    const main = student.getByRole('main');
    await main.getByLabel('Email').fill(sunita.email);
    await main.getByLabel('Password').fill(password);
    await main.getByRole('button', { name: 'Login' }).click();
    await expect(student).toHaveURL(/\/$/);
    await student.goto('/account');
    await expect(fees.getByRole('heading', { name: /Instalment 1 of 3/ })).toBeVisible();
    await fees.getByRole('button', { name: 'Pay by UPI' }).first().click();
    const link = fees.getByRole('link', { name: `Pay ${formatRupees(320000)} with a UPI app` });
    await expect(link).toHaveAttribute(
      'href',
      /^upi:\/\/pay\?pa=pragatiinstitute@sbi&pn=.+&am=3200\.00&tn=Fees%20D\d{6}%20Instalment%201%20of%203&tr=D\d{6}&cu=INR$/,
    );
    await fees.getByRole('button', { name: 'I have paid: enter the UTR' }).first().click();
    const form = fees.getByRole('form', { name: 'Report a UPI payment for Instalment 1 of 3' });
    await form.getByLabel('UTR (12 digits)').fill(studentUtr);
    await form.getByRole('button', { name: 'Send to the office' }).click();
    await expect(fees.getByText('Waiting for the office to confirm', { exact: true })).toBeVisible();
  });

  await test.step('the Accountant confirms it under Payments to confirm on Today', async () => {
    await office.goto('/adminToday');
    const toConfirm = office.getByRole('region', { name: /^Payments to confirm/ });
    const card = toConfirm.getByRole('listitem').filter({ hasText: sunita.name });
    await expect(card).toContainText(`UTR ${studentUtr}`);
    await expectNoViolations(office, 'Today with a payment to confirm');
    await card.getByRole('button', { name: `Confirm ${formatRupees(320000)} from ${sunita.name}` }).click();
    await expect(toConfirm.getByRole('listitem').filter({ hasText: sunita.name })).toHaveCount(0);
  });

  await test.step('Sunita’s page lists the receipt, and /payment-success shows it to her', async () => {
    await student.reload();
    const receipts = fees.getByRole('link', { name: /^Print receipt PCI\// });
    await expect(receipts).toHaveCount(1);
    await expect(fees).toContainText(`${formatRupees(320000)} by UPI`);
    const href = (await receipts.getAttribute('href')) ?? '';
    const id = /\/fees\/receipt\/(\d+)\?as=student/.exec(href)![1]!;
    await student.goto(`/payment-success/${id}`);
    await expect(student.getByRole('main')).toContainText(formatRupees(320000));
    await expect(student.getByRole('main')).toContainText(studentUtr);
    await expectNoViolations(student, '/payment-success with the student’s own receipt');
  });
  await student.context().close();
  await office.context().close();
});
