/**
 * A refund on a 360 px phone (decision 045): from a student's receipt "Refund…" (the screen says
 * fees are not refundable by default), the Owner approves it from the refund's card, records the
 * payment, and the voucher opens in the student's language (Hindi here) with a switch to English.
 * The receipt keeps its number and nothing scrolls sideways. Signed in as the demo admin (an
 * Owner); the student, their due and the receipt's collection come first.
 */
import { randomBytes } from 'node:crypto';
import { expect, panelHeading, test } from './admin-fixtures';
import { expectNoViolations } from './axe';
import { withClient } from './database';

test('a refund asked for, approved, paid and its voucher printed in Hindi at 360 px', async ({ page }) => {
  test.setTimeout(120_000);
  const tag = randomBytes(3).toString('hex');
  const name = `Rekha Refund${tag}`;
  const studentId = await withClient(async (client) => {
    const [student] = (
      await client.query<{ id: string }>(
        `insert into students (name, email, phone, course, language) values ($1, $2, '9829055503', 'Tally Prime', 'hi') returning id::text`,
        [name, `rekha-${tag}@example.in`],
      )
    ).rows;
    await client.query(
      `insert into fee_dues (reference, student_id, seq, label, amount_paise, due_on) values ($1, $2, 1, 'Course fee', 500000, (now() at time zone 'Asia/Kolkata')::date)`,
      [`R${tag}1`, student!.id],
    );
    return student!.id;
  });

  await page.goto(`/fees/students/${studentId}`);
  await expect(panelHeading(page)).toHaveText(`Fees of ${name}`);
  await page.getByLabel('Amount (₹)').fill('5000');
  await page.getByRole('button', { name: 'Collect ₹5,000' }).click();
  await expect(page.getByText(/^Receipt PCI\/\d\d-\d\d\/\d{5}: ₹5,000 in cash received/)).toBeVisible();

  await test.step('Refund… on the receipt: the Terms first, then the request', async () => {
    await page.getByRole('button', { name: /^Refund… from PCI/ }).click();
    await expect(page.getByText('Fees are not refundable (the Terms). A refund is an exception the Owner decides.')).toBeVisible();
    await page.getByLabel('Amount to refund (₹)').fill('2000');
    await page.getByLabel('Why is it refunded?').fill('The batch was cancelled before it started.');
    await expectNoViolations(page, 'the refund request at 360px');
    await page.getByRole('button', { name: 'Ask the Owner' }).click();
    await expect(page.getByRole('heading', { name: 'Refund · Waiting for the Owner' })).toBeVisible();
  });

  await test.step('the Owner approves, then records the payment', async () => {
    await page.getByRole('button', { name: `Approve the refund of ₹2,000 to ${name}` }).click();
    await page.getByRole('button', { name: `Record payment… of the refund of ₹2,000 to ${name}` }).click();
    await page.getByRole('button', { name: 'Record ₹2,000 paid back' }).click();
    await expect(page.getByRole('heading', { name: /^Refund voucher PCI\/RF\/\d\d-\d\d\/\d{4} · Paid$/ })).toBeVisible();
    await expect(page.getByRole('link', { name: `Send on WhatsApp (Hindi) to ${name}` })).toHaveAttribute('href', /^https:\/\/wa\.me\/919829055503\?text=/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // The page at rest: the toasts of the approval and the payment gone (one fading out has no contrast to judge yet).
    await expect(page.locator('.toast')).toHaveCount(0, { timeout: 15_000 });
    await expectNoViolations(page, 'a student’s fees with a paid refund at 360px');
  });

  await test.step('the voucher opens in Hindi, and in English at the switch', async () => {
    const popup = page.waitForEvent('popup');
    await page.getByRole('link', { name: /^Print voucher PCI\/RF\// }).click();
    const voucher = await popup;
    await expect(voucher.getByRole('heading', { name: 'रिफ़ंड वाउचर', exact: true })).toBeVisible();
    await expect(voucher.getByText('वापस की गई राशि')).toBeVisible();
    await expect(voucher.getByText('₹2,000').first()).toBeVisible();
    expect(await voucher.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoViolations(voucher, 'the refund voucher in Hindi at 360px');
    await voucher.getByLabel('English').check();
    await expect(voucher.getByRole('heading', { name: 'Refund voucher', exact: true })).toBeVisible();
  });
});
