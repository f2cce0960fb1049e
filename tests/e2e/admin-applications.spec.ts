/**
 * An application form's lead in the staff inbox, on a 360 px phone: a kiosk (e-Mitra) application
 * sent through the real endpoints (each file uploaded under its own policy, then the form) is
 * found on Today, opened, its documents checked in the viewer (a photo zoomed, a PDF in a frame,
 * both from blob: URLs, each view an audit line), an ID number shown in full on purpose (an audit
 * line), two documents asked for again (the applicant's mail with a working link), then Verified
 * → Forwarded with the portal's reference → Approved. axe on the page and the viewer.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { clientAddress, expect, test } from './admin-fixtures';
import { sendApplication } from './application-send';
import { expectNoViolations } from './axe';
import { fixLinkFor } from './outbox';

/** A toast's text (src/components/islands/ToastHost.tsx). */
const toast = (page: Page, text: string | RegExp) => page.locator('.toast--success').filter({ hasText: text });
/** Opens a folded part of a lead's page by its title. */
const openPart = (page: Page, title: string) =>
  page
    .locator('summary')
    .filter({ hasText: new RegExp(`^${title}$`) })
    .click();

/** The audit lines about application `id` (GET /api/admin/audit as the demo admin). */
async function auditOf(api: APIRequestContext, id: string): Promise<{ action: string; detail: Record<string, unknown> | null }[]> {
  const res = await api.get(`/api/admin/audit?entity=application&entityId=${id}`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { items: { action: string; detail: Record<string, unknown> | null }[] }).items;
}

