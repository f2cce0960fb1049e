/**
 * The whole way of a document asked for again, on a phone: an applicant sends the IIBF form, staff
 * ask for two of its documents again (the API, as the lead's page does), and the applicant opens
 * the mailed /fixDocuments link, uploads just those two (the real policies, storage and checks,
 * under the link's token) and sends them; the application is back to Submitted with the new
 * files. Runs in the admin project, whose requests carry the demo admin's session.
 */
import { expectNoViolations } from './axe';
import { expect, test } from './admin-fixtures';
import { applicant, fillAll, openForm, pdf, slot, smallPhoto, upload } from './application-fill';
import { mailTo } from './outbox';

test('documents asked again are uploaded through the mailed link, and the application is Submitted again', async ({ page, adminApi }) => {
  test.setTimeout(240_000);
  const person = applicant('fix');
  await openForm(page, 'iibf');
  await fillAll(page, 'iibf', person);
  await page.getByRole('button', { name: 'Submit' }).click();
  const success = page.getByRole('status').filter({ hasText: 'Application submitted successfully!' });
  await expect(success).toBeVisible({ timeout: 30_000 });
  const reference = /IB-\d{4}-\d{5,}/.exec((await success.textContent()) ?? '')![0];

  // Staff ask for the PAN card and the photo again.
  const listed = await adminApi.get(`/api/admin/leads?q=${reference}`);
  expect(listed.status(), await listed.text()).toBe(200);
  const [lead] = ((await listed.json()) as { items: { _id: string; version: number }[] }).items;
  const asked = await adminApi.post(`/api/admin/leads/${lead!._id}`, {
    data: {
      action: 'move',
      version: lead!.version,
      next: { status: 'documents-to-fix', slots: ['panCard', 'photo'], note: 'The PAN card is cut off; the photo is too dark.' },
    },
  });
  expect(asked.status(), await asked.text()).toBe(200);

  const mail = await mailTo(person.email, /fixDocuments#/);
  const link = /https?:\/\/\S+\/fixDocuments#[A-Za-z0-9_-]{20,}/.exec(mail)![0];
  await page.goto(new URL(link).pathname + new URL(link).hash);
  await expect(page.getByText(`Application ${reference} (IIBF application)`)).toBeVisible();
  await expect(page.getByText('The PAN card is cut off; the photo is too dark.')).toBeVisible();
  await expect(page.getByRole('group', { name: /^(PAN card|Photo)$/ })).toHaveCount(2);
  await expect(page.getByRole('group', { name: 'Aadhaar card' })).toHaveCount(0);
  await expectNoViolations(page, '/fixDocuments from the mailed link');

  await upload(page, 'PAN card', pdf('pan-again.pdf', 'PAN card, whole'));
  await upload(page, 'Photo', await smallPhoto('photo-again.jpg'));
  await expect(slot(page, 'Photo').getByRole('img', { name: 'Preview of the photo' })).toBeVisible();
  await page.getByRole('button', { name: 'Send the documents' }).click();
  await expect(page.getByText('Thank you. We have received your documents and will check them soon.')).toBeVisible();
  expect(new URL(page.url()).hash, 'the token leaves the address').toBe('');

  // Back to Submitted, with the new files in the two slots.
  const detail = (await (await adminApi.get(`/api/admin/leads/${lead!._id}`)).json()) as {
    status: string;
    application: { documents: { slot: string; fileName: string | null; state: string }[] };
  };
  expect(detail.status).toBe('submitted');
  const bySlot = Object.fromEntries(detail.application.documents.map((d) => [d.slot, d]));
  expect(bySlot['panCard']).toMatchObject({ fileName: 'pan-again.pdf', state: 'replaced' });
  expect(bySlot['photo']).toMatchObject({ fileName: 'photo-again.jpg', state: 'replaced' });
  expect(bySlot['aadhaarCard']).toMatchObject({ state: 'received' });

  // The link is spent (opened again, as from the mail: a new page).
  await page.goto('about:blank');
  await page.goto(new URL(link).pathname + new URL(link).hash);
  await expect(page.getByRole('alert')).toContainText('This link has expired or was already used.');
});
