/**
 * Reminders one by one, on a 360 px phone: an Accountant starts "Remind one by one" on Today's
 * overdue fees; WhatsApp opens for the first student with the message in English, and when they
 * come back the next student is ready (focused), the count says "1 of N sent" and the next
 * student's own language (Hindi) is the filled button; Skip passes one by without sending. The
 * database then holds one reminder for the first due and none for the skipped one.
 */
import { randomUUID } from 'node:crypto';
import { withDatabase } from './database';
import { expectNoViolations } from './axe';
import { expect, inviteColleague, panelHeading, signInFirstTime, SIGNED_OUT, test } from './admin-fixtures';

test.describe('an Accountant reminding the overdue fees one by one', () => {
  test.use({ storageState: SIGNED_OUT, viewport: { width: 360, height: 740 } });

  test('sends one, finds the next ready with the count, skips another, and each reminder is recorded once', async ({ page, adminApi }) => {
    test.setTimeout(180_000);
    const tag = randomUUID().slice(0, 6).replace(/\d/g, 'x');
    const first = `Aarav Turn ${tag}`;
    const second = `Bhavna Turn ${tag}`;
    // Long overdue, so these two lead the list (it is ordered by the due day).
    const dues = await withDatabase(async (sql) => {
      const ids: string[] = [];
      for (const [name, phone, language, days] of [
        [first, '9829066661', 'en', 3001],
        [second, '9829066662', 'hi', 3000],
      ] as const) {
        const [student] = await sql(`insert into students (name, email, phone, course, language) values ($1, '', $2, 'Tally Prime', $3) returning id::text`, [
          name,
          phone,
          language,
        ]);
        const [due] = await sql(
          `insert into fee_dues (reference, student_id, seq, label, amount_paise, due_on)
           values ('D' || lpad(nextval('fee_due_reference_seq')::text, 6, '0'), $1, 1, 'Instalment 1 of 3', 150000,
                   ((now() at time zone 'Asia/Kolkata')::date - $2::int)) returning id::text`,
          [student!['id'], days],
        );
        ids.push(String(due!['id']));
      }
      return ids;
    });
    const accountant = await inviteColleague(adminApi, 'Accountant', 'accountant');
    await signInFirstTime(page, accountant);
    await page.context().route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }));

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Today', exact: true }).click();
    await expect(panelHeading(page)).toHaveText('Today');
    await page
      .getByRole('region', { name: /^Fees overdue/ })
      .getByRole('button', { name: /^Remind one by one/ })
      .click();
    const flow = page.getByRole('region', { name: 'Reminders one by one: fees overdue' });
    await expect(flow.getByRole('status')).toHaveText(/^0 of \d+ sent$/);
    const total = Number(/of (\d+)/.exec((await flow.getByRole('status').textContent()) ?? '')![1]);
    await expect(flow.getByRole('heading', { level: 4 })).toContainText(`1 of ${total}: ${first}`);
    await expectNoViolations(page, 'reminders one by one');

    const popup = page.waitForEvent('popup');
    await flow.getByRole('button', { name: `WhatsApp English reminder to ${first}` }).click();
    const whatsapp = await popup;
    await whatsapp.waitForURL(/^https:\/\/wa\.me\//);
    expect(new URL(whatsapp.url()).pathname).toBe('/919829066661');
    expect(new URL(whatsapp.url()).searchParams.get('text')).toContain(`Namaste ${first}`);
    await whatsapp.close();

    // Back on Today: the next is ready and focused, the count moved on, the student's Hindi first.
    await expect(flow.getByRole('status')).toHaveText(`1 of ${total} sent`);
    const next = flow.getByRole('heading', { level: 4 });
    await expect(next).toContainText(`2 of ${total}: ${second}`);
    await expect(next).toBeFocused();
    await expect(flow.getByRole('button', { name: /reminder to / }).first()).toHaveAccessibleName(`WhatsApp हिन्दी reminder to ${second}`);

    await flow.getByRole('button', { name: `Skip ${second}` }).click();
    await expect(flow.getByRole('status')).toHaveText(`1 of ${total} sent, 1 skipped`);
    await flow.getByRole('button', { name: 'Stop' }).click();
    await expect(
      page
        .getByRole('region', { name: /^Fees overdue/ })
        .getByRole('listitem')
        .filter({ hasText: first }),
    ).toContainText(/Reminded/);

    const recorded = await withDatabase((sql) => sql(`select due_id::text as due from fee_reminders where due_id = any($1::bigint[])`, [dues]));
    expect(recorded).toEqual([{ due: dues[0] }]);
  });
});
