/**
 * The cash book on a 360 px phone: a past day's card of a member of staff shows what they took by
 * mode and the cash to hand over, and the Owner (the demo admin) records the hand-over in the
 * dialog — ₹50 short, so the reason is asked for — after which the card says so. Nothing scrolls
 * sideways and axe finds nothing. The member of staff and their receipts are written straight to
 * the test server's database, on a day of their own.
 */
import { randomBytes } from 'node:crypto';
import { expect, panelHeading, test } from './admin-fixtures';
import { expectNoViolations } from './axe';
import { withClient } from './database';

test('the Owner reads a day’s cash book and records a member of staff’s cash as handed over, at 360 px', async ({ page }) => {
  test.setTimeout(120_000);
  const tag = randomBytes(3).toString('hex');
  const name = `Ravi Cashier${tag}`;
  const day = '2026-09-10';
  await withClient(async (client) => {
    const [staff] = (
      await client.query<{ id: string }>(`insert into staff (name, email, password_hash, role) values ($1, $2, 'x', 'accountant') returning id::text`, [
        name,
        `cashier-${tag}@example.in`,
      ])
    ).rows;
    const [student] = (
      await client.query<{ id: string }>(
        `insert into students (name, email, phone, course) values ('Meena Soni', $1, '9829055503', 'Tally Prime') returning id::text`,
        [`meena-${tag}@example.in`],
      )
    ).rows;
    await client.query(
      `insert into fee_receipts (number, financial_year, student_id, amount_paise, mode, utr, paid_on, received_by, received_by_name, created_at)
       values ($1, 'E2E', $3, 200000, 'cash', null, $4, $5, $6, ($4::date + time '10:00')::timestamp at time zone 'Asia/Kolkata'),
              ($2, 'E2E', $3, 50000, 'upi', $7, $4, $5, $6, ($4::date + time '11:30')::timestamp at time zone 'Asia/Kolkata')`,
      [`CB${tag}1`, `CB${tag}2`, student!.id, day, staff!.id, name, `7${String(parseInt(tag, 16)).padStart(11, '0')}`],
    );
  });

  await page.goto('/fees/cash-book');
  await expect(panelHeading(page)).toHaveText('Cash book');
  await page.getByLabel('Day', { exact: true }).fill(day);
  const card = page.getByRole('article', { name });
  await expect(card.getByText('Cash to hand over')).toBeVisible();
  await expect(card.locator('.cash-card__due dd')).toHaveText('₹2,000');
  await expect(card.getByText('Not handed over yet.')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoViolations(page, 'the cash book of a day');

  await card.getByRole('button', { name: `Record ${name}’s hand-over` }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^${name}’s cash of 10 Sept? 2026$`) });
  await expect(dialog.getByLabel('Cash counted (₹)')).toHaveValue('2000');
  await dialog.getByLabel('Cash counted (₹)').fill('1,950');
  await dialog.getByRole('button', { name: 'Record the hand-over' }).click();
  await expect(dialog.getByText('The cash counted differs from the cash expected: please give the reason.')).toBeVisible();
  await expectNoViolations(page, 'the hand-over dialog');
  await dialog.getByLabel('Reason for the difference of ₹50').fill('A ₹50 note short in the drawer');
  await dialog.getByRole('button', { name: 'Record the hand-over' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText(/Handed over to .+: ₹1,950 counted, ₹50 short \(“A ₹50 note short in the drawer”\)\./)).toBeVisible();
  await expect(card.getByRole('button', { name: `Record ${name}’s hand-over` })).toHaveCount(0);

  await test.step('the day prints on one A4 page: the figures and a signature line for the member of staff and the Owner', async () => {
    await page.emulateMedia({ media: 'print' });
    const printed = page.locator('.cash-print');
    await expect(printed.getByRole('heading', { name: /^Cash book of 10 Sept? 2026$/ })).toBeVisible();
    await expect(printed.getByRole('row', { name: new RegExp(`^${name} ₹2,000 ₹500 ₹0 ₹0 2 \\(0\\) ₹0 ₹2,000 ₹1,950$`) })).toBeVisible();
    await expect(printed.getByText(`Handed over by ${name}`)).toBeVisible();
    await expect(printed.getByText('Received by the Owner')).toBeVisible();
    await expect(card).toBeHidden();
    const pdf = (await page.pdf({ format: 'A4', preferCSSPageSize: true })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
  });
});
