/**
 * A fee receipt as its student prints it, on a 360 px phone and at A4: /fees/receipt/{id}?as=student
 * shows the amount in figures and in words in English and Hindi, the Hindi in the Devanagari font
 * the site ships; printed on half an A4 sheet it is one page; /payment-success/{id} shows the
 * student's own payment, and another student's says it is not in their account. The student signs
 * up through the API; the course, dues and receipts are written straight to the test server's database.
 */
import { indiaToday } from '../../src/lib/schemas/real-day';
import { addCourse, addStudent, uniqueTag } from '../support/class-records';
import { expectNoViolations } from './axe';
import { withDatabase } from './database';
import { expect, test } from './fixtures';
import { codeFor } from './outbox';

test.use({ viewport: { width: 360, height: 740 } });

/** Each page of a PDF Chromium printed, as its width and height in whole points. */
const pagesOf = (pdf: Buffer) =>
  [...pdf.toString('latin1').matchAll(/\/MediaBox\s*\[([^\]]+)\]/g)].map((m) =>
    m[1]!
      .trim()
      .split(/\s+/)
      .slice(2)
      .map((n) => Math.round(Number(n))),
  );

test('a student prints their receipt in English and Hindi, and cannot see another’s payment', async ({ page }) => {
  test.setTimeout(120_000);
  const client = { 'x-forwarded-for': `198.18.${1 + Math.floor(Math.random() * 254)}.${1 + Math.floor(Math.random() * 254)}` };
  await page.setExtraHTTPHeaders(client);
  const tag = uniqueTag();
  const email = `receipt-${tag}@example.in`;
  const password = 'correct horse battery';
  const today = indiaToday();

  await test.step('an account, registered, verified and signed in', async () => {
    const registered = await page.request.post('/api/user/register', { data: { age: 'adult', name: 'Kavita Soni', email, password }, headers: client });
    expect(registered.status()).toBe(201);
    const { activationToken } = (await registered.json()) as { activationToken: string };
    const verified = await page.request.post('/api/user/verify', { data: { otp: Number(await codeFor(email)), activationToken }, headers: client });
    expect(verified.status()).toBe(200);
    const login = await page.request.post('/api/user/login', { data: { email, password }, headers: client });
    const { token } = (await login.json()) as { token: string };
    await page.goto('/about');
    await page.evaluate((t) => localStorage.setItem('token', t), token);
  });

  // Her ₹25,000 due, of which she paid ₹12,345.50 by UPI; another student's receipt beside it.
  const { mine, theirs, number, invoice } = await withDatabase(async (sql) => {
    const courseId = await addCourse(sql, 'Tally Prime with GST');
    const kavita = await addStudent(sql, { name: 'Kavita Soni', email });
    const other = await addStudent(sql, { name: 'Ravi Kumar', email: `other-${tag}@example.in` });
    let made = 0;
    const receiptOf = async (studentId: string, paise: number, utr: string | null, course = courseId) => {
      const [due] = await sql<{ id: string }>(
        `insert into fee_dues (reference, student_id, course_id, seq, label, amount_paise, paid_paise, due_on)
         values ('D' || lpad(nextval('fee_due_reference_seq')::text, 6, '0'), $1, $2, 1, 'Instalment 1 of 2', 2500000, $3, $4) returning id::text`,
        [studentId, course, paise, today],
      );
      // With the figures collect() fixes on a receipt when it is issued (paid so far, the balance left).
      const [receipt] = await sql<{ id: string; number: string }>(
        `insert into fee_receipts (number, financial_year, student_id, amount_paise, mode, utr, paid_on, received_by_name, paid_so_far_paise, balance_paise)
         values ($1, 'E2E', $2, $3::bigint, $4, $5, $6, 'Meena Joshi', $3::bigint, 2500000 - $3::bigint) returning id::text, number`,
        [`E2E/${tag.slice(-6)}/${(made += 1)}`, studentId, paise, utr ? 'upi' : 'cash', utr, today],
      );
      await sql(`insert into fee_allocations (receipt_id, due_id, amount_paise) values ($1, $2, $3)`, [receipt!.id, due!.id, paise]);
      return receipt!;
    };
    const utr = `9${String(Date.now()).slice(-11)}`;
    const own = await receiptOf(kavita, 1234550, utr);
    const another = await receiptOf(other, 500000, null);
    // A tax invoice of ₹1,180 (GST included) for another course, later cancelled (its due owes again).
    const invoice = await receiptOf(kavita, 118000, null, await addCourse(sql, 'Spoken English'));
    const tax = {
      gstin: '08ABCDE1234F1Z5',
      sac: '999293',
      placeOfSupply: 'Rajasthan (08)',
      taxablePaise: 100000,
      cgstPercent: 9,
      cgstPaise: 9000,
      sgstPercent: 9,
      sgstPaise: 9000,
    };
    await sql(`update fee_receipts set tax = $2, cancelled_at = now(), cancelled_reason = 'Entered twice by mistake.' where id = $1`, [
      invoice.id,
      JSON.stringify(tax),
    ]);
    return { mine: own.id, theirs: another.id, number: own.number, invoice };
  });

  const fonts: string[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
  });

  await test.step('the receipt on a phone: figures, words in both languages, the shipped Devanagari font', async () => {
    await page.goto(`/fees/receipt/${mine}?as=student`);
    const receipt = page.getByRole('article', { name: 'Receipt' });
    await expect(page.getByRole('status')).toHaveText(`Receipt ${number} of Kavita Soni. Choose the paper, then Print.`);
    await expect(receipt.locator('[data-field="amount"]')).toHaveText('₹12,345.50');
    await expect(receipt.locator('[data-field="wordsEn"]')).toHaveText('Twelve thousand three hundred forty-five rupees and fifty paise only');
    await expect(receipt.locator('[data-field="wordsHi"]')).toHaveText('बारह हज़ार तीन सौ पैंतालीस रुपये और पचास पैसे मात्र');
    await expect(receipt.locator('[data-field="mode"]')).toHaveText('UPI');
    await expect(receipt.locator('[data-field="paidSoFar"]')).toHaveText('₹12,345.50');
    await expect(receipt.locator('[data-field="balance"]')).toHaveText('₹12,654.50');
    await expect(receipt.locator('[data-field="receivedBy"]')).toHaveText('Meena Joshi');
    await expect(receipt.getByText('Fee receipt / शुल्क रसीद')).toBeVisible();
    await expect(receipt.getByText('Tax invoice')).toBeHidden();
    // What this receipt does not have is not shown: no batch, no cheque, no tax invoice's rows; UPI is said once.
    for (const absent of ['Batch', 'Cheque no.', 'Place of supply', 'Tax payable on reverse charge']) await expect(receipt.getByText(absent)).toBeHidden();
    await expect(receipt.locator('[data-field="modeHi"]')).toBeHidden();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

    const loaded = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].filter((f) => f.family.replace(/["']/g, '') === 'Noto Sans Devanagari' && f.status === 'loaded').length;
    });
    expect(loaded).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans Devanagari"', 'शब्दों'))).toBe(true);
    expect(fonts.some((f) => /^\/_astro\/noto-sans-devanagari-devanagari-400-normal\.[\w-]+\.woff2$/.test(f))).toBe(true);
    // The phone shows the whole receipt without sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoViolations(page, '/fees/receipt/{id} at 360px');
  });

  await test.step('printed on half an A4 sheet: one page, as the office prints it', async () => {
    await page.setViewportSize({ width: 794, height: 1123 });
    await page.emulateMedia({ media: 'print' });
    await page.screenshot({ path: '/work/notes/receipt.png', fullPage: false });
    // One page of 210 × 148.5 mm (595 × 421 pt).
    expect(pagesOf(await page.pdf({ preferCSSPageSize: true, printBackground: true }))).toEqual([[595, 421]]);
    await page.emulateMedia({ media: 'screen' });

    await page.getByLabel('80 mm thermal roll').check();
    await page.emulateMedia({ media: 'print' });
    // 80 mm wide (227 pt), one page as long as the receipt (with its 2 mm margins), not an A4's 297 mm (842 pt).
    const printedPt = await page.getByRole('article', { name: 'Receipt' }).evaluate((el) => el.getBoundingClientRect().height * 0.75);
    const roll = pagesOf(await page.pdf({ preferCSSPageSize: true }));
    expect(roll).toHaveLength(1);
    expect(roll[0]![0]).toBe(227);
    expect(roll[0]![1]).toBeGreaterThanOrEqual(Math.floor(printedPt + 11));
    expect(roll[0]![1]).toBeLessThanOrEqual(Math.ceil(printedPt + 30));
    expect(roll[0]![1]).toBeLessThan(700);
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: 360, height: 740 });
  });

  await test.step('a tax invoice shows the GST figures, and a cancelled one says so with the reason', async () => {
    await page.goto(`/fees/receipt/${invoice.id}?as=student`);
    const receipt = page.getByRole('article', { name: 'Receipt' });
    await expect(page.getByRole('status')).toHaveText(`Tax invoice ${invoice.number} of Kavita Soni was cancelled: it prints marked Cancelled.`);
    await expect(receipt.getByText('Tax invoice / कर बीजक')).toBeVisible();
    await expect(receipt.getByText('Fee receipt')).toBeHidden();
    await expect(receipt.locator('[data-field="gstin"]')).toHaveText('08ABCDE1234F1Z5');
    await expect(receipt.locator('[data-field="taxable"]')).toHaveText('₹1,000');
    await expect(receipt.locator('[data-field="cgst"]')).toHaveText('₹90');
    await expect(receipt.locator('[data-field="sgst"]')).toHaveText('₹90');
    await expect(receipt.getByText('CGST @ 9%')).toBeVisible();
    await expect(receipt.locator('[data-field="placeOfSupply"]')).toHaveText('Rajasthan (08)');
    await expect(receipt.locator('[data-field="wordsHi"]')).toHaveText('एक हज़ार एक सौ अस्सी रुपये मात्र');
    await expect(receipt.getByRole('note')).toContainText('Cancelled');
    await expect(receipt.getByRole('note')).toContainText('Entered twice by mistake.');
    await expectNoViolations(page, 'a cancelled tax invoice at 360px');
  });

  await test.step('/payment-success shows her own payment, and says another’s is not in her account', async () => {
    await page.goto(`/payment-success/${mine}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    await expect(main.getByRole('definition').first()).toHaveText(number);
    await expect(main.getByRole('link', { name: 'Print receipt' })).toHaveAttribute('href', `/fees/receipt/${mine}?as=student`);
    await expect(main.getByRole('link', { name: 'Go To Dashboard' })).toHaveAttribute('href', '/account');

    await page.goto(`/payment-success/${theirs}`);
    await expect(main.getByRole('heading', { name: 'Payment not found' })).toBeVisible();
    await expect(main.getByText('We could not find this payment in your account.')).toBeVisible();
    await expect(main.getByText('Payment Successful')).toHaveCount(0);
    await expect(main.getByText('Ravi Kumar')).toHaveCount(0);

    await page.goto(`/fees/receipt/${theirs}?as=student`);
    await expect(page.getByRole('status')).toHaveText('We could not find this payment in your account.');
    await expect(page.getByRole('article', { name: 'Receipt' })).toBeHidden();
  });
});
