/**
 * The leads inbox in the browser, staff signed in on a 360 px phone: a visitor's application from
 * the Apply dialog is found among Today's new enquiries, called ('No answer', follow-up
 * tomorrow), sent a WhatsApp message from a template (the wa.me link checked, never loaded),
 * noted, joined by the same person's second enquiry from the contact page, and admitted into a
 * student record. Also: axe on Today, a lead's page and the dialogs (Tab kept inside); a save
 * based on an old version, on a lead's page and in Today's outcome dialog, is refused with the
 * message and the lead as it is now, keeping what was typed; two people merged and the merge undone.
 */
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { indiaToday } from '../../src/lib/schemas/lead';
import { CONFLICT_MESSAGE } from '../../src/lib/schemas/records';
import { fillTemplate } from '../../src/lib/whatsapp';
import { DEMO_ADMIN } from './admin-accounts';
import { clientAddress, expect, panelHeading, test } from './admin-fixtures';
import { expectNoViolations } from './axe';
import { content, site } from './routes';
import { answerAdult } from './fixtures';

/** A mobile number no other test uses. */
const uniquePhone = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
/** A word no other test uses. */
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
/** The day `days` after today in India (YYYY-MM-DD). */
const inDays = (days: number) => new Date(Date.parse(`${indiaToday()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A toast's text (src/components/islands/ToastHost.tsx). */
const toast = (page: Page, kind: 'success' | 'error', text: string | RegExp) => page.locator(`.toast--${kind}`).filter({ hasText: text });

/** A visitor's own browser: no staff session, a phone, an address of its own. */
async function visitorPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, extraHTTPHeaders: { 'x-forwarded-for': clientAddress() } });
  return { context, page: await context.newPage() };
}

/** Applies through the public Apply Now dialog; returns the reference the visitor is given. */
async function applyThroughDialog(page: Page, person: { name: string; email: string; phone: string }) {
  await page.goto('/');
  await page.getByRole('link', { name: 'Apply Now' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Get Started' });
  await expect(dialog).toBeVisible();
  await answerAdult(dialog);
  await dialog.getByLabel('Full name', { exact: true }).fill(person.name);
  await dialog.getByLabel('E-mail', { exact: true }).fill(person.email);
  await dialog.getByLabel('Mobile number', { exact: true }).fill(person.phone);
  await dialog.getByLabel('Department', { exact: true }).selectOption('dl');
  await dialog.getByLabel('Course', { exact: true }).selectOption('RS-CIT (Basic)');
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Enroll Now' }).click();
  const thanks = page.getByText(/reference AP-\d{4}-\d{5}/);
  await expect(thanks).toBeVisible();
  return /AP-\d{4}-\d{5}/.exec((await thanks.textContent()) ?? '')![0];
}

/** An application made through the API; returns the lead's id and reference. */
async function applyThroughApi(api: APIRequestContext, name: string) {
  const phone = uniquePhone();
  const made = await api.post('/api/apply', {
    data: { name, email: `lead-${unique()}@example.in`, phone, department: 'dl', course: 'RS-CIT (Basic)', consent: true, website: '', age: 'adult' },
    headers: { 'x-forwarded-for': clientAddress() },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { reference } = (await made.json()) as { reference: string };
  const found = await api.get(`/api/admin/leads?q=${reference}`);
  expect(found.status(), await found.text()).toBe(200);
  const { items } = (await found.json()) as { items: { _id: string; version: number }[] };
  expect(items).toHaveLength(1);
  return { id: items[0]!._id, reference, phone };
}

/**
 * Taps a tel: or mailto: link without leaving for the dialler or the mail app (there is none here,
 * and Chromium's "open an external application?" prompt would then sit over the page).
 */
async function tapWithoutLeaving(link: Locator) {
  await link.evaluate((a) => a.addEventListener('click', (event) => event.preventDefault()));
  await link.click();
}

/** Opens a folded part of a lead's page by its title. */
const openPart = (page: Page, title: string) =>
  page
    .locator('summary')
    .filter({ hasText: new RegExp(`^${title}$`) })
    .click();

test('a lead from the Apply dialog through Today, a call, a WhatsApp message, a note and a second enquiry, to admission', async ({
  page,
  browser,
  baseURL,
  adminApi,
}) => {
  test.setTimeout(180_000);
  const person = { name: 'अनीता शर्मा', email: `anita-${unique()}@example.in`, phone: uniquePhone() };
  const visitor = await visitorPage(browser, baseURL!);
  const reference = await applyThroughDialog(visitor.page, person);

  // Today: among the new enquiries nobody has touched.
  await page.goto('/adminToday');
  await expect(panelHeading(page)).toHaveText('Today');
  const untouched = page.getByRole('region', { name: /^New enquiries and applications nobody has touched/ });
  const card = untouched.getByRole('listitem').filter({ hasText: reference });
  await expect(card.getByRole('heading', { name: person.name })).toBeVisible();
  await expect(card).toBeVisible();
  await expect(card).toContainText('Asked about RS-CIT (Basic)');
  await expect(card).toContainText(/Waiting \d+ (minute|hour)s?/);
  await expect(card).toContainText('New');
  const leadHref = await card.getByRole('link', { name: `Open ${person.name}` }).getAttribute('href');
  expect(leadHref).toMatch(/^\/adminLeads\/\d+$/);

  // Call: a tel: link with the country code, then the outcome at once.
  const call = card.getByRole('link', { name: `Call ${person.name}` });
  await expect(call).toHaveAttribute('href', `tel:+91${person.phone}`);
  await tapWithoutLeaving(call);
  const dialog = page.getByRole('dialog', { name: 'What came of the call?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Save outcome' }).click();
  await expect(dialog.getByText('Please choose what came of it.')).toBeVisible();
  await dialog.getByLabel('No answer').check();
  await expect(dialog.getByLabel('Status')).toHaveValue('contacted');
  await expect(dialog.getByLabel('Next follow-up')).toHaveValue(inDays(1));
  await dialog.getByLabel('Next follow-up').fill(inDays(2));
  await dialog.getByRole('button', { name: 'Save outcome' }).click();
  await expect(toast(page, 'success', 'Outcome recorded.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(untouched.getByRole('listitem').filter({ hasText: reference })).toHaveCount(0);

  // The lead's page: WhatsApp with a filled template; the link is checked, WhatsApp never loaded.
  await page.goto(leadHref!);
  await expect(panelHeading(page)).toHaveText(person.name);
  await expect(page.getByText('Contacted').first()).toBeVisible();
  await page.getByRole('button', { name: `WhatsApp ${person.name}` }).click();
  const picker = page.getByRole('dialog', { name: 'Send a WhatsApp message' });
  await expect(picker).toBeVisible();
  const templates = content<{ templates: { key: string; label: string; text: string }[] }>('whatsapp.json').templates;
  const template = templates[1]!;
  await picker.getByLabel(template.label).check();
  const text = fillTemplate(template.text, { name: person.name, institute: site.name, course: 'RS-CIT (Basic)', reference, staff: DEMO_ADMIN.name });
  expect(text).toContain(person.name);
  const waLink = picker.getByRole('link', { name: 'Open WhatsApp' });
  await expect(waLink).toHaveAttribute('href', `https://wa.me/91${person.phone}?text=${encodeURIComponent(text)}`);
  await expect(waLink).toHaveAttribute('target', '_blank');
  await page.context().route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: 'WhatsApp' }));
  const popup = page.waitForEvent('popup');
  await waLink.click();
  const tab = await popup;
  expect(decodeURIComponent(new URL(tab.url()).searchParams.get('text') ?? '')).toBe(text);
  expect(new URL(tab.url()).pathname).toBe(`/91${person.phone}`);
  await tab.close();
  const outcome = page.getByRole('dialog', { name: 'What came of the WhatsApp message?' });
  await expect(outcome).toBeVisible();
  await expect(outcome.getByLabel('Message sent')).toBeChecked();
  await expect(outcome.getByLabel('Next follow-up')).toHaveValue(inDays(2));
  await outcome.getByRole('button', { name: 'Save outcome' }).click();
  await expect(toast(page, 'success', 'Outcome recorded.')).toBeVisible();
  await expect(outcome).toBeHidden();

  // A note.
  const note = `Will bring her 10th marksheet ${unique()}`;
  await page.getByLabel('Note', { exact: true }).fill(note);
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(toast(page, 'success', 'Note added.')).toBeVisible();
  const timeline = page.locator('.lead-timeline');
  await expect(timeline.getByText(note)).toBeVisible();
  await expect(timeline).toContainText(/Call/);
  await expect(timeline).toContainText(/WhatsApp/);
  await expect(page.getByLabel('Note', { exact: true })).toHaveValue('');

  // The same person writes again from the contact page, with the same mobile number.
  const labels = Object.fromEntries(
    Object.entries(content<{ contactPage: { labels: Record<string, { en: string }> } }>('contact.json').contactPage.labels).map(([key, words]) => [
      key,
      words.en,
    ]),
  );
  await visitor.page.goto('/contactForm');
  const form = visitor.page.locator('form.contact-form');
  await answerAdult(form);
  await form.getByLabel(labels['name']!).fill(person.name);
  await form.getByLabel(labels['email']!).fill(`anita-again-${unique()}@example.in`);
  await form.getByLabel(labels['phone']!, { exact: true }).fill(`+91 ${person.phone.slice(0, 5)} ${person.phone.slice(5)}`);
  await form.getByLabel(labels['subject']!, { exact: true }).fill('Tally batch timings');
  await form.getByLabel(labels['message']!, { exact: true }).fill('Is there an evening batch for Tally?');
  await form.getByRole('button', { name: labels['submit']! }).click();
  await expect(form.getByRole('status')).toHaveText(/reference is CT-\d{4}-\d{5}/);
  const second = /CT-\d{4}-\d{5}/.exec((await form.getByRole('status').textContent()) ?? '')![0];
  await visitor.context.close();

  await page.reload();
  await expect(panelHeading(page)).toHaveText(person.name);
  const others = page.getByRole('region', { name: 'Other enquiries of this person' });
  await expect(others.getByRole('link', { name: second })).toBeVisible();
  // One timeline: both enquiries' entries, the note among them.
  await expect(timeline).toContainText(reference);
  await expect(timeline).toContainText(second);
  await expect(timeline.getByText(note)).toBeVisible();

  // Admit: the student record is made from the lead's details.
  await openPart(page, 'Admit');
  await expect(page.getByLabel("Student's name")).toHaveValue(person.name);
  await expect(page.getByLabel("Student's e-mail")).toHaveValue(person.email);
  await expect(page.getByLabel('Course joined')).toHaveValue('RS-CIT (Basic)');
  await page.getByRole('button', { name: 'Admit and create the student record' }).click();
  await expect(toast(page, 'success', 'Admitted: student record created.')).toBeVisible();
  const status = page.getByRole('region', { name: 'Status' });
  await expect(status.locator('[aria-current="step"]')).toHaveText('Admitted');
  const studentLink = status.getByRole('link', { name: `Open the student record of ${person.name}` });
  await expect(studentLink).toBeVisible();

  const students = await adminApi.get(`/api/students?q=${encodeURIComponent(person.email)}`);
  const items = (await students.json()) as { _id: string; name: string; course: string; phone: string | null; leadId: string | null }[];
  expect(items).toHaveLength(1);
  expect(items[0]).toMatchObject({ name: person.name, course: 'RS-CIT (Basic)', leadId: expect.stringMatching(/^\d+$/) });
  await expect(studentLink).toHaveAttribute('href', `/student-list/${items[0]!._id}/edit`);
  await studentLink.click();
  await expect(panelHeading(page)).toHaveText('Edit a student');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(person.name);
  // Linked both ways: the student record leads back to its lead.
  const back = page.getByRole('link', { name: 'Admitted from an enquiry: open the lead' });
  await expect(back).toHaveAttribute('href', `/adminLeads/${items[0]!.leadId}`);
  await back.click();
  await expect(page.getByRole('region', { name: 'Status' }).locator('[aria-current="step"]')).toHaveText('Admitted');
});

