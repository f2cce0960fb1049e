/**
 * Where a lead came from, end to end on a phone: a visitor lands from a Facebook advertisement
 * (UTM parameters in the address), goes to another page, and applies through the Apply Now
 * dialog; the application carries the first page and the campaign, and the staff dashboard counts
 * the lead under Facebook. Runs with the admin specs for the staff API (the demo admin's cookie).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './admin-fixtures';
import { answerAdult } from './fixtures';

type Source = { source: string; leads: number; admitted: number };

/** The dashboard's leads from `source` in the last 30 days, as the API gives them to staff. */
async function leadsFrom(api: import('@playwright/test').APIRequestContext, source: string): Promise<number> {
  const figures = (await (await api.get('/api/admin/dashboard')).json()) as { leadsBySource: Source[] };
  return figures.leadsBySource.find((row) => row.source === source)?.leads ?? 0;
}

/** Fills the Apply Now dialog with a made-up applicant. */
async function fillApplication(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name: 'Get Started' });
  await expect(dialog).toBeVisible();
  await answerAdult(dialog);
  await dialog.getByLabel('Full name', { exact: true }).fill(name);
  await dialog.getByLabel('E-mail', { exact: true }).fill(`sources.${Date.now()}@example.in`);
  await dialog.getByLabel('Mobile number', { exact: true }).fill(`9${String(Date.now()).slice(-9)}`);
  await dialog.getByLabel('Department', { exact: true }).selectOption('dl');
  await dialog.getByLabel('Course', { exact: true }).selectOption('RS-CIT (Basic)');
  await dialog.getByRole('checkbox').check();
  return dialog;
}

test('a visit from a Facebook advertisement is recorded with the application and counted under facebook on the dashboard', async ({ page, adminApi }) => {
  const before = await leadsFrom(adminApi, 'facebook');

  await page.goto('/about?utm_source=facebook&utm_medium=cpc&utm_campaign=admissions');
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('visit'))).not.toBeNull();
  await page.goto('/courseDetail');
  await page.getByRole('link', { name: 'Apply Now' }).first().click();
  const dialog = await fillApplication(page, 'Kavita Facebook');

  const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/apply'));
  await dialog.getByRole('button', { name: 'Enroll Now' }).click();
  expect((await sent).postDataJSON().attribution).toEqual({ landingPage: '/about', utmSource: 'facebook', utmMedium: 'cpc', utmCampaign: 'admissions' });
  await expect(page.getByText(/Thank you, Kavita Facebook! .*reference AP-\d{4}-\d{5}/)).toBeVisible();

  // Stored with the lead: the dashboard, counted in the database, has one more lead from facebook.
  await expect.poll(() => leadsFrom(adminApi, 'facebook')).toBe(before + 1);
  // The later page changed nothing of the visit.
  expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('visit'))) ?? '{}')).toMatchObject({ landingPage: '/about', utmSource: 'facebook' });
});

test('the staff pages record no visit', async ({ page }) => {
  await page.goto('/adminLogin?utm_source=facebook');
  await page.waitForLoadState('load');
  expect(await page.evaluate(() => sessionStorage.getItem('visit'))).toBeNull();
});
