/**
 * A child's application and their guardian's consent, on a phone in Hindi (DPDP Act s.9, decision
 * 053): a 15-year-old applies for open-board 10th from the Apply dialog of /hi/; the form is held
 * (the waiting step, checked with axe) and staff's inbox does not list it; the guardian's code is in
 * the outbox; the guardian consents on /hi/guardian-consent (checked with axe); then the
 * application is in the inbox, its page saying "Guardian consent: given". And a guardian at the
 * office: staff find the waiting form by its number on Guardian at the office (checked with axe)
 * and record the document seen. (The hold deleted after its time is shown by the in-process tests
 * of the server.)
 */
import type { APIRequestContext, Browser } from '@playwright/test';
import { clientAddress, expect, panelHeading, test, uniqueLetters } from './admin-fixtures';
import { expectNoViolations } from './axe';
import { withDatabase } from './database';
import { mailsTo } from './outbox';

/** A browser of its own, no staff session, on a 360 px phone. */
async function phone(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, extraHTTPHeaders: { 'x-forwarded-for': clientAddress() } });
  return { context, page: await context.newPage() };
}

/** The leads staff's inbox lists for `q`. */
const listed = async (adminApi: APIRequestContext, q: string) => {
  const answer = await adminApi.get(`/api/admin/leads?q=${encodeURIComponent(q)}`);
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { items: { _id: string }[] }).items;
};

/**
 * The guardian's mail as the outbox holds it (its row, or the mail written once sent, should the
 * row no longer keep its words): its code and the hold's id in its link.
 */
async function guardianMail(email: string, hindi = true) {
  let mail = '';
  await expect
    .poll(async () => {
      const rows = await withDatabase((sql) =>
        sql(`select subject, body from mail_outbox where kind = 'guardian' and recipient = $1 order by id desc limit 1`, [email]),
      );
      const row = rows[0] ? `${String(rows[0]['subject'] ?? '')}\n${String(rows[0]['body'] ?? '')}` : '';
      mail = /guardian-consent\?id=/.test(row) ? row : ((await mailsTo(email))[0] ?? '');
      return mail;
    }, 'the guardian’s mail in the outbox')
    .toMatch(/guardian-consent\?id=/);
  if (hindi) expect(mail, 'the Hindi page of the link').toContain('/hi/guardian-consent?id=');
  const code = /(?<![\w-])(\d{6})(?![\w-])/.exec(mail)?.[1];
  const id = /guardian-consent\?id=([0-9a-f-]{36})/.exec(mail)?.[1];
  expect(code, 'a 6-digit code').toBeTruthy();
  return { code: code!, id: id!, mail };
}

