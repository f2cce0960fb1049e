/**
 * One person, one status, on a 360 px phone: a person enquires (the Apply dialog's endpoint),
 * staff speak to them (Contacted, follow-up today) and they enquire again (the contact page's
 * endpoint). Today lists them once under Follow-ups due and their new enquiry under Enquired
 * again, both Contacted; admitted from the lead's page, they leave Follow-ups due, Enquired
 * again and the inbox's follow-up filter.
 */
import type { APIRequestContext } from '@playwright/test';
import { indiaToday } from '../../src/lib/schemas/lead';
import { clientAddress, expect, panelHeading, test } from './admin-fixtures';

/** A mobile number no other test uses. */
const uniquePhone = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
/** A word no other test uses. */
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A name no other test uses (letters only: names allow no digits). */
const uniqueName = () => `Sunita Sharma ${unique().replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;

/** The person's leads as the inbox gives them (newest first). */
async function leadsOf(api: APIRequestContext, phone: string) {
  const found = await api.get(`/api/admin/leads?q=${phone}`);
  expect(found.status(), await found.text()).toBe(200);
  return ((await found.json()) as { items: { _id: string; reference: string; version: number; status: string }[] }).items;
}

test('a person who enquires twice and is admitted disappears from every follow-up list', async ({ page, adminApi }) => {
  test.setTimeout(120_000);
  expect(page.viewportSize()?.width).toBe(360);
  const phone = uniquePhone();
  const name = uniqueName();
  const email = `sunita-${unique()}@example.in`;
  const headers = { 'x-forwarded-for': clientAddress() };

  const applied = await adminApi.post('/api/apply', {
    data: { name, email, phone, department: 'dl', course: 'RS-CIT (Basic)', consent: true, website: '', age: 'adult' },
    headers,
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const [first] = await leadsOf(adminApi, phone);
  const called = await adminApi.post(`/api/admin/leads/${first!._id}`, {
    data: { action: 'contact', version: first!.version, channel: 'call', outcome: 'reached', next: { status: 'contacted', followUp: indiaToday() } },
  });
  expect(called.status(), await called.text()).toBe(200);
  const wrote = await adminApi.post('/api/contact', {
    data: { name, email, phone, subject: 'Evening batch', message: 'Is there an evening batch for RS-CIT?', website: '', age: 'adult' },
    headers: { 'x-forwarded-for': clientAddress() },
  });
  expect(wrote.status(), await wrote.text()).toBe(201);
  const both = await leadsOf(adminApi, phone);
  expect(both.map((l) => l.status)).toEqual(['contacted', 'contacted']);
  const [second] = both;

  // Today: once under Follow-ups due, and the new enquiry under Enquired again, not untouched.
  await page.goto('/adminToday');
  await expect(panelHeading(page)).toHaveText('Today');
  const due = page.getByRole('region', { name: /^Follow-ups due/ });
  const again = page.getByRole('region', { name: /^Enquired again/ });
  const untouched = page.getByRole('region', { name: /^New enquiries and applications nobody has touched/ });
  const dueCards = due.getByRole('listitem').filter({ hasText: name });
  await expect(dueCards).toHaveCount(1);
  await expect(dueCards).toContainText('Contacted');
  await expect(dueCards).toContainText('2 enquiries');
  const againCard = again.getByRole('listitem').filter({ hasText: second!.reference });
  await expect(againCard).toContainText('Contacted');
  await expect(againCard).toContainText(/Enquired again \d+ (minute|hour)s? ago/);
  await expect(untouched.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);

  // Admitted from the lead's page.
  await againCard.getByRole('link', { name: `Open ${name}` }).click();
  await expect(panelHeading(page)).toHaveText(name);
  await page
    .locator('summary')
    .filter({ hasText: /^Admit$/ })
    .click();
  await page.getByLabel('Course joined').fill('RS-CIT (Basic)');
  await page.getByRole('button', { name: 'Admit and create the student record' }).click();
  await expect(page.locator('.toast--success').filter({ hasText: 'Admitted: student record created.' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Status' }).locator('[aria-current="step"]')).toHaveText('Admitted');
  expect((await leadsOf(adminApi, phone)).map((l) => l.status)).toEqual(['admitted', 'admitted']);

  // Gone from every follow-up list: Today's, and the inbox filtered by follow-up.
  await page.goto('/adminToday');
  await expect(due.getByRole('heading', { level: 2 })).toBeVisible();
  await expect(due.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);
  await expect(again.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);
  await expect(untouched.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);
  for (const filter of ['today', 'overdue', 'week']) {
    const listed = await adminApi.get(`/api/admin/leads?due=${filter}&q=${phone}`);
    expect(((await listed.json()) as { items: unknown[] }).items, filter).toEqual([]);
  }
  await page.goto(`/adminLeads?due=today&q=${phone}`);
  await expect(page.getByText(name)).toHaveCount(0);
  // Nothing to scroll sideways on the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});
