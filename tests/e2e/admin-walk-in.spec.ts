/**
 * A walk-in admitted at the counter on a 360 px phone: the person (a Hindi name, messages in
 * Hindi), a course and a batch with its seats left and the dues its plan makes from today, the
 * first instalment filled in; Admit and collect gives the receipt with Open receipt and its
 * WhatsApp message. Nothing scrolls sideways and axe finds nothing, before and after. Signed in as
 * the demo admin (an Owner); the course, batch and plan are written straight to the database.
 */
import { randomBytes } from 'node:crypto';
import { expect, panelHeading, test } from './admin-fixtures';
import { expectNoViolations } from './axe';
import { withClient } from './database';

test('a walk-in is admitted to a batch and pays the first instalment in one step; the receipt and its WhatsApp message follow', async ({ page }) => {
  test.setTimeout(90_000);
  const tag = randomBytes(3).toString('hex');
  const course = `Walk-in Tally ${tag}`;
  const batch = `Walk-in Morning ${tag}`;
  const mobile = `9${String(randomBytes(4).readUInt32BE(0) % 1e9).padStart(9, '0')}`;
  await withClient(async (client) => {
    const [c] = (
      await client.query<{ id: string }>(
        `insert into courses (title, category, price, duration, description, image) values ($1, 'Accounting', 6000, '2 months', 'Vouchers.', '/images/tally.webp') returning id::text`,
        [course],
      )
    ).rows;
    const [b] = (
      await client.query<{ id: string }>(
        `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, seats, status)
         values ($1, $2, (now() at time zone 'Asia/Kolkata')::date - 7, (now() at time zone 'Asia/Kolkata')::date + 60, '{1,2,3,4,5,6}', '07:00', '08:00', $3, 3, 'running')
         returning id::text`,
        [c!.id, batch, `Room ${tag}`],
      )
    ).rows;
    const [p] = (await client.query<{ id: string }>(`insert into fee_plans (batch_id, total_paise) values ($1, 600000) returning id::text`, [b!.id])).rows;
    await client.query(`insert into fee_plan_instalments (plan_id, seq, amount_paise, due_months) values ($1, 1, 300000, 0), ($1, 2, 300000, 1)`, [p!.id]);
  });

  await page.goto('/fees/walk-in');
  await expect(panelHeading(page)).toHaveText('Walk-in admission');
  await page.getByLabel('Name', { exact: true }).fill('सुनीता शर्मा');
  await page.getByLabel('Mobile', { exact: true }).fill(mobile);
  await page.getByText('हिन्दी').click();
  await page.getByLabel('Course', { exact: true }).selectOption({ label: course });
  await page.getByLabel('Batch with a free seat').selectOption({ label: `${batch}, 07:00–08:00: 3 seats left` });
  await expect(page.getByText('From today the fee plan makes these 2 dues (₹6,000):')).toBeVisible();
  await expect(page.getByText('Instalment 1 of 2: ₹3,000, due today')).toBeVisible();
  await expect(page.getByLabel('Amount (₹)')).toHaveValue('3000');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoViolations(page, 'the walk-in form at 360px');

  await page.getByRole('button', { name: 'Admit and collect ₹3,000' }).click();
  const result = page.getByRole('status').filter({ hasText: 'admitted to' });
  await expect(result).toContainText(`सुनीता शर्मा admitted to ${batch} (2 dues from the fee plan). Receipt `);
  const open = page.getByRole('link', { name: /^Open receipt / });
  await expect(open).toHaveAttribute('href', /^\/fees\/receipt\/\d+$/);
  const whatsapp = page.getByRole('link', { name: 'WhatsApp हिन्दी message to सुनीता शर्मा' });
  const href = decodeURIComponent((await whatsapp.getAttribute('href')) ?? '');
  expect(href).toContain(`https://wa.me/91${mobile}?text=नमस्ते`);
  expect(href).toMatch(/रसीद का नंबर PCI\/\d{2}-\d{2}\/\d{5} है/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoViolations(page, 'the walk-in’s receipt at 360px');
});