test('a 15-year-old applies in Hindi, nothing reaches staff until the guardian consents by the e-mailed code; then staff see the consent', async ({
  page,
  browser,
  baseURL,
  adminApi,
}) => {
  test.setTimeout(150_000);
  const child = {
    name: `Ravi ${uniqueLetters()}`,
    email: `child-${Date.now()}@example.in`,
    phone: `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
  };
  const guardian = { name: `Sunita ${uniqueLetters()}`, email: `guardian-${Date.now()}@example.in` };

  // The child, on /hi/: the Apply dialog asks the age first.
  const visitor = await phone(browser, baseURL!);
  await visitor.page.goto('/hi/');
  await visitor.page.getByRole('link', { name: 'अभी आवेदन करें' }).first().click();
  const dialog = visitor.page.getByRole('dialog', { name: 'शुरू करें' });
  await expect(dialog.getByRole('group', { name: /क्या आपकी उम्र 18 साल से कम है\?/ })).toBeVisible();
  await dialog.getByRole('radio', { name: 'हाँ, मेरी उम्र 18 साल से कम है' }).check();
  await expect(dialog.getByText('जब तक आपके माता-पिता या अभिभावक सहमति नहीं देते, संस्थान को कुछ नहीं भेजा जाता।', { exact: false })).toBeVisible();
  await dialog.getByLabel('माता-पिता या अभिभावक का नाम').fill(guardian.name);
  await dialog.getByLabel('वे आपके क्या लगते हैं?').selectOption('mother');
  await dialog.getByLabel('माता-पिता या अभिभावक का ई-मेल').fill(guardian.email);
  await dialog.getByLabel('पूरा नाम', { exact: true }).fill(child.name);
  await dialog.getByLabel('ई-मेल', { exact: true }).fill(child.email);
  await dialog.getByLabel('मोबाइल नंबर', { exact: true }).fill(child.phone);
  await dialog.getByLabel('विभाग', { exact: true }).selectOption({ label: 'ओपन बोर्ड (10वीं / 12वीं)' });
  await dialog.getByLabel('कोर्स', { exact: true }).selectOption('10th');
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'अभी प्रवेश लें' }).click();

  // Held: the waiting step in Hindi, the guardian's e-mail masked, the number for the office.
  const waiting = dialog.getByRole('region', { name: 'आपके माता-पिता या अभिभावक की सहमति का इंतज़ार है' });
  await expect(waiting).toBeVisible();
  await expect(waiting).toContainText(/पर एक कोड ई-मेल किया है/);
  await expect(waiting).toContainText(/(भारत का समय)/);
  await expect(waiting).toContainText(/H-[A-Z0-9]{4}-[A-Z0-9]{2}/);
  await expect(waiting.getByLabel('ई-मेल में आया कोड')).toBeVisible();
  await expectNoViolations(visitor.page, 'the waiting step of the Apply dialog (Hindi)');

  // Without consent it never reaches staff.
  expect(await listed(adminApi, child.email)).toEqual([]);

  // The guardian's code, in Hindi, from the outbox; the guardian consents on their own phone.
  const mail = await guardianMail(guardian.email);
  expect(mail.mail, 'nothing the child typed but the form').not.toContain(child.phone);
  const parent = await phone(browser, baseURL!);
  await parent.page.goto(`/hi/guardian-consent?id=${mail.id}`);
  await expect(parent.page.getByRole('heading', { level: 1 })).toHaveText('बच्चे के फ़ॉर्म के लिए सहमति');
  await expect(parent.page.getByText(child.name)).toBeVisible();
  await expect(parent.page.getByRole('link', { name: 'निजता सूचना पढ़ें' })).toHaveAttribute('href', '/hi/privacy');
  // The form's own itemised notice, open, in Hindi: what is kept and why, before the consent.
  const notice = parent.page.getByRole('region', { name: /^गोपनीयता सूचना: / });
  await expect(notice).toHaveAttribute('data-notice-version', /\S/);
  await expect(notice.getByRole('listitem').first()).toBeVisible();
  await expectNoViolations(parent.page, '/hi/guardian-consent');
  await parent.page.getByLabel('ई-मेल में आया कोड').fill(mail.code);
  await parent.page.getByRole('checkbox', { name: /क़ानूनी अभिभावक हूँ/ }).check();
  await parent.page.getByRole('checkbox', { name: /मैं सहमत हूँ/ }).check();
  await parent.page.getByRole('button', { name: 'सहमति दें' }).click();
  await expect(parent.page.getByText('धन्यवाद। आपकी सहमति दर्ज हो गई है और फ़ॉर्म संस्थान को भेज दिया गया है।')).toBeVisible();
  await parent.context.close();
  await visitor.context.close();

  // Now in staff's inbox, its page saying who consented, how and to which notice.
  await expect.poll(async () => (await listed(adminApi, child.email)).length).toBe(1);
  await page.goto(`/adminLeads?q=${encodeURIComponent(child.email)}`);
  await expect(panelHeading(page)).toHaveText('Leads');
  await page.getByRole('link', { name: child.name }).first().click();
  await expect(panelHeading(page)).toHaveText(child.name);
  const line = page.locator('.guardian-consent-line');
  await expect(line).toContainText('Guardian consent: given');
  await expect(line).toContainText(`by ${guardian.name} (mother)`);
  await expect(line).toContainText('with the code e-mailed to them');
  await expect(line).toContainText(/India time; notice \S+ in Hindi/);
  // The guardian did not agree to WhatsApp: no WhatsApp and no call to the child, words instead.
  await expect(page.getByText('No WhatsApp: the guardian did not agree')).toBeVisible();
  await expect(page.getByRole('button', { name: /^WhatsApp/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Call/ })).toHaveCount(0);
});

test('a guardian at the office: staff find the waiting form by its number, record the document seen, and the application reaches the inbox', async ({
  page,
  adminApi,
  request,
}) => {
  const child = { name: `Meena ${uniqueLetters()}`, email: `child-office-${Date.now()}@example.in` };
  const held = await request.post('/api/apply', {
    data: {
      age: 'minor',
      guardian: { name: `Ramesh ${uniqueLetters()}`, relation: 'father', email: `guardian-office-${Date.now()}@example.in`, phone: '9829012345' },
      name: child.name,
      email: child.email,
      phone: `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
      department: 'Boards',
      course: '12th',
      consent: true,
      website: '',
    },
    headers: { 'x-forwarded-for': clientAddress() },
  });
  expect(held.status(), await held.text()).toBe(202);
  const { number } = ((await held.json()) as { held: { number: string } }).held;
  expect(await listed(adminApi, child.email)).toEqual([]);

  await page.goto('/adminGuardianConsent');
  await expect(panelHeading(page)).toHaveText('Guardian at the office');
  // Quoted as people say it: lower case, no dashes.
  await page.getByLabel('Number of the waiting form').fill(number.replace(/-/g, '').toLowerCase());
  await page.getByRole('button', { name: 'Find the form' }).click();
  await expect(page.getByRole('heading', { name: `Apply for a course: ${child.name}` })).toBeVisible();
  await page.getByRole('button', { name: 'Record the consent' }).click();
  await expect(page.getByText('Please confirm that you saw the parent or guardian in person.')).toBeVisible();
  await expectNoViolations(page, 'Guardian at the office, the waiting form and its checks');
  await page.getByLabel('I saw the parent or guardian in person').check();
  await page.getByLabel('Identity document seen').selectOption('aadhaar');
  await page.getByLabel(/^They confirm they are this person’s parent/).check();
  await page.getByRole('button', { name: 'Record the consent' }).click();
  await expect(page.getByRole('status').filter({ hasText: /./ })).toBeVisible();

  const [lead] = await listed(adminApi, child.email);
  expect(lead, 'in the inbox once consented').toBeTruthy();
  await page.goto(`/adminLeads/${lead!._id}`);
  const line = page.locator('.guardian-consent-line');
  await expect(line).toContainText('Guardian consent: given');
  await expect(line).toContainText(/at the office, Aadhaar card seen, recorded by /);
});

