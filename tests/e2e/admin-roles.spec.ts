/**
 * Staff roles in the browser, on a phone: a Counsellor signed in is offered only what the role
 * may use (no Staff, Audit log or website pages in the menu; an address of one says the role
 * does not allow it; an application's ID numbers stay masked with no Show; no export), and the
 * server refuses them all the same; an Owner changes a colleague's role in the Staff panel.
 */
import type { Page } from '@playwright/test';
import { expect, inviteColleague, panelHeading, signInFirstTime, SIGNED_OUT, test } from './admin-fixtures';
import { sendApplication } from './application-send';

/** The sidebar's links, opened from the phone's Menu button. */
async function menuLinks(page: Page) {
  await page.getByRole('button', { name: 'Menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Admin Panel' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  const links = (await nav.getByRole('link').allTextContents()).map((t) => t.trim());
  await page.keyboard.press('Escape');
  return links;
}

test.describe('a Counsellor', () => {
  test.use({ storageState: SIGNED_OUT });

  test('sees no Staff menu and no Show for an Aadhaar number; the pages and calls of other roles are refused', async ({ page, adminApi, request }) => {
    test.setTimeout(180_000);
    const applicant = await sendApplication(request);
    const counsellor = await inviteColleague(adminApi, 'Counsellor', 'counsellor');
    await signInFirstTime(page, counsellor);

    const links = await menuLinks(page);
    expect(links).toEqual(expect.arrayContaining(['Dashboard', 'Today', 'Leads', 'Security']));
    for (const hidden of ['Staff', 'Audit log', 'Courses', 'Jobs Opening', 'Update Notification']) expect(links, hidden).not.toContain(hidden);

    // The Staff page by its address: said in words, not an error.
    await page.goto('/adminStaff');
    await expect(panelHeading(page)).toHaveText('Your role does not allow this page');
    await expect(page.getByText('You are signed in as Counsellor')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);

    // The application: its ID numbers masked, and nothing offers to show them.
    const listed = await adminApi.get(`/api/admin/leads?q=${applicant.reference}`);
    const [lead] = ((await listed.json()) as { items: { _id: string }[] }).items;
    await page.goto(`/adminLeads/${lead!._id}`);
    await expect(page.getByRole('heading', { level: 1, name: applicant.name })).toBeVisible();
    const answers = page.getByRole('region', { name: 'Owner details' });
    await expect(answers).toContainText('•••• 2346');
    await expect(page.getByText('Only an Owner of the institute can show one in full.')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Show / })).toHaveCount(0);

    // The leads list offers no export.
    await page.goto('/adminLeads');
    await expect(panelHeading(page)).toHaveText('Leads');
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);

    // The server refuses them all the same, in words, and shows nothing.
    const reveal = await page.request.post(`/api/admin/applications/${lead!._id}/reveal`, { data: { field: 'aadharNo' } });
    expect(reveal.status()).toBe(403);
    expect(((await reveal.json()) as { message: string }).message).toBe('Your role (Counsellor) does not allow this.');
    const colleague = await inviteColleague(adminApi, 'Untouched', 'teacher');
    const listStaff = async () =>
      ((await (await adminApi.get('/api/admin/staff')).json()) as { items: { _id: string; email: string; status: string }[] }).items;
    const target = (await listStaff()).find((s) => s.email === colleague.email)!;
    const disable = await page.request.put(`/api/admin/staff/${target._id}`, { data: { action: 'disable' } });
    expect(disable.status()).toBe(403);
    expect((await listStaff()).find((s) => s.email === colleague.email)?.status).toBe('active');
  });
});

test('an Owner changes a colleague’s role in the Staff panel, after a confirmation; the audit log has it', async ({ page, adminApi }) => {
  test.setTimeout(120_000);
  const colleague = await inviteColleague(adminApi, 'Promoted', 'counsellor');

  await page.goto('/adminStaff');
  await expect(panelHeading(page)).toHaveText('Staff');
  const row = page.getByRole('row', { name: new RegExp(colleague.name) });
  await expect(row).toContainText('Counsellor');
  await expect(page.getByRole('checkbox', { name: 'Assign new leads to counsellors in turn' })).toBeVisible();

  await row.getByRole('button', { name: `Change role of ${colleague.name}` }).click();
  await row.getByLabel('New role').selectOption({ label: 'Accountant' });
  await row.getByRole('button', { name: 'Save role' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Make ${colleague.name} Accountant?`);
  await dialog.getByRole('button', { name: 'Change role', exact: true }).click();
  await expect(page.locator('.toast--success').filter({ hasText: `${colleague.name} is now Accountant.` })).toBeVisible();
  await expect(row).toContainText('Accountant');
  await expect(row).not.toContainText('Counsellor');

  const staff = (await (await adminApi.get('/api/admin/staff')).json()) as { items: { _id: string; email: string; role: string }[] };
  const listed = staff.items.find((s) => s.email === colleague.email)!;
  expect(listed.role).toBe('accountant');
  const audit = await adminApi.get(`/api/admin/audit?entity=staff&entityId=${listed._id}`);
  const lines = ((await audit.json()) as { items: { action: string; detail: Record<string, unknown> | null }[] }).items;
  expect(lines.find((l) => l.action === 'change-role')?.detail).toEqual({ from: 'counsellor', to: 'accountant' });
});