test("axe finds nothing on Today (Mine only too), its dialogs, and a lead's page with its forms open; Tab stays in the dialog", async ({ page, adminApi }) => {
  const lead = await applyThroughApi(adminApi, 'Kavita Joshi');
  await page.goto('/adminToday');
  await expect(panelHeading(page)).toHaveText('Today');
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await expectNoViolations(page, '/adminToday');
  // Mine only: asks for the caller's leads and the unassigned ones.
  const mine = page.waitForRequest((request) => request.url().includes('/api/admin/today?mine=1'));
  await page.getByLabel('Mine only').check();
  await mine;
  await expect(page.getByText('Leads assigned to you or to nobody.')).toBeVisible();

  const card = page
    .getByRole('region', { name: /^New enquiries and applications nobody has touched/ })
    .getByRole('listitem')
    .filter({ hasText: lead.reference });
  await card.getByRole('button', { name: 'WhatsApp Kavita Joshi' }).click();
  await expect(page.getByRole('dialog', { name: 'Send a WhatsApp message' })).toBeVisible();
  await expectNoViolations(page, 'the WhatsApp template picker');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  await page.goto(`/adminLeads/${lead.id}`);
  await expect(panelHeading(page)).toHaveText('Kavita Joshi');
  for (const title of ['Record a call or message', 'Change status', 'Set follow-up', 'Assign', 'Admit', 'Merge with another person'])
    await openPart(page, title);
  await page.getByRole('button', { name: 'Save outcome' }).click();
  await expect(page.getByText('Please choose how you reached out.')).toBeVisible();
  await expectNoViolations(page, "a lead's page with every form open and an error shown");

  await tapWithoutLeaving(page.getByRole('link', { name: 'Call Kavita Joshi' }));
  const dialog = page.getByRole('dialog', { name: 'What came of the call?' });
  await expect(dialog).toBeVisible();
  await expectNoViolations(page, 'the outcome dialog');
  // Keyboard: the focus stays in the dialog, and Escape closes it.
  for (let i = 0; i < 25; i += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('a save based on an old version is refused with the message and the lead as it is now; what was typed stays', async ({ page, adminApi }) => {
  const lead = await applyThroughApi(adminApi, 'Rekha Vyas');
  await page.goto(`/adminLeads/${lead.id}`);
  await expect(panelHeading(page)).toHaveText('Rekha Vyas');

  // A colleague sets a follow-up in the meantime.
  const { version } = (await (await adminApi.get(`/api/admin/leads/${lead.id}`)).json()) as { version: number };
  const changed = await adminApi.post(`/api/admin/leads/${lead.id}`, { data: { action: 'follow-up', version, followUp: inDays(5) } });
  expect(changed.status(), await changed.text()).toBe(200);

  await openPart(page, 'Change status');
  const part = page.locator('details').filter({ hasText: /^Change status/ });
  await part.getByLabel('Status').selectOption('lost');
  await part.getByLabel('Why was it lost?').selectOption('fees');
  await part.getByLabel(/More about the reason/).fill('Asked for an instalment plan');
  await part.getByRole('button', { name: 'Change status' }).click();
  const conflict = part.getByRole('alert').filter({ hasText: CONFLICT_MESSAGE });
  await expect(conflict).toBeVisible();
  await expect(conflict).toContainText('Next follow-up');
  await expect(conflict).toContainText(
    new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${inDays(5)}T00:00:00Z`)),
  );
  await expect(part.getByLabel('Status')).toHaveValue('lost');
  await expect(part.getByLabel('Why was it lost?')).toHaveValue('fees');
  await expect(part.getByLabel(/More about the reason/)).toHaveValue('Asked for an instalment plan');

  // Sent again on what is now shown: accepted.
  await part.getByRole('button', { name: 'Change status' }).click();
  await expect(toast(page, 'success', 'Status changed to Lost.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Status' })).toContainText('Fees too high: Asked for an instalment plan');
});

test('two records the rule missed are merged into one person after a confirmation, and the merge is undone', async ({ page, adminApi }) => {
  const first = await applyThroughApi(adminApi, 'Sunita Mali');
  const second = await applyThroughApi(adminApi, 'Sunita Mali');
  await page.goto(`/adminLeads/${first.id}`);
  await expect(panelHeading(page)).toHaveText('Sunita Mali');
  await expect(page.getByRole('region', { name: 'Other enquiries of this person' })).toHaveCount(0);

  await openPart(page, 'Merge with another person');
  await page.getByLabel('Name, mobile, e-mail or reference').fill(second.reference);
  await page.getByRole('button', { name: 'Find' }).click();
  await page.getByRole('button', { name: `Merge Sunita Mali (${second.reference})` }).click();
  const confirm = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(confirm).toContainText(`Merge Sunita Mali (${second.reference}) with Sunita Mali?`);
  await confirm.getByRole('button', { name: 'Merge', exact: true }).click();
  await expect(toast(page, 'success', /^Merged: \d+ enquiries? now belong to one person\.$/)).toBeVisible();
  const others = page.getByRole('region', { name: 'Other enquiries of this person' });
  await expect(others.getByRole('link', { name: second.reference })).toBeVisible();
  await expect(page.locator('.lead-timeline')).toContainText(second.reference);

  await page.getByRole('button', { name: /^Undo merge/ }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Undo merge', exact: true }).click();
  await expect(toast(page, 'success', 'Merge undone.')).toBeVisible();
  await expect(others).toHaveCount(0);
});

test("the outcome dialog on Today: a colleague's change in between is shown with the message, and the outcome stays as chosen", async ({ page, adminApi }) => {
  const lead = await applyThroughApi(adminApi, 'Pooja Gehlot');
  await page.goto('/adminToday');
  const card = page
    .getByRole('region', { name: /^New enquiries and applications nobody has touched/ })
    .getByRole('listitem')
    .filter({ hasText: lead.reference });
  await tapWithoutLeaving(card.getByRole('link', { name: 'Call Pooja Gehlot' }));
  const dialog = page.getByRole('dialog', { name: 'What came of the call?' });
  await dialog.getByLabel('Spoke with them').check();
  await dialog.getByLabel('Note (optional)').fill('Wants the evening batch');

  const { version } = (await (await adminApi.get(`/api/admin/leads/${lead.id}`)).json()) as { version: number };
  const changed = await adminApi.post(`/api/admin/leads/${lead.id}`, { data: { action: 'follow-up', version, followUp: inDays(4) } });
  expect(changed.status(), await changed.text()).toBe(200);

  await dialog.getByRole('button', { name: 'Save outcome' }).click();
  const conflict = dialog.getByRole('alert').filter({ hasText: CONFLICT_MESSAGE });
  await expect(conflict).toBeVisible();
  await expect(conflict).toContainText(
    new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${inDays(4)}T00:00:00Z`)),
  );
  await expect(dialog.getByLabel('Spoke with them')).toBeChecked();
  await expect(dialog.getByLabel('Note (optional)')).toHaveValue('Wants the evening batch');

  await dialog.getByRole('button', { name: 'Save outcome' }).click();
  await expect(toast(page, 'success', 'Outcome recorded.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const detail = (await (await adminApi.get(`/api/admin/leads/${lead.id}`)).json()) as { status: string; timeline: { summary: string }[] };
  expect(detail.status).toBe('contacted');
  expect(detail.timeline.map((e) => e.summary).join('\n')).toContain('Wants the evening batch');
});