test('a 15-year-old registers; the guardian consents on the same phone; the account is made and the student is sent to sign in', async ({
  browser,
  baseURL,
}) => {
  const child = { name: `Arjun ${uniqueLetters()}`, email: `child-account-${Date.now()}@example.in` };
  const guardian = { name: `Kamla ${uniqueLetters()}`, email: `guardian-account-${Date.now()}@example.in` };
  const visitor = await phone(browser, baseURL!);
  const main = visitor.page.getByRole('main');
  await visitor.page.goto('/register');
  // The first touch is the answer, before the form has woken: the guardian's fields still come with it.
  await main.getByRole('radio', { name: 'Yes, I am under 18' }).check();
  await main.getByLabel('Parent’s or guardian’s name').fill(guardian.name);
  await main.getByLabel(/How are they related to you/).selectOption('father');
  await main.getByLabel('Parent’s or guardian’s e-mail').fill(guardian.email);
  await main.getByLabel('Full name').fill(child.name);
  await main.getByLabel('Email', { exact: true }).fill(child.email);
  await main.getByLabel('Password').fill('a long passphrase for a child');
  await main.getByRole('button', { name: 'Register' }).click();

  const waiting = main.getByRole('region', { name: /waiting for your parent’s or guardian’s consent/i });
  await expect(waiting).toBeVisible();
  const mail = await guardianMail(guardian.email, false);
  await waiting.getByLabel('Code from the e-mail').fill(mail.code);
  await waiting.getByRole('checkbox', { name: /parent or lawful guardian/ }).check();
  await waiting.getByRole('checkbox', { name: /I agree/ }).check();
  await waiting.getByRole('button', { name: 'Give consent' }).click();
  // Nothing left to verify: the guardian's code stood for the e-mailed one.
  await expect(visitor.page).toHaveURL(/\/login$/);
  await expect(visitor.page.getByText('Your account is verified. Please log in.')).toBeVisible();
  await visitor.context.close();
});