test('an application is reviewed on a phone: documents viewed, an ID number shown, two documents asked again, then forwarded and approved', async ({
  page,
  request,
  adminApi,
}) => {
  test.setTimeout(180_000);
  // The page's CSP must let the viewer show blob: images and frames: any refusal fails the test.
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  const applicant = await sendApplication(request);

  // Today: among the new enquiries and applications nobody has touched.
  await page.goto('/adminToday');
  const card = page
    .getByRole('region', { name: /^New enquiries and applications nobody has touched/ })
    .getByRole('listitem')
    .filter({ hasText: applicant.reference });
  await expect(card).toContainText('Sent the Kiosk (e-Mitra) registration form');
  await expect(card).toContainText('Submitted');
  await card.getByRole('link', { name: `Open ${applicant.name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: applicant.name })).toBeVisible();
  const id = /\/adminLeads\/(\d+)/.exec(page.url())![1]!;

  // Where it stands: the application pipeline.
  const pipeline = page.getByRole('list', { name: 'Pipeline' });
  await expect(pipeline.locator('[aria-current="step"]')).toHaveText('Submitted');
  await expect(page.getByText('Next: Documents to fix, Verified or Rejected.')).toBeVisible();

  // The documents' checklist.
  const documents = page.getByRole('list', { name: 'Documents' });
  await expect(page.getByText('7 of 7 required documents received.')).toBeVisible();
  const photoItem = documents.getByRole('listitem').filter({ hasText: 'Applicant photo' });
  await expect(photoItem).toContainText('Received');
  await expect(photoItem).toContainText('applicantPhoto.jpg · JPEG');
  await expect(documents.getByRole('listitem').filter({ hasText: 'Rent agreement' })).toContainText('Missing');
  await expectNoViolations(page, "an application's page");

  // The photo in the viewer, zoomed; Escape gives the focus back to View.
  const viewPhoto = photoItem.getByRole('button', { name: 'View Applicant photo' });
  await viewPhoto.click();
  const viewer = page.getByRole('dialog', { name: 'Applicant photo' });
  const picture = viewer.getByRole('img', { name: 'Applicant photo' });
  await expect(picture).toBeVisible();
  expect(await picture.getAttribute('src')).toMatch(/^blob:/);
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await expect(viewer.getByText('150 %')).toBeVisible();
  const zoomed = await picture.evaluate((img) => img.getBoundingClientRect().width);
  const frame = await viewer.getByRole('region', { name: /Applicant photo, zoom 150 %/ }).evaluate((el) => el.clientWidth);
  expect(zoomed).toBeGreaterThan(frame);
  await expect(viewer.getByRole('link', { name: 'Download Applicant photo' })).toHaveAttribute('download', 'applicant-photo.jpg');
  await expectNoViolations(page, 'the document viewer');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(viewPhoto).toBeFocused();

  // A PDF inline in a frame of its own.
  await documents.getByRole('button', { name: 'View Marksheet' }).click();
  const pdfViewer = page.getByRole('dialog', { name: 'Marksheet' });
  const pdfFrame = pdfViewer.locator('iframe[title="Marksheet (PDF)"]');
  await expect(pdfFrame).toBeVisible();
  expect(await pdfFrame.getAttribute('src')).toMatch(/^blob:/);
  // The PDF viewer took the focus as it loaded: it is given back, so Escape still closes.
  await expect(pdfViewer.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(pdfViewer).toBeHidden();
  expect(refused, 'CSP refusals while viewing documents').toEqual([]);

  // An ID number: masked, shown on purpose, hidden again.
  const answers = page.getByRole('region', { name: 'Owner details' });
  await expect(answers).toContainText('•••• 2346');
  await expect(answers).not.toContainText('234123412346');
  await answers.getByRole('button', { name: 'Show Aadhaar number' }).click();
  await expect(answers).toContainText('234123412346');
  await answers.getByRole('button', { name: 'Hide Aadhaar number' }).click();
  await expect(answers).not.toContainText('234123412346');

  // Each view is in the audit log: two documents, one number.
  await expect
    .poll(async () => (await auditOf(adminApi, id)).map((line) => `${line.action} ${String(line.detail?.['slot'] ?? line.detail?.['field'])}`).sort())
    .toEqual(['reveal aadharNo', 'view-document applicantPhoto', 'view-document marksheet']);

  // Two documents asked for again, with a note: the applicant gets the link.
  await openPart(page, 'Change status');
  const move = page.locator('details').filter({ hasText: /^Change status/ });
  await move.getByLabel('Status').selectOption('documents-to-fix');
  await move.getByRole('checkbox', { name: 'PAN card copy' }).check();
  await move.getByRole('checkbox', { name: 'Applicant photo' }).check();
  await move.getByLabel(/What needs to change/).fill('The PAN card is cut off; the photo is too dark.');
  await move.getByRole('button', { name: 'Change status' }).click();
  await expect(toast(page, /Status changed to Documents to fix: the applicant is e-mailed a link/)).toBeVisible();
  await expect(pipeline.locator('[aria-current="step"]')).toHaveText('Documents to fix');
  await expect(documents.getByRole('listitem').filter({ hasText: 'PAN card copy' })).toContainText('Asked again');
  await expect(documents.getByRole('listitem').filter({ hasText: 'Applicant photo' })).toContainText('Asked again');
  await expect(page.getByText('5 of 7 required documents received: the others are missing or asked again.')).toBeVisible();

  const { link, mail } = await fixLinkFor(applicant.email);
  expect(mail).toContain(`Subject: Please upload documents again: ${applicant.reference}`);
  expect(mail).toContain('- Applicant photo\n- PAN card copy');
  expect(mail).toContain('The PAN card is cut off; the photo is too dark.');
  // The link opens exactly those two documents.
  const token = new URL(link).hash.slice(1);
  const opened = await request.post('/api/applications/fix/open', { data: { token }, headers: { 'x-forwarded-for': clientAddress() } });
  expect(opened.status()).toBe(200);
  expect(((await opened.json()) as { documents: { slot: string }[] }).documents.map((d) => d.slot).sort()).toEqual(['applicantPhoto', 'panCardCopy']);
  // Verified → Forwarded with the portal's reference → Approved (the section stays open after a save).
  await expect(move).toHaveAttribute('open', '');
  await move.getByLabel('Status').selectOption('verified');
  await move.getByRole('button', { name: 'Change status' }).click();
  await expect(pipeline.locator('[aria-current="step"]')).toHaveText('Verified');
  // By now the mail has gone, and the timeline says so.
  await expect(page.locator('.lead-timeline')).toContainText(`E-mailed the applicant: Please upload documents again: ${applicant.reference}.`);

  await move.getByLabel('Status').selectOption('forwarded');
  await move.getByRole('button', { name: 'Change status' }).click();
  await expect(move.getByText("Please enter the portal's reference.")).toBeVisible();
  await move.getByLabel("The portal's reference").fill('RJ-KIOSK-2026-4471');
  await move.getByRole('button', { name: 'Change status' }).click();
  await expect(pipeline.locator('[aria-current="step"]')).toHaveText('Forwarded');
  await expect(page.getByRole('region', { name: 'Application' })).toContainText('RJ-KIOSK-2026-4471');

  await move.getByLabel('Status').selectOption('approved');
  await move.getByRole('button', { name: 'Change status' }).click();
  await expect(pipeline.locator('[aria-current="step"]')).toHaveText('Approved');
  await expect(page.getByText('Approved: this application is closed.')).toBeVisible();
  await expect(page.locator('.lead-timeline')).toContainText('Status: Verified → Forwarded; portal reference RJ-KIOSK-2026-4471.');
  // The toasts gone (one fading out is not what is being checked).
  await expect(page.locator('.toast')).toHaveCount(0);
  await expectNoViolations(page, 'an approved application');
});

test('the leads list filters by application form and by the application pipeline', async ({ page, request }) => {
  // Eight uploads and a form through the API first: slow on a busy machine.
  test.setTimeout(150_000);
  const applicant = await sendApplication(request);
  await page.goto('/adminLeads');
  const filters = page.getByRole('search', { name: 'Find leads' });
  await filters
    .locator('summary')
    .filter({ hasText: /^Filters/ })
    .click();
  await filters.getByLabel('Kind').selectOption({ label: 'Kiosk (e-Mitra) registration' });
  const status = filters.getByLabel('Status', { exact: true });
  await expect(status.locator('optgroup[label="Application forms"] option')).toHaveText([
    'Submitted',
    'Documents to fix',
    'Verified',
    'Forwarded',
    'Approved',
    'Rejected',
  ]);
  await expect(status.locator('optgroup[label="Enquiries"] option')).toHaveText(['New', 'Contacted', 'Interested (visit booked)', 'Admitted', 'Lost']);
  await status.selectOption('submitted');
  await filters.getByLabel('Search by name, phone, e-mail or reference').fill(applicant.reference);
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/kind=emitra/);
  await expect(page).toHaveURL(/status=submitted/);
  const item = page.getByRole('listitem').filter({ hasText: applicant.reference });
  await expect(item).toContainText('Kiosk (e-Mitra) registration');
  await expect(item).toContainText('Submitted');
  await expect(item).toContainText('Kiosk registration form');
});
