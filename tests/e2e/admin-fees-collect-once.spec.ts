/**
 * A collection at the counter is recorded once, on a 360 px phone: after Collect the form gives
 * way to the receipt made (said once, with Print) and the new totals, so a tap again 3 s later
 * records nothing and mails nothing; "Collect another payment" starts a fresh fill with the amount
 * due now; a connection dropped after the server recorded the payment, then a reload and Collect
 * again, answers the same receipt. Nothing on the student's fees page scrolls sideways, the
 * advance checkbox is one row with its words, and a refused UTR's field is focused below the
 * sticky header. Signed in as the demo admin (an Owner collects); the student and dues are
 * written straight to the test server's database.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, panelHeading, test } from './admin-fixtures';
import { withClient } from './database';

/** Nothing on the page is wider than the phone. */
const noSidewaysScroll = async (page: Page) => {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
};

test('Collect records a payment once however it is tapped, retried or reloaded, and nothing scrolls sideways at 360 px', async ({ page }) => {
  test.setTimeout(120_000);
  const tag = randomBytes(3).toString('hex');
  const name = `Pooja Counter${tag}`;
  const email = `pooja-${tag}@example.in`;
  const { studentId } = await withClient(async (client) => {
    const [student] = (
      await client.query<{ id: string }>(
        `insert into students (name, email, phone, course) values ($1, $2, '9829055502', 'Tally Prime with GST and a long course name') returning id::text`,
        [name, email],
      )
    ).rows;
    // ₹4,000 overdue, ₹4,000 next month and ₹4,000 the month after.
    await client.query(
      `insert into fee_dues (reference, student_id, seq, label, amount_paise, due_on) values
         ($1, $4, 1, 'Instalment 1 of 3', 400000, (now() at time zone 'Asia/Kolkata')::date - 5),
         ($2, $4, 2, 'Instalment 2 of 3', 400000, (now() at time zone 'Asia/Kolkata')::date + 30),
         ($3, $4, 3, 'Instalment 3 of 3', 400000, (now() at time zone 'Asia/Kolkata')::date + 60)`,
      [`C${tag}1`, `C${tag}2`, `C${tag}3`, student!.id],
    );
    return { studentId: student!.id };
  });
  const receipts = () =>
    withClient(
      async (client) =>
        (
          await client.query<{ number: string; amount: number }>(
            `select number, amount_paise::int as amount from fee_receipts where student_id = $1 order by id`,
            [studentId],
          )
        ).rows,
    );
  const mails = () => withClient(async (client) => (await client.query(`select id from mail_outbox where recipient = $1`, [email])).rowCount);

  await page.goto(`/fees/students/${studentId}`);
  await expect(panelHeading(page)).toHaveText(`Fees of ${name}`);
  const amount = page.getByLabel('Amount (₹)');
  await expect(amount).toHaveValue('4000');
  await expect(page.getByText('Filled in: ₹4,000, what is due now.')).toBeVisible();

  await test.step('the page and its Collect form fit the phone', async () => {
    await noSidewaysScroll(page);
    const form = page.locator('.fee-collect');
    const box = (await form.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(await form.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  });

  await test.step('the advance checkbox is one tappable row with its words', async () => {
    const advance = page.getByRole('checkbox', { name: 'Keep the rest as an advance' });
    await page.getByText('Keep the rest as an advance').click();
    await expect(advance).toBeChecked();
    const [box, words] = [(await advance.boundingBox())!, (await page.getByText('Keep the rest as an advance').boundingBox())!];
    // Side by side on one line, a finger's width apart at most.
    expect(Math.abs(box.y + box.height / 2 - (words.y + words.height / 2))).toBeLessThan(6);
    expect(words.x - (box.x + box.width)).toBeLessThan(16);
    await page.getByText('Keep the rest as an advance').click();
    await expect(advance).not.toBeChecked();
  });

  let first = '';
  await test.step('Collect, then a tap on the same spot 3 s later: one receipt, one e-mail', async () => {
    const collect = page.getByRole('button', { name: 'Collect ₹4,000', exact: true });
    const spot = (await collect.boundingBox())!;
    await collect.click();
    const made = page.getByRole('status').filter({ hasText: 'in cash received' });
    await expect(made).toHaveText(/^Receipt PCI\/\d{2}-\d{2}\/\d{5}: ₹4,000 in cash received from Pooja Counter\w+\./);
    first = /PCI\/\d{2}-\d{2}\/\d{5}/.exec((await made.textContent()) ?? '')![0];
    // Said once: not "Receipt …: Receipt …:".
    expect(((await made.locator('p').first().textContent()) ?? '').split(first)).toHaveLength(2);
    await expect(made.getByRole('link', { name: `Print receipt ${first}` })).toBeVisible();
    // The new position: the totals re-read, the form gone until a deliberate new start.
    await expect(page.locator('.fee-totals dd').nth(1)).toHaveText('₹4,000');
    await expect(page.getByRole('button', { name: /^Collect ₹/ })).toHaveCount(0);
    await expect(amount).toHaveCount(0);
    await noSidewaysScroll(page);

    await page.waitForTimeout(3_000);
    await page.mouse.click(spot.x + spot.width / 2, spot.y + spot.height / 2);
    await page.waitForTimeout(1_000);
    expect(await receipts()).toEqual([{ number: first, amount: 400000 }]);
    expect(await mails()).toBe(1);
  });

  await test.step('"Collect another payment" starts afresh with what is due now', async () => {
    await page.getByRole('button', { name: 'Collect another payment' }).click();
    // Nothing is overdue or due this week now: the whole balance is filled in.
    await expect(amount).toHaveValue('8000');
    await expect(page.getByRole('button', { name: 'Collect ₹8,000', exact: true })).toBeVisible();
    await expect(page.getByText('Filled in: ₹8,000, what is due now.')).toBeVisible();
  });

  await test.step('the answer lost after the server recorded it, a reload, Collect again: the same receipt', async () => {
    await amount.fill('1,500');
    let recorded = '';
    await page.route('**/api/admin/fees/collect', async (route) => {
      const response = await route.fetch();
      recorded = ((await response.json()) as { receipt: { number: string } }).receipt.number;
      await route.abort('connectionreset');
    });
    await page.getByRole('button', { name: 'Collect ₹1,500', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'could not' })).toBeVisible();
    await expect.poll(() => recorded).toMatch(/^PCI\//);
    await page.unroute('**/api/admin/fees/collect');

    await page.reload();
    await expect(page.getByText('The payment you were recording here is filled in again.')).toBeVisible();
    await expect(amount).toHaveValue('1,500');
    await page.getByRole('button', { name: 'Collect ₹1,500', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Already recorded' })).toHaveText(
      new RegExp(`^Already recorded: receipt ${recorded.replace(/\//g, '\\/')} for ₹1,500 from Pooja Counter\\w+\\.`),
    );
    expect(await receipts()).toEqual([
      { number: first, amount: 400000 },
      { number: recorded, amount: 150000 },
    ]);
    expect(await mails()).toBe(2);
    // Recorded: a reload now starts a fresh fill.
    await page.reload();
    await expect(page.getByText('The payment you were recording here is filled in again.')).toHaveCount(0);
  });

  await test.step('a UTR already on a receipt: refused, the field focused below the sticky header', async () => {
    const utr = `7${String(Date.now()).slice(-11)}`;
    await withClient((client) =>
      client.query(
        `insert into fee_receipts (number, financial_year, student_id, amount_paise, mode, utr, paid_on, received_by_name)
         values ($1, 'E2E', $2, 100000, 'upi', $3, (now() at time zone 'Asia/Kolkata')::date, 'Meena Joshi')`,
        [`E2E/${tag}`, studentId, utr],
      ),
    );
    await page.getByText('UPI', { exact: true }).click();
    await page.getByLabel('UTR (12 digits)').fill(utr);
    await page.getByRole('button', { name: /^Collect ₹/ }).click();
    const field = page.getByLabel('UTR (12 digits)');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toBeFocused();
    await expect(field).toHaveValue(utr);
    const header = (await page.locator('.admin-header').boundingBox())!;
    const box = (await field.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(box.y + box.height).toBeLessThanOrEqual(740);
    await noSidewaysScroll(page);
  });
});
