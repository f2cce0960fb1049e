/**
 * Dues nobody forgets, on a 360 px phone: an Accountant opens Today and finds a student's overdue
 * instalment under "Fees overdue" with the total; one tap on WhatsApp (English) records the
 * reminder and opens WhatsApp with the message carrying the amount, the reference and the UPI
 * link; the card then says it was reminded. The student and the due are written to the test
 * server's database (no screen of this part makes them). Checked with axe.
 */
import { randomUUID } from 'node:crypto';
import { withDatabase } from './database';
import { expectNoViolations } from './axe';
import { expect, inviteColleague, panelHeading, signInFirstTime, SIGNED_OUT, test } from './admin-fixtures';

test.describe('an Accountant on Today', () => {
  test.use({ storageState: SIGNED_OUT, viewport: { width: 360, height: 740 } });

  test('sees an overdue instalment with its total and sends its WhatsApp reminder carrying the amount', async ({ page, adminApi }) => {
    test.setTimeout(180_000);
    const tag = randomUUID().slice(0, 6);
    const name = `Overdue Student ${tag.replace(/\d/g, 'x')}`;
    const reference = await withDatabase(async (sql) => {
      const [student] = await sql(`insert into students (name, email, phone, course) values ($1, $2, '9829055555', 'Tally Prime') returning id::text`, [
        name,
        `overdue.${tag}@example.in`,
      ]);
      const [due] = await sql(
        `insert into fee_dues (reference, student_id, seq, label, amount_paise, due_on)
         values ('D' || lpad(nextval('fee_due_reference_seq')::text, 6, '0'), $1, 2, 'Instalment 2 of 3', 345050,
                 ((now() at time zone 'Asia/Kolkata')::date - 4)) returning reference`,
        [student!['id']],
      );
      return String(due!['reference']);
    });
    const accountant = await inviteColleague(adminApi, 'Accountant', 'accountant');
    await signInFirstTime(page, accountant);
    // WhatsApp itself is not reached from the test machine: its page is answered here.
    await page.context().route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }));

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Today', exact: true }).click();
    await expect(panelHeading(page)).toHaveText('Today');
    const overdue = page.getByRole('region', { name: /^Fees overdue/ });
    const card = overdue.getByRole('listitem').filter({ hasText: name });
    await expect(card).toContainText('₹3,450.50');
    await expect(card).toContainText('Overdue by 4 days');
    await expect(card).toContainText('Not reminded yet');
    await expect(overdue).toContainText('Total: ₹');
    await expectNoViolations(page, 'Today with the dues to chase');

    const popup = page.waitForEvent('popup');
    await card.getByRole('button', { name: `WhatsApp English reminder to ${name}` }).click();
    const whatsapp = await popup;
    await whatsapp.waitForURL(/^https:\/\/wa\.me\//);
    const link = new URL(whatsapp.url());
    expect(link.pathname).toBe('/919829055555');
    const text = link.searchParams.get('text') ?? '';
    expect(text).toContain(`Namaste ${name}`);
    expect(text).toContain('₹3,450.50 (Instalment 2 of 3)');
    expect(text).toContain(`(reference ${reference})`);
    expect(text).toContain(`upi://pay?pa=pragatiinstitute@sbi&pn=Pragati%20Computer%20and%20Education%20Institute&am=3450.50&tn=Fees%20${reference}`);
    await expect(card).toContainText(/Reminded \d+ minutes? ago/);
    await expectNoViolations(page, 'Today after a reminder');
  });
});
