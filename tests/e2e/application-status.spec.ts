/**
 * The public status page (/applicationStatus) against the real API: a NIELIT application is sent
 * the way other clients may send one (multipart, with small real files), then its applicant finds
 * it from the footer with the reference and the mobile number. A wrong pair, a malformed question
 * and too many tries get the API's own answers; the page shows nothing personal.
 */
import { randomInt } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEFAULT_RETENTION_DAYS } from '../../src/lib/retention-days';
import { NIELIT_FORM } from '../../src/lib/schemas/application-forms';
import { indiaToday } from '../../src/lib/schemas/real-day';
import { answersOf } from '../support/form-answers';
import { pdfBytes } from '../support/pdf';
import { photoBytes } from '../support/photo';
import { expectNoViolations } from './axe';
import { waitForMail } from './outbox';
import { awake, expect, recordScripts, seededPerWorker, test as base } from './fixtures';

const PHONE = { width: 360, height: 740 };

/** A made-up client address in 198.18.0.0/15, so the API's per-address limits never meet the suite. */
const clientAddress = () => `198.18.${randomInt(1, 255)}.${randomInt(1, 255)}`;

/** What an applicant keeps from a sent application. */
interface Sent {
  reference: string;
  mobile: string;
  name: string;
  email: string;
}

/** Sends a complete NIELIT application as multipart (the fields and a small file for each required document) and answers its reference. */
async function sendApplication(request: APIRequestContext): Promise<Sent> {
  const fields = answersOf('nielit');
  const name = fields['name']!;
  const mobile = fields['mobile']!;
  const jpeg = await photoBytes();
  const pdf = pdfBytes();
  const file = (slot: string, image = false) =>
    image ? { name: `${slot}.jpg`, mimeType: 'image/jpeg', buffer: jpeg } : { name: `${slot}.pdf`, mimeType: 'application/pdf', buffer: pdf };
  const res = await request.post(NIELIT_FORM.endpoint, {
    headers: { 'x-forwarded-for': clientAddress() },
    multipart: {
      ...fields,
      consent: 'true',
      ...Object.fromEntries(NIELIT_FORM.documents.filter((doc) => doc.required).map((doc) => [doc.slot, file(doc.slot, doc.imagesOnly)])),
    },
  });
  expect(res.status(), (await res.text()).slice(0, 500)).toBe(201);
  const { reference } = (await res.json()) as { reference: string };
  expect(reference).toMatch(/^NL-\d{4}-\d{5,}$/);
  return { reference, mobile, name, email: fields['email']! };
}

/**
 * One application per worker for the tests that only look it up (its status stays Submitted):
 * sent once, through the API, as the first test needs it.
 */
const test = base.extend<object, { submitted: Sent }>({ submitted: seededPerWorker(sendApplication) });

/** The status form's parts. */
const form = (page: Page) => ({
  reference: page.getByLabel('Application reference'),
  mobile: page.getByLabel('Mobile number'),
  check: page.getByRole('button', { name: 'Check status' }),
  alert: page.getByRole('alert').filter({ hasText: /\S/ }),
  answer: page.getByRole('region', { name: 'Your application', exact: true }),
});

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': clientAddress() });
});

test('the footer leads to the page; the reference and mobile number as typed show the status and what it means, nothing personal', async ({
  page,
  submitted: sent,
}) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Application Status' }).click();
  await expect(page).toHaveURL(/\/applicationStatus$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Application Status');

  const f = form(page);
  // In lower case with spaces, and the mobile number with +91 in front, as people type them.
  await f.reference.fill(` ${sent.reference.toLowerCase()} `);
  await f.mobile.fill(`+91 ${sent.mobile.slice(0, 5)} ${sent.mobile.slice(5)}`);
  await f.check.click();

  await expect(f.answer).toBeVisible();
  await expect(f.answer.getByRole('heading', { name: 'Your application', exact: true })).toBeFocused();
  await expect(f.answer.getByRole('definition')).toHaveText([
    sent.reference,
    'NIELIT admission',
    'SubmittedWe have received your application and will check your documents soon.',
    // The day it was submitted, in India's calendar (the machine's own year differs on 31 December evenings).
    new RegExp(`\\b${indiaToday().slice(0, 4)}\\b`),
  ]);
  // Neither the name nor the number appears anywhere but in the field the applicant typed it in.
  await expect(page.locator('main')).not.toContainText(sent.name);
  await expect(f.answer).not.toContainText(sent.mobile.slice(-4));
  await expect(f.alert).toHaveCount(0);
  await expectNoViolations(page, '/applicationStatus with an answer');
});

test("a wrong mobile number gets the API's answer, which says nothing of whether the reference exists; what was typed stays", async ({
  page,
  submitted: sent,
}) => {
  await page.goto('/applicationStatus');
  const f = form(page);
  await f.reference.fill(sent.reference);
  await f.mobile.fill(`8${sent.mobile.slice(1)}`);
  await f.check.click();
  const unknown = 'We found no application with this reference and mobile number. Please check both and try again.';
  await expect(f.alert).toHaveText(unknown);
  await expect(f.answer).toHaveCount(0);
  await expect(f.reference).toHaveValue(sent.reference);

  // A reference nobody was given reads the same.
  await f.reference.fill('NL-2026-99999');
  await f.check.click();
  await expect(f.alert).toHaveText(unknown);
  await expectNoViolations(page, '/applicationStatus with a failure');

  // Then the right pair: the failure goes, the answer comes.
  await f.reference.fill(sent.reference);
  await f.mobile.fill(sent.mobile);
  await f.check.click();
  await expect(f.answer).toContainText('Submitted');
  await expect(f.alert).toHaveCount(0);
});

test('the fields are checked in the browser with the messages of the API, and nothing is sent', async ({ page }) => {
  const sentRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/applications/status')) sentRequests.push(r.url());
  });
  await page.goto('/applicationStatus');
  const f = form(page);
  await f.check.click();
  await expect(page.getByText('Please enter the reference as it is in your e-mail, like EM-2026-00042.')).toBeVisible();
  await expect(page.getByText('Please enter the 10-digit mobile number you gave in the form.')).toBeVisible();
  await expect(f.reference).toHaveAttribute('aria-invalid', 'true');
  await expect(f.reference).toBeFocused();

  await f.reference.fill('12345');
  await f.mobile.fill('98290');
  await f.check.click();
  await expect(page.getByText('Please enter the reference as it is in your e-mail, like EM-2026-00042.')).toBeVisible();
  await expect(page.getByText('Please enter the 10-digit mobile number you gave in the form.')).toBeVisible();
  expect(sentRequests).toEqual([]);
});

test('too many wrong numbers for one reference: the API stops them and the page says so', async ({ page, request }) => {
  // Any well-formed reference counts wrong numbers against its own limit, whether it exists or
  // not; from many networks, since one network is stopped long before (100 an hour, limits.ts).
  const reference = `IB-2026-${String(randomInt(10_000, 1e6)).padStart(6, '0')}`;
  let last = { status: 0, message: '' };
  for (let i = 0; i < 150 && last.status !== 429; i += 1) {
    const res = await request.post('/api/applications/status', { headers: { 'x-forwarded-for': clientAddress() }, data: { reference, mobile: '9829012345' } });
    last = { status: res.status(), message: ((await res.json()) as { message: string }).message };
  }
  expect(last.status).toBe(429);

  await page.goto('/applicationStatus');
  const f = form(page);
  await f.reference.fill(reference);
  await f.mobile.fill('9829012345');
  await f.check.click();
  await expect(f.alert).toHaveText(last.message);
  await expect(f.check).toBeEnabled();
});

test('the page downloads no React until the form is used', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/applicationStatus');
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((url) => /\/_astro\/(client\.|react|ApplicationStatusForm)/.test(url))).toEqual([]);
  await form(page).reference.focus();
  await awake(page, 'ApplicationStatusForm');
});

test('the privacy policy says how application documents and ID numbers are kept, for how long, and how to have them deleted', async ({ page }) => {
  await page.goto('/privacy');
  const section = page.locator('.legal__prose');
  await expect(page.getByRole('heading', { level: 2, name: 'Application documents and ID numbers' })).toBeVisible();
  // RETENTION_DAYS is unset for the test build: the default.
  await expect(section).toContainText(`we delete your documents and ID numbers ${DEFAULT_RETENTION_DAYS} days after your application is approved or rejected`);
  await expect(section).toContainText('encrypted');
  await expect(section).toContainText('quoting your application reference');
  await expect(section).not.toContainText('{days}');
  await section.getByRole('link', { name: 'Application Status' }).click();
  await expect(page).toHaveURL(/\/applicationStatus$/);
});

test('the status link of the confirmation e-mail shows the status at once, without the mobile number, and leaves the address bar', async ({
  page,
  submitted: sent,
}) => {
  const { found } = await waitForMail(sent.email, /(\/applicationStatus#reference=[A-Z0-9-]+&key=[A-Za-z0-9_-]+)/);
  await page.goto(found[1]!);
  const f = form(page);
  // No touch needed: the page wakes for the link, and the answer takes the focus.
  await expect(f.answer).toBeVisible();
  await expect(f.answer.getByRole('heading', { name: 'Your application', exact: true })).toBeFocused();
  await expect(f.answer.getByRole('definition').first()).toHaveText(sent.reference);
  await expect(page).toHaveURL(/\/applicationStatus$/);
  await expect(f.mobile).toHaveValue('');
});
